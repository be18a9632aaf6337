/**
 * Scalable dining philosophers for the model-checking benchmark. Forks are monitors with
 * wait/notifyAll. Arguments: N (default 5) and "ordered" (default; each philosopher takes the
 * lower-numbered fork first, so there is no deadlock) or "naive" (left then right: deadlocks).
 */
public class DiningPhilosophers {
    static final class Fork {
        private boolean taken;

        synchronized void pick() throws InterruptedException {
            while (taken) {
                wait();
            }
            taken = true;
        }

        synchronized void drop() {
            taken = false;
            notifyAll();
        }
    }

    static final class Philosopher extends Thread {
        private final Fork first;
        private final Fork second;

        Philosopher(Fork first, Fork second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void run() {
            try {
                first.pick();
                second.pick();
                second.drop();
                first.drop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        boolean ordered = args.length < 2 || !args[1].equals("naive");
        Fork[] forks = new Fork[n];
        for (int i = 0; i < n; i++) {
            forks[i] = new Fork();
        }
        Philosopher[] ps = new Philosopher[n];
        for (int i = 0; i < n; i++) {
            Fork left = forks[i];
            Fork right = forks[(i + 1) % n];
            boolean swap = ordered && i == n - 1;
            ps[i] = swap ? new Philosopher(right, left) : new Philosopher(left, right);
        }
        for (Philosopher p : ps) {
            p.start();
        }
        for (Philosopher p : ps) {
            p.join();
        }
    }
}
