// rpf-expect: none
// rpf-race: no (forks[] elements written by main before start and only read afterwards; meals incremented under mealLock, read after join)
//
// Three dining philosophers, forks are Object monitors 0..2; philosopher i needs forks i and
// (i+1)%3 and always locks the LOWER-numbered fork first (philosopher 2 takes fork 0, then
// fork 2). All threads acquire monitors in increasing fork order, so a cycle of waits is
// impossible (the thread holding the highest-numbered contested fork can always finish).
// Each philosopher eats once; meals are counted under both forks plus a counter lock, and
// main asserts meals == 3 after joining all three.
public class PhilosophersOrdered {
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
            int left = id;
            int right = (id + 1) % N;
            Object first = forks[Math.min(left, right)];
            Object second = forks[Math.max(left, right)];
            synchronized (first) {
                synchronized (second) {
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
        assert meals == N : "meals = " + meals;
        System.out.println("meals = " + meals);
    }
}
