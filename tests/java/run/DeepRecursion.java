// Exercises the default Java stack: recursion 10,000 frames deep of a method without locals
// and 5,000 deep of methods with arguments and locals (which `java -Xint` also reaches with
// its default 1 MiB stack) succeeds on the main thread and on a new thread; unbounded
// recursion of either kind ends in a StackOverflowError that can be caught, whose stack trace
// holds 1024 frames (HotSpot's MaxJavaStackTraceDepth), after which deep recursion works again.
public class DeepRecursion {
    static int remaining;
    static int reached;

    static void down() {
        reached++;
        if (--remaining > 0) {
            down();
        }
    }

    static int sum(int n) {
        return n == 0 ? 0 : n + sum(n - 1);
    }

    static long fib(long a, long b, int n) {
        long next = a + b;
        return n == 0 ? a : fib(b, next, n - 1);
    }

    int depth(int n, Object tag) {
        String label = "level";
        int twice = n * 2;
        return n == 0 ? twice : depth(n - 1, label) + 1;
    }

    static void forever() {
        forever();
    }

    static int foreverWithLocals(int a, long b, double c) {
        int d = a + 1;
        long e = b + d;
        return foreverWithLocals(d, e, c) + 1;
    }

    static String tenThousandDeep() {
        remaining = 10_000;
        reached = 0;
        down();
        return "down reached " + reached;
    }

    static void deepWithLocals() {
        System.out.println("sum(5000) = " + sum(5000));
        System.out.println("fib walk = " + fib(0, 1, 5000));
        System.out.println("instance depth = " + new DeepRecursion().depth(5000, "start"));
    }

    static void overflow(String name, Runnable r) {
        try {
            r.run();
            System.out.println(name + ": no overflow");
        } catch (StackOverflowError e) {
            System.out.println(name + ": caught StackOverflowError, trace "
                    + e.getStackTrace().length + " frames, top " + e.getStackTrace()[0].getMethodName());
        }
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println(tenThousandDeep());
        deepWithLocals();
        overflow("forever", DeepRecursion::forever);
        overflow("forever with locals", () -> foreverWithLocals(0, 0L, 0.5));
        System.out.println("after overflow: " + tenThousandDeep());
        Thread t = new Thread(() -> {
            System.out.println("thread: " + tenThousandDeep());
            deepWithLocals();
            overflow("thread forever", DeepRecursion::forever);
        });
        t.start();
        t.join();
        System.out.println("done");
    }
}
