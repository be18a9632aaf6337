// A daemon thread ticks forever on a timed wait (every 100 ms); main does a little work and
// returns. The program ends when main does: the daemon does not keep it alive.
public class DaemonTimedLoop {
    static final Object lock = new Object();
    static int ticks;

    public static void main(String[] args) {
        Thread ticker = new Thread(() -> {
            synchronized (lock) {
                while (true) {
                    try {
                        lock.wait(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                    ticks++;
                }
            }
        });
        ticker.setDaemon(true);
        ticker.start();
        int sum = 0;
        for (int i = 1; i <= 3; i++) {
            sum += i;
        }
        assert sum == 6;
        System.out.println("main done");
    }
}
