// rpf-expect: none
// rpf-race: no (the helper touches only the static final lock, written before start; main uses only locals)
//
// A daemon helper thread waits forever (`while (true) lock.wait();`, nobody notifies).
// Main computes a small result independently, asserts it and returns. When main ends, the
// only live thread is the daemon, which does not keep the VM alive: the program ends
// normally. Daemon threads do not count for deadlock detection (a deadlock needs a blocked
// NON-daemon thread), so on every interleaving - daemon waiting or not yet started - there
// is no violation. Plain java exits immediately after main too.
public class DaemonWaitsForever {
    static final Object lock = new Object();

    static class Helper extends Thread {
        Helper() {
            setDaemon(true);
        }

        @Override
        public void run() {
            synchronized (lock) {
                while (true) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    public static void main(String[] args) {
        Helper h = new Helper();
        h.start();
        int sum = 0;
        for (int i = 1; i <= 3; i++) {
            sum += i;
        }
        assert sum == 6;
        System.out.println("main done, sum = " + sum);
    }
}
