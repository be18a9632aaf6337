// rpf-expect: none
// rpf-race: no (signaled and wokeUp are accessed only under synchronized (lock) by both threads; main reads wokeUp after join)
//
// The fixed version of MissedSignal: the event is recorded in the flag `signaled`, written
// and read only while holding `lock`, and the waiter waits in `while (!signaled)`.
// - If main's block runs first, signaled is already true when the waiter takes the lock,
//   so it never calls wait().
// - If the waiter waits first, it released the lock inside wait(); main then sets the flag
//   and notify() wakes the (only) waiter, which re-checks the flag and leaves.
// No spurious wake-up can make it leave early because of the while loop. So the waiter
// always terminates, join returns, and there is no deadlock or assertion failure.
public class MissedSignalFixed {
    static final Object lock = new Object();
    static boolean signaled;
    static boolean wokeUp;

    static class Waiter extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                while (!signaled) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
                wokeUp = true;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Waiter waiter = new Waiter();
        waiter.start();
        synchronized (lock) {
            signaled = true;
            lock.notify();
        }
        waiter.join();
        assert wokeUp;
        System.out.println("waiter woke up");
    }
}
