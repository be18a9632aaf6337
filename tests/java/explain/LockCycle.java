/** Two workers take the same two locks in opposite orders: some schedule deadlocks. */
public class LockCycle {
    static final Object left = new Object();
    static final Object right = new Object();

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> {
            synchronized (left) {
                synchronized (right) {
                    System.out.println("a has both");
                }
            }
        }, "worker-a");
        Thread b = new Thread(() -> {
            synchronized (right) {
                synchronized (left) {
                    System.out.println("b has both");
                }
            }
        }, "worker-b");
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
