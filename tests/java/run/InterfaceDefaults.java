// Exercises interfaces: default methods, static interface methods, private interface
// methods, diamond default resolution with explicit X.super.m(), interface constants,
// abstract class implementing interface partially, functional interface implemented by class.
public class InterfaceDefaults {
    interface Greeter {
        String PREFIX = "Hello";
        String name();
        default String greet() { return PREFIX + ", " + decorate(name()); }
        private String decorate(String s) { return "<" + s + ">"; }
        static Greeter of(String n) { return () -> n; }
    }

    interface Left { default String who() { return "Left"; } }
    interface Right { default String who() { return "Right"; } }

    static class Both implements Left, Right {
        public String who() { return "Both(" + Left.super.who() + "+" + Right.super.who() + ")"; }
    }

    interface Base { default String id() { return "Base"; } }
    interface Derived extends Base { default String id() { return "Derived>" + Base.super.id(); } }
    static class Impl implements Base, Derived { }

    static class Parent { public String id() { return "ParentClass"; } }
    static class ClassWins extends Parent implements Derived { }

    interface Counter {
        int next();
        default int skip(int n) { int v = 0; for (int i = 0; i < n; i++) v = next(); return v; }
    }

    static abstract class AbstractCounter implements Counter {
        protected int value;
        public String toString() { return "counter@" + value; }
    }

    static class ByTwo extends AbstractCounter { public int next() { value += 2; return value; } }

    interface Constants { int A = 1; int B = A + 10; String S = "s" + B; }
    static class UsesConstants implements Constants { int sum() { return A + B; } }

    static class Person implements Greeter {
        public String name() { return "Ada"; }
        public String greet() { return Greeter.super.greet() + "!"; }
    }

    public static void main(String[] args) {
        System.out.println(Greeter.of("world").greet());
        System.out.println(new Person().greet());
        System.out.println(new Both().who());
        System.out.println(new Impl().id());
        System.out.println(new ClassWins().id());
        Counter c = new ByTwo();
        System.out.println(c.next() + " " + c.skip(3) + " " + c);
        System.out.println(new UsesConstants().sum() + " " + Constants.S + " " + UsesConstants.B);
        Left l = new Both();
        Right r = (Right) l;
        System.out.println(l.who() + " == " + r.who());
        Runnable run = new Runnable() {
            public void run() { System.out.println("anon runnable, prefix=" + Greeter.PREFIX); }
        };
        run.run();
        Comparable<String> cmp = "m"::compareTo;
        System.out.println("cmp " + cmp.compareTo("a") + " " + cmp.compareTo("z"));
        System.out.println("is interface " + Greeter.class.isInterface() + " " + Both.class.isInterface());
        System.out.println("done");
    }
}
