// An interrupt before start() is kept: the thread's first sleep throws at once.
public class InterruptBeforeStart {
    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(10_000);
                System.out.println("slept");
            } catch (InterruptedException e) {
                System.out.println("interrupted, flag now " + Thread.currentThread().isInterrupted());
            }
        });
        t.interrupt();
        t.start();
        t.join();
    }
}
