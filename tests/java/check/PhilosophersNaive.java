// rpf-expect: deadlock
// rpf-race: no (forks[] elements written by main before start and only read afterwards; meals incremented under mealLock, read after join)
//
// Three dining philosophers, forks are Object monitors 0..2; philosopher i locks its LEFT
// fork i and then its RIGHT fork (i+1)%3. Schedule: philosopher 0 locks fork 0, philosopher 1
// locks fork 1, philosopher 2 locks fork 2; now each blocks on its right fork, which is held
// by its neighbour (0 waits for 1, 1 for 2, 2 for 0): a cycle, all three BLOCKED, main blocked
// in join -> deadlock. In plain java runs a philosopher usually finishes before the next
// one starts, so the program normally terminates.
public class PhilosophersNaive {
    static final int N = 3;
    static final Object[] forks = new Object[N];
    static final Object mealLock = new Object();
    static int meals;

    static class Philosopher extends Thread {
        final int id;

        Philosopher(int id) {
            this.id = id;
        }

        @Override
        public void run() {
            Object left = forks[id];
            Object right = forks[(id + 1) % N];
            synchronized (left) {
                synchronized (right) {
                    synchronized (mealLock) {
                        meals++;
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < N; i++) {
            forks[i] = new Object();
        }
        Philosopher[] ps = new Philosopher[N];
        for (int i = 0; i < N; i++) {
            ps[i] = new Philosopher(i);
            ps[i].start();
        }
        for (Philosopher p : ps) {
            p.join();
        }
        System.out.println("meals = " + meals);
    }
}
