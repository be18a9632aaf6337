/**
 * Dining philosophers with ordered fork acquisition: each philosopher picks up the lower
 * numbered fork first, so the program cannot deadlock. Used as rpf's bundled example.
 */
public class Philosophers {
    static final int N = 4;
    static final Object[] forks = new Object[N];
    static int meals;

    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < N; i++) {
            forks[i] = new Object();
        }
        Thread[] threads = new Thread[N];
        for (int i = 0; i < N; i++) {
            final int id = i;
            threads[i] = new Thread(() -> dine(id), "philosopher-" + i);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("all " + N + " philosophers ate; meals = " + meals);
    }

    static void dine(int id) {
        int left = id, right = (id + 1) % N;
        Object first = forks[Math.min(left, right)];
        Object second = forks[Math.max(left, right)];
        synchronized (first) {
            synchronized (second) {
                synchronized (Philosophers.class) {
                    meals++;
                }
            }
        }
    }
}
