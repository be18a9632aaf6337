/** A consumer waits for a signal the producer may give before the wait starts: the
 * consumer waits forever (a deadlock JPF's classic example shows). */
public class MissedSignal {
    static final Object signal = new Object();
    static boolean ready;

    public static void main(String[] args) throws Exception {
        Thread consumer = new Thread(() -> {
            boolean seen;
            synchronized (signal) {
                seen = ready;
            }
            if (!seen) {
                synchronized (signal) {
                    try {
                        signal.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "consumer");
        consumer.start();
        synchronized (signal) {
            ready = true;
            signal.notifyAll();
        }
        consumer.join();
    }
}
