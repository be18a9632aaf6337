// Two timed sections for rpf.StopWatchFuzzer: the first compares a currentTimeMillis
// difference kept in a static field, the second a nanoTime difference computed in another
// method (lsub, then ladd). Every combination of "fast" and "slow" is an outcome; the lcmp
// on values that are not clock readings is never fuzzed.
public class StopWatchLaps {
    static final long OVERHEAD = 0;
    static long started;

    static long lap(long from, long to) {
        return (to - from) + OVERHEAD;
    }

    static int compute(int n) {
        int product = 1;
        for (int i = 1; i <= n; i++) {
            product *= i;
        }
        return product;
    }

    public static void main(String[] args) {
        started = System.currentTimeMillis();
        compute(4);
        String first = System.currentTimeMillis() - started > 1000 ? "slow" : "fast";
        long t0 = System.nanoTime();
        compute(5);
        long elapsed = lap(t0, System.nanoTime());
        String second = elapsed >= 5_000_000L ? "slow" : "fast";
        if (args.length + 5L < 3L) {
            second = "impossible";
        }
        System.out.println("OUTCOME: " + first + " " + second);
    }
}
