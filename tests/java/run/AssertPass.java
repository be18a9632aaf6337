// Exercises assert statements that all pass under -ea, side effects in assert expressions
// (evaluated because assertions are enabled), and catching an AssertionError explicitly.
public class AssertPass {
    static int evaluations = 0;

    static boolean check(boolean v) {
        evaluations++;
        return v;
    }

    static class Nested {
        static boolean enabled() {
            boolean on = false;
            assert on = true;
            return on;
        }
    }

    public static void main(String[] args) {
        assert check(true);
        assert check(1 < 2) : "math broke";
        for (int i = 0; i < 5; i++) assert check(i >= 0) : i;
        System.out.println("evaluations " + evaluations);
        System.out.println("assertions enabled: " + Nested.enabled());
        try {
            assert check(false) : "expected failure " + 42;
        } catch (AssertionError e) {
            System.out.println("caught: " + e.getMessage());
        }
        try {
            assert false : 3.5;
        } catch (AssertionError e) {
            System.out.println("caught non-string detail: " + e.getMessage());
        }
        try {
            assert false;
        } catch (AssertionError e) {
            System.out.println("caught no detail: " + e.getMessage() + " " + e);
        }
        try {
            assert false : new IllegalStateException("as cause");
        } catch (AssertionError e) {
            System.out.println("throwable detail becomes cause: " + e.getCause());
        }
        System.out.println("evaluations " + evaluations);
        System.out.println("done");
    }
}
