// rpf-race: no (done is written under gate)
// Opposite lock orders protected by a common gate lock: both threads take `gate` first, so
// they can never hold one of a/b while waiting for the other. No lock-order conflict.
public class LockOrderGated {
    static final Object gate = new Object();
    static final Object a = new Object();
    static final Object b = new Object();
    static int done;

    static void nested(Object outer, Object inner) {
        synchronized (gate) {
            synchronized (outer) {
                synchronized (inner) {
                    done++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> nested(a, b));
        Thread t2 = new Thread(() -> nested(b, a));
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("done = " + done);
    }
}
