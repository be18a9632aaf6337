// rpf-expect: deadlock
// rpf-race: no (jobs is incremented only inside synchronized (SemaphoreDeadlock.class); main reads after join)
//
// Resource starvation with too few permits: a Semaphore has 2 permits and each of two
// threads needs 2, but acquires them one at a time (acquire(); acquire();). Schedule: t1
// acquires one permit, t2 acquires the other, then both block in their second acquire() with
// 0 permits left; neither ever releases -> both parked forever, main blocked in join
// -> deadlock. If one thread performs both acquisitions before the other starts, it
// finishes and releases both permits, so plain java runs normally complete.
import java.util.concurrent.Semaphore;

public class SemaphoreDeadlock {
    static final Semaphore permits = new Semaphore(2);
    static int jobs;

    static class Worker extends Thread {
        @Override
        public void run() {
            try {
                permits.acquire();
                permits.acquire();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            synchronized (SemaphoreDeadlock.class) {
                jobs++;
            }
            permits.release(2);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker t1 = new Worker();
        Worker t2 = new Worker();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("jobs = " + jobs);
    }
}
