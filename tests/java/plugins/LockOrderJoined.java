// rpf-race: no (done is only written under the locks, and the threads run one after the other)
// Two threads take the same two locks in opposite orders, but main joins the first before
// starting the second, so the program never deadlocks: the lock-tree analysis still finds
// the opposite orders (a deadlock waiting for a different schedule of the same code).
public class LockOrderJoined {
    static final Object a = new Object();
    static final Object b = new Object();
    static int done;

    static void nested(Object outer, Object inner) {
        synchronized (outer) {
            synchronized (inner) {
                done++;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> nested(a, b));
        Thread t2 = new Thread(() -> nested(b, a));
        t1.start();
        t1.join();
        t2.start();
        t2.join();
        System.out.println("done = " + done);
    }
}
