// rpf-expect: deadlock
// rpf-race: no (no shared data fields besides the static final lock; only monitor operations)
//
// A waiter thread calls lock.wait() unconditionally; main calls lock.notify() once, with no
// flag recording that the event happened. If main's synchronized block (and so the notify)
// runs BEFORE the waiter reaches wait(), the notification is lost: notify on a monitor with
// no waiters does nothing, the waiter then waits forever, and main blocks in waiter.join()
// -> no runnable thread, non-daemon threads blocked -> deadlock.
// Thread.sleep(10) in main is only a scheduling point for the model checker; in a plain
// java run it lets the waiter reach wait() first, so the program normally terminates.
public class MissedSignal {
    static final Object lock = new Object();

    static class Waiter extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Waiter waiter = new Waiter();
        waiter.start();
        Thread.sleep(10);
        synchronized (lock) {
            lock.notify();
        }
        waiter.join();
        System.out.println("waiter woke up");
    }
}
