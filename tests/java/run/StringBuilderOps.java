// Exercises StringBuilder: append of all types, insert, reverse (including surrogate pairs),
// deleteCharAt, delete, setCharAt, replace, indexOf, charAt, setLength, capacity growth,
// chaining, and StringIndexOutOfBoundsException messages.
public class StringBuilderOps {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(1).append('-').append(2L).append('-').append(3.5f).append('-').append(4.25).append('-').append(true).append('-').append((Object) null).append('-').append(new char[]{'x', 'y'});
        System.out.println(sb + " len " + sb.length());
        sb.insert(0, "[").insert(sb.length(), ']').insert(3, 99);
        System.out.println(sb);
        sb.reverse();
        System.out.println("reversed " + sb);
        sb.reverse();
        sb.deleteCharAt(0).deleteCharAt(sb.length() - 1);
        System.out.println("deleteCharAt " + sb);
        sb.delete(2, 6);
        System.out.println("delete " + sb);
        sb.setCharAt(0, 'Z');
        System.out.println("setCharAt " + sb);
        sb.replace(1, 4, "REPLACED");
        System.out.println("replace " + sb);
        System.out.println("indexOf " + sb.indexOf("-") + " lastIndexOf " + sb.lastIndexOf("-") + " charAt(2) " + sb.charAt(2));
        sb.setLength(5);
        System.out.println("setLength(5) '" + sb + "'");
        sb.setLength(7);
        System.out.println("setLength(7) len " + sb.length() + " last char code " + (int) sb.charAt(6));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 1000; i++) big.append(i % 10);
        System.out.println("big len " + big.length() + " substring " + big.substring(995) + " sub(10,15) " + big.substring(10, 15));
        StringBuilder pal = new StringBuilder("racecar");
        System.out.println("palindrome " + pal.toString().equals(pal.reverse().toString()));
        StringBuilder emoji = new StringBuilder("ab\uD83D\uDE00c");
        System.out.println("reverse keeps surrogate pair: " + emoji.reverse() + " len " + emoji.length());
        try {
            sb.charAt(100);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("charAt: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        try {
            sb.deleteCharAt(-1);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("deleteCharAt: " + e.getMessage());
        }
        try {
            sb.insert(50, "x");
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("insert: " + e.getMessage());
        }
        StringBuilder cmp1 = new StringBuilder("abc"), cmp2 = new StringBuilder("abd");
        System.out.println("compareTo " + cmp1.compareTo(cmp2) + " equals (identity) " + cmp1.equals(new StringBuilder("abc")));
        StringBuffer buf = new StringBuffer("sync");
        buf.append(42).insert(0, '>').reverse();
        System.out.println("StringBuffer " + buf);
        sb = new StringBuilder("hello world");
        sb.appendCodePoint(0x1F600).append("!");
        System.out.println(sb + " codePoints " + sb.codePointCount(0, sb.length()));
        CharSequence cs = sb.subSequence(0, 5);
        System.out.println("subSequence " + cs + " chars " + sb.chars().filter(ch -> ch == 'o').count());
        System.out.println("done");
    }
}
