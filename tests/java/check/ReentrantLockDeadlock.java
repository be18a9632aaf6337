// rpf-expect: deadlock
// rpf-race: no (work is incremented only while holding both ReentrantLocks a and b; main reads after join)
//
// Lock-order deadlock with java.util.concurrent.locks.ReentrantLock: t1 calls a.lock() then
// b.lock(), t2 calls b.lock() then a.lock(). Schedule: t1 acquires a, t2 acquires b, t1
// parks in b.lock() (b owned by t2), t2 parks in a.lock() (a owned by t1). lock() is not
// interruptible and has no timeout, both workers stay parked forever and main is blocked in
// join -> deadlock. Plain java runs normally complete (t1 is done before t2 starts).
import java.util.concurrent.locks.ReentrantLock;

public class ReentrantLockDeadlock {
    static final ReentrantLock a = new ReentrantLock();
    static final ReentrantLock b = new ReentrantLock();
    static int work;

    static class Worker extends Thread {
        final ReentrantLock first;
        final ReentrantLock second;

        Worker(ReentrantLock first, ReentrantLock second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void run() {
            first.lock();
            try {
                second.lock();
                try {
                    work++;
                } finally {
                    second.unlock();
                }
            } finally {
                first.unlock();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker t1 = new Worker(a, b);
        Worker t2 = new Worker(b, a);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("work = " + work);
    }
}
