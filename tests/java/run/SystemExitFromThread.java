// Exercises System.exit(42) called from a non-main thread while main is blocked in join():
// main never resumes; the process exits with the given status.
// Expected: exit status 42, no stderr output.
public class SystemExitFromThread {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("main starting worker");
        Thread worker = new Thread(() -> {
            System.out.println("worker running");
            int sum = 0;
            for (int i = 1; i <= 100; i++) sum += i;
            System.out.println("worker sum " + sum + ", exiting with 42");
            System.exit(42);
        }, "exit-worker");
        worker.start();
        worker.join();
        System.out.println("main not reached after join");
    }
}
