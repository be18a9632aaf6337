// Main waits at most 10 ms for a flag that a worker sets: a short timeout can end before the
// worker gets to run (threads may wait that long for the processor), so the assertion that
// the flag is set can fail.
public class TimedWaitRace {
    static final Object lock = new Object();
    static boolean set;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            synchronized (lock) {
                set = true;
                lock.notifyAll();
            }
        });
        worker.start();
        synchronized (lock) {
            if (!set) {
                lock.wait(10);
            }
            assert set : "the wait timed out before the worker ran";
        }
        worker.join();
    }
}
