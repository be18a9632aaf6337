/**
 * A correct program with a state space that grows with the number of workers: each of N
 * threads increments a synchronized counter twice. Used for limit and strategy tests.
 */
public class Counter {
    static int count;

    static synchronized void inc() {
        count++;
    }

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Thread[] workers = new Thread[n];
        for (int i = 0; i < n; i++) {
            workers[i] = new Thread(() -> {
                inc();
                inc();
            });
            workers[i].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        assert count == 2 * n : "count " + count;
    }
}
