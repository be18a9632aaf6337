// rpf-race: no (ready is accessed under lock; cells[1] is written by the sleeper before main joins it and cells[0] by main)
import gov.nasa.jpf.vm.Verify;

// Exercises every kind of event: threads that start, wait, get notified, block on a monitor,
// sleep, get interrupted and terminate; a thrown and caught exception; garbage; a data
// choice; and an assertion that fails for one of its values.
public class AllEvents {
    static final Object lock = new Object();
    static boolean ready;
    static int[] cells = new int[2];

    public static void main(String[] args) throws Exception {
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                while (!ready) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        waiter.start();
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                cells[1] = 1;
            }
        });
        sleeper.start();
        sleeper.interrupt();
        synchronized (lock) {
            ready = true;
            lock.notifyAll();
        }
        waiter.join();
        sleeper.join();
        Object keep = null;
        for (int i = 0; i < 10000; i++) {
            keep = new int[1];
        }
        try {
            throw new IllegalStateException("caught " + keep.hashCode());
        } catch (IllegalStateException e) {
            cells[0] = cells[1] + 1;
        }
        int v = Verify.getInt(0, 1);
        assert v == 0 : "violation on purpose";
    }
}
