// Exercises autoboxing/unboxing and the Integer/Long/Character/Boolean valueOf caches:
// == on boxed values inside and outside -128..127, equals across types, unboxing null.
public class BoxingCache {
    static Object box(int x) { return x; }

    public static void main(String[] args) {
        Integer a = 127, b = 127;
        Integer c = 128, d = 128;
        Integer e = -128, f = -128;
        Integer g = -129, h = -129;
        System.out.println("127==127 " + (a == b) + ", 128==128 " + (c == d) + ", -128 " + (e == f) + ", -129 " + (g == h));
        System.out.println("128 equals " + c.equals(d) + ", intValue== " + (c.intValue() == d.intValue()));
        Integer n1 = new Integer(5), n2 = new Integer(5);
        System.out.println("new Integer == " + (n1 == n2) + ", equals " + n1.equals(n2));
        Long l1 = 100L, l2 = 100L, l3 = 1000L, l4 = 1000L;
        System.out.println("Long 100 " + (l1 == l2) + ", Long 1000 " + (l3 == l4));
        Character ch1 = 'a', ch2 = 'a';
        System.out.println("Character cached " + (ch1 == ch2));
        Boolean t1 = true, t2 = Boolean.valueOf("true");
        System.out.println("Boolean same " + (t1 == t2));
        Short s1 = 10, s2 = 10;
        Byte b1 = 10, b2 = 10;
        System.out.println("Short " + (s1 == s2) + " Byte " + (b1 == b2));
        Long lx = 10L;
        Integer ix = 10;
        System.out.println("Long(10).equals(Integer 10) " + lx.equals(ix) + ", Long.equals(10L) " + lx.equals(10L));
        System.out.println("mixed == unboxes: " + (lx == 10) + " " + (ix == 10L));
        Object o = box(42);
        System.out.println("boxed class " + o.getClass().getName());
        Integer sum = 0;
        for (int i = 0; i < 100; i++) sum += i;
        System.out.println("boxed sum " + sum);
        Integer nul = null;
        try {
            int x = nul;
            System.out.println("unreachable " + x);
        } catch (NullPointerException ex) {
            System.out.println("unboxing null -> " + ex.getClass().getName());
        }
        Double dd = 0.0, dn = -0.0;
        System.out.println("Double(0.0).equals(-0.0) " + dd.equals(dn) + ", == prim " + (dd.doubleValue() == dn.doubleValue()));
        Object cond = true ? 1 : "s";
        System.out.println("conditional boxing: " + cond.getClass().getSimpleName());
        Object num = true ? Integer.valueOf(1) : Double.valueOf(2.0);
        System.out.println("numeric promotion in ternary: " + num);
        System.out.println("compareTo " + Integer.valueOf(3).compareTo(7) + " " + Character.valueOf('b').compareTo('a'));
        System.out.println("Integer.valueOf(127)==Integer.valueOf(127) " + (Integer.valueOf(127) == Integer.valueOf(127)));
        System.out.println("Integer.valueOf(1000)==Integer.valueOf(1000) " + (Integer.valueOf(1000) == Integer.valueOf(1000)));
        System.out.println("done");
    }
}
