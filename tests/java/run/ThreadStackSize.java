/** The stackSize argument of Thread's constructor sizes the thread's stack: a recursion far
 * deeper than the default stack allows completes in a thread that asked for 256 MiB, and a
 * thread that asked for little overflows early. */
public class ThreadStackSize {
    static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    static void run(String name, long stackSize, int n) throws InterruptedException {
        String[] result = new String[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = "reached " + depth(n);
            } catch (StackOverflowError e) {
                result[0] = "overflow";
            }
        }, name, stackSize);
        t.start();
        t.join();
        System.out.println(name + ": " + result[0]);
    }

    public static void main(String[] args) throws InterruptedException {
        run("big", 256L << 20, 1_000_000);
        run("default", 0, 2_000);
        run("small", 1 << 16, 100_000_000);
    }
}
