// rpf-expect: none
// rpf-race: no (each worker writes its own results[index] element before countDown(); main reads after await(), which gives happens-before)
//
// CountDownLatch(2): two workers each store a result in their own array element and then
// call countDown(); main calls await() and reads both results. countDown happens-after the
// worker's store and await returns only after the count has reached 0, i.e. after both
// countDowns, so main always sees results {10, 20} (asserted). await never blocks forever:
// the two countDowns are unconditional. Main also joins the workers before finishing.
import java.util.concurrent.CountDownLatch;

public class LatchCorrect {
    static final CountDownLatch done = new CountDownLatch(2);
    static final int[] results = new int[2];

    static class Worker extends Thread {
        final int index;

        Worker(int index) {
            this.index = index;
        }

        @Override
        public void run() {
            results[index] = 10 * (index + 1);
            done.countDown();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker w0 = new Worker(0);
        Worker w1 = new Worker(1);
        w0.start();
        w1.start();
        done.await();
        assert results[0] == 10 && results[1] == 20 : "results not ready";
        w0.join();
        w1.join();
        System.out.println("results = " + results[0] + ", " + results[1]);
    }
}
