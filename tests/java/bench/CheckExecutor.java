// Checker benchmark (tests/bench/checker.sh): an ExecutorService (fixed pool) runs tasks that
// format reports and add them to a synchronized list; main waits on the futures and shuts the
// pool down - ThreadPoolExecutor, FutureTask, LinkedBlockingQueue and locks in every
// transition. Arguments: pool threads, tasks. Main checks every task's result.
import java.util.*;
import java.util.concurrent.*;

public class CheckExecutor {
    public static void main(String[] args) throws Exception {
        int poolSize = Integer.parseInt(args[0]);
        int tasks = Integer.parseInt(args[1]);
        ExecutorService pool = Executors.newFixedThreadPool(poolSize);
        List<String> reports = Collections.synchronizedList(new ArrayList<>());
        List<Future<Integer>> futures = new ArrayList<>();
        for (int t = 0; t < tasks; t++) {
            final int id = t;
            futures.add(pool.submit(() -> {
                int sum = 0;
                for (int k = 1; k <= 20; k++) sum += k * (id + 1);
                reports.add(String.format("task %d: sum %d", id, sum));
                return sum;
            }));
        }
        int total = 0;
        for (Future<Integer> f : futures) total += f.get();
        pool.shutdown();
        boolean done = pool.awaitTermination(1, TimeUnit.MINUTES);
        assert done && reports.size() == tasks;
        System.out.println(total + " from " + reports.size() + " reports");
    }
}
