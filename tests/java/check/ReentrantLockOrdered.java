// rpf-expect: none
// rpf-race: no (work is incremented only while holding both ReentrantLocks a and b; main reads after join)
//
// ReentrantLockDeadlock fixed by lock ordering: both threads call a.lock() before b.lock().
// Whoever holds a can always get b eventually (the holder of b also holds a, i.e. it is the
// same thread), so there is no cyclic wait. Both increments are done under both locks:
// work == 2 after the joins on every interleaving.
import java.util.concurrent.locks.ReentrantLock;

public class ReentrantLockOrdered {
    static final ReentrantLock a = new ReentrantLock();
    static final ReentrantLock b = new ReentrantLock();
    static int work;

    static class Worker extends Thread {
        @Override
        public void run() {
            a.lock();
            try {
                b.lock();
                try {
                    work++;
                } finally {
                    b.unlock();
                }
            } finally {
                a.unlock();
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
        assert work == 2 : "work = " + work;
        System.out.println("work = " + work);
    }
}
