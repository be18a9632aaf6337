// rpf-expect: assertion
// rpf-race: no (signaled is written by the notifier and read by main, both inside synchronized (lock))
//
// Main waits at most 10 ms for a signal: `if (!signaled) lock.wait(10);` and then assumes
// the signal arrived (`assert signaled`). A timed wait may end by timeout before the
// notifier thread ever runs; the model checker explores that outcome. Schedule: main takes
// the lock, sees signaled == false, calls wait(10), the wait times out, main re-acquires
// the (free) lock before the notifier's synchronized block runs, and the assert fails with
// signaled == false -> assertion (uncaught AssertionError in main). In a plain java run the
// notifier sets the flag and notifies well within 10 ms, so the program normally succeeds.
public class TimedWaitTimeout {
    static final Object lock = new Object();
    static boolean signaled;

    static class Notifier extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                signaled = true;
                lock.notifyAll();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Notifier n = new Notifier();
        n.start();
        synchronized (lock) {
            if (!signaled) {
                lock.wait(10);
            }
            assert signaled : "wait timed out before the notification";
        }
        n.join();
        System.out.println("signaled");
    }
}
