// rpf-expect: none
// rpf-race: no (inside and count are accessed only between mutex.acquire() and release(), which give happens-before; main reads after join)
//
// A Semaphore with one permit used as a mutex around an unsynchronized counter. Each of two
// threads does acquire(); inside++ check; count++; release(). At most one thread holds the
// permit at a time, so the critical sections are mutually exclusive (asserted via the
// `inside` counter, which is only changed inside the critical section) and the two
// increments cannot interleave: count == 2 after the joins (asserted). Each thread releases
// the permit it acquired, so the waiting thread always gets it eventually -> no deadlock.
import java.util.concurrent.Semaphore;

public class SemaphoreMutex {
    static final Semaphore mutex = new Semaphore(1);
    static int inside;
    static int count;

    static class Worker extends Thread {
        @Override
        public void run() {
            try {
                mutex.acquire();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            try {
                inside++;
                assert inside == 1 : "two threads in the critical section";
                count++;
                inside--;
            } finally {
                mutex.release();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker t1 = new Worker();
        Worker t2 = new Worker();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "count = " + count;
        System.out.println("count = " + count);
    }
}
