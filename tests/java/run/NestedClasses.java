// Exercises nested classes: static nested, inner classes accessing outer instance fields
// (Outer.this), inner class of inner class, anonymous classes capturing effectively-final
// locals and outer fields, local classes, private member access between nested/outer,
// and shadowing of fields.
import java.util.*;

public class NestedClasses {
    private int value = 10;
    private static int staticValue = 100;
    private String name;

    NestedClasses(String name) { this.name = name; }

    class Inner {
        int value = 20;
        String show() {
            int value = 30;
            return "local " + value + " inner " + this.value + " outer " + NestedClasses.this.value + " name " + name;
        }
        class Deeper {
            String show() { return "deeper sees " + value + " and " + NestedClasses.this.value; }
        }
    }

    static class StaticNested {
        private int secret = 7;
        String show() { return "static nested sees " + staticValue; }
    }

    interface Op { int apply(int x); }

    Op makeAdder(int n) {
        int base = n * 2;
        return new Op() {
            int calls = 0;
            public int apply(int x) {
                calls++;
                value++;
                return x + base + calls;
            }
        };
    }

    List<String> localClassDemo(String prefix) {
        class Tagger {
            final String tag;
            Tagger(String t) { tag = t; }
            String tag(String s) { return prefix + tag + ":" + s + "@" + name; }
        }
        List<String> out = new ArrayList<>();
        for (String s : new String[]{"a", "b"}) out.add(new Tagger("T").tag(s));
        return out;
    }

    public static void main(String[] args) {
        NestedClasses outer = new NestedClasses("outer1");
        NestedClasses.Inner in = outer.new Inner();
        System.out.println(in.show());
        NestedClasses.Inner.Deeper d = in.new Deeper();
        System.out.println(d.show());
        StaticNested sn = new StaticNested();
        System.out.println(sn.show() + ", secret " + sn.secret);
        Op op = outer.makeAdder(5);
        System.out.println(op.apply(1) + " " + op.apply(1) + " " + op.apply(100));
        System.out.println("outer value after adder calls " + outer.value);
        System.out.println(outer.localClassDemo(">"));
        NestedClasses other = new NestedClasses("outer2");
        Inner in2 = other.new Inner();
        other.value = 99;
        System.out.println(in2.show());
        int[] counter = {0};
        Runnable r = () -> counter[0] += 5;
        r.run();
        r.run();
        System.out.println("counter " + counter[0]);
        Comparator<String> byLen = new Comparator<String>() {
            @Override public int compare(String a, String b) { return Integer.compare(a.length(), b.length()); }
        };
        List<String> ws = new ArrayList<>(List.of("ccc", "a", "bb"));
        ws.sort(byLen);
        System.out.println(ws);
        System.out.println("names: " + Inner.class.getName() + " " + Inner.Deeper.class.getName() + " " + StaticNested.class.getSimpleName());
        System.out.println("anon class name " + op.getClass().getName());
        System.out.println("done");
    }
}
