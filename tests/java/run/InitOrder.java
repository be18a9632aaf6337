// Exercises object/class initialization order: static blocks and static field initializers
// in textual order, superclass static init first, instance initializer blocks and field
// initializers before constructor body, constructor chaining with this(...), and a
// superclass constructor calling an overridden method that sees default field values.
public class InitOrder {
    static StringBuilder log = new StringBuilder();

    static void log(String s) { System.out.println(s); }

    static class A {
        static int sa = init("A.static field");
        static { log("A.static block"); }
        int ia = init("A.instance field");
        { log("A.instance block"); }

        A() {
            this("default");
            log("A() body");
        }

        A(String s) {
            log("A(String) body " + s);
            show();
        }

        void show() { log("A.show"); }
    }

    static class B extends A {
        static { log("B.static block 1"); }
        static int sb = init("B.static field");
        static { log("B.static block 2, sb=" + sb); }
        int x = 42;
        String str = "set";
        final int fin;
        { log("B.instance block, x=" + x); }

        B() {
            super();
            fin = 7;
            log("B() body x=" + x + " str=" + str + " fin=" + fin);
        }

        B(int v) {
            this();
            x = v;
            log("B(int) body x=" + x);
        }

        @Override void show() { log("B.show sees x=" + x + " str=" + str + " fin=" + fin); }
    }

    static int init(String s) {
        log(s);
        return s.length();
    }

    static class Counter {
        static int count;
        final int id;
        { count++; }
        Counter() { id = count; }
    }

    public static void main(String[] args) {
        log("main start");
        new B();
        log("--- second");
        new B(99);
        log("--- A only");
        new A("direct");
        Counter c1 = new Counter(), c2 = new Counter(), c3 = new Counter();
        log("counter ids " + c1.id + c2.id + c3.id + " count " + Counter.count);
        log("done");
    }
}
