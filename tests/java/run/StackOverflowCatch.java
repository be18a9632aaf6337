// Exercises StackOverflowError from unbounded recursion being caught, the program
// continuing normally afterwards (including further deep-but-bounded recursion).
public class StackOverflowCatch {
    static int depth;

    static void recurse() {
        depth++;
        recurse();
    }

    static long recurseWithLocals(long a, long b) {
        long c = a + b;
        return recurseWithLocals(b, c) + 1;
    }

    static int sumTo(int n) { return n == 0 ? 0 : n + sumTo(n - 1); }

    public static void main(String[] args) {
        try {
            recurse();
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError");
        }
        System.out.println("depth positive: " + (depth > 1000));
        try {
            recurseWithLocals(1, 1);
        } catch (StackOverflowError e) {
            System.out.println("caught StackOverflowError again: " + e.getClass().getName());
        }
        try {
            recurse();
        } catch (Error e) {
            System.out.println("caught as Error: " + (e instanceof VirtualMachineError));
        }
        System.out.println("sumTo(1000) = " + sumTo(1000));
        Runnable r = new Runnable() {
            public void run() { run(); }
        };
        try {
            r.run();
        } catch (StackOverflowError e) {
            System.out.println("anonymous recursion overflowed");
        }
        System.out.println("done");
    }
}
