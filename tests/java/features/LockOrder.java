/** Two threads take two locks in opposite orders: some interleaving deadlocks. */
public class LockOrder {
    static final Object A = new Object();
    static final Object B = new Object();

    static Thread both(Object first, Object second) {
        return new Thread(() -> {
            synchronized (first) {
                synchronized (second) {
                    System.out.println("both");
                }
            }
        });
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = both(A, B);
        Thread t2 = both(B, A);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
    }
}
