// rpf-expect: none
// rpf-race: no (done is only ever read, by the worker under the lock; wasInterrupted is volatile)
//
// The worker waits on a monitor for a condition (`done`) that is never set; main interrupts
// it. Both orders are harmless:
// - worker already in wait(): interrupt() wakes it; after re-acquiring the lock wait()
//   throws InterruptedException;
// - interrupt() before the worker reaches wait(): the interrupt status is set (the thread is
//   alive after start()), and wait() throws InterruptedException immediately.
// The worker catches it, records it and returns, so join() always returns; main asserts
// the exception was seen. No other thread blocks -> no deadlock, no uncaught exception.
public class InterruptWaiting {
    static final Object lock = new Object();
    static boolean done;
    static volatile boolean wasInterrupted;

    static class Worker extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                while (!done) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        wasInterrupted = true;
                        return;
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker w = new Worker();
        w.start();
        w.interrupt();
        w.join();
        assert wasInterrupted : "worker was not interrupted";
        System.out.println("worker interrupted");
    }
}
