// Exercises exceptions thrown from static initializers: the first use gives
// ExceptionInInitializerError (with the original exception as cause), later uses give
// NoClassDefFoundError "Could not initialize class ...", other classes are unaffected.
public class StaticInitFailure {
    static class Bad {
        static int value = compute();
        static int compute() {
            System.out.println("Bad.<clinit> running");
            throw new IllegalStateException("boom in clinit");
        }
        static void hello() { System.out.println("hello from Bad"); }
    }

    static class BadDivide {
        static int zero = 0;
        static int value = 10 / zero;
    }

    static class Good {
        static int value = 5;
        static { System.out.println("Good initialized"); }
    }

    public static void main(String[] args) {
        try {
            System.out.println(Bad.value);
        } catch (ExceptionInInitializerError e) {
            System.out.println("1: " + e.getClass().getName() + " msg=" + e.getMessage());
            System.out.println("   cause: " + e.getCause());
            System.out.println("   getException same as cause: " + (e.getException() == e.getCause()));
        }
        try {
            Bad.hello();
        } catch (NoClassDefFoundError e) {
            System.out.println("2: " + e.getClass().getName() + " msg=" + e.getMessage());
        }
        try {
            new Bad();
        } catch (NoClassDefFoundError e) {
            System.out.println("3: " + e.getMessage());
        }
        try {
            System.out.println(BadDivide.value);
        } catch (ExceptionInInitializerError e) {
            System.out.println("4: cause " + e.getCause());
        }
        try {
            System.out.println(BadDivide.zero);
        } catch (Throwable e) {
            System.out.println("5: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        System.out.println("Good.value = " + Good.value);
        Throwable t = new ExceptionInInitializerError("explicit");
        System.out.println("explicit: " + t + " cause " + t.getCause());
        System.out.println("done");
    }
}
