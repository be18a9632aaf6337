import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

// Two tasks increment an unsynchronized counter on a two-thread pool; main shuts the pool
// down, waits for it (at most a day) and checks the count. The increments can interleave
// (both read 0, both write 1): the lost update is an assertion failure. The day-long wait
// ends long before its timeout on every path (the workers can always run), so the only
// violation is the lost update.
public class ExecutorLostUpdate {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (int i = 0; i < 2; i++) {
            pool.submit(() -> {
                int c = count;
                count = c + 1;
            });
        }
        pool.shutdown();
        boolean done = pool.awaitTermination(1, TimeUnit.DAYS);
        assert done : "the pool did not terminate within a day";
        assert count == 2 : "lost update: count = " + count;
    }
}
