// Exercises an uncaught exception in a non-main thread: the default handler prints
//   Exception in thread "Thread-0" java.lang.RuntimeException: worker exploded
// to stderr (the only stderr output), the thread dies, and main continues and exits 0.
// Expected: exit status 0, stderr first line as above.
public class ThreadUncaught {
    public static void main(String[] args) throws InterruptedException {
        int[] progress = new int[1];
        Thread t = new Thread(() -> {
            progress[0] = 1;
            throw new RuntimeException("worker exploded");
        });
        System.out.println("thread name " + t.getName());
        t.start();
        t.join();
        System.out.println("after join, progress " + progress[0] + ", alive " + t.isAlive());
        Thread ok = new Thread(() -> progress[0] = 2, "second");
        ok.start();
        ok.join();
        System.out.println("second thread finished, progress " + progress[0]);
        System.out.println("done");
    }
}
