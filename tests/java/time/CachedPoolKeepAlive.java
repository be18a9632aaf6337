import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

// A cached thread pool that is never shut down: its idle worker (not a daemon) waits 60 s for
// more work before it ends, and the program ends with it, as under java (a minute later). The
// keep-alive wait must end the search, not make it endless.
public class CachedPoolKeepAlive {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool();
        Future<Integer> answer = pool.submit(() -> 6 * 7);
        assert answer.get() == 42;
        System.out.println("answered");
    }
}
