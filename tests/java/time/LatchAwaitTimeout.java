import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

// A worker publishes a value and counts a latch down; main waits for the latch at most ten
// seconds. If the latch opened, the value must be visible (the latch orders it); if the
// wait timed out, main says so. Correct either way: no violation.
public class LatchAwaitTimeout {
    static int value;

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            value = 42;
            latch.countDown();
        });
        worker.start();
        if (latch.await(10, TimeUnit.SECONDS)) {
            assert value == 42 : "value not visible after the latch opened";
            System.out.println("opened");
        } else {
            System.out.println("timed out");
        }
        worker.join();
    }
}
