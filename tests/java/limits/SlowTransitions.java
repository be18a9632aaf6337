/**
 * Two threads, each spending a long time computing between two accesses to a shared
 * counter: every transition is slow.
 */
public class SlowTransitions {
    static int shared;

    static long work(long seed) {
        long x = seed;
        for (int i = 0; i < 50_000_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            shared += (int) work(1) & 1;
            shared += (int) work(2) & 1;
        });
        t.start();
        shared += (int) work(3) & 1;
        shared += (int) work(4) & 1;
        t.join();
    }
}
