// rpf-expect: none
// rpf-race: no (every work++ happens while holding both locks a and b; main reads after join)
//
// Two ReentrantLocks taken in opposite orders, made deadlock-free with tryLock:
// - t1 takes a.lock() then b.lock() (the canonical order a < b);
// - t2 takes b.lock() and then only TRIES a (a.tryLock() never blocks). If that fails, t2
//   releases b and falls back to the canonical order a.lock(), b.lock().
// The only blocking acquisitions are therefore "b while holding a" (t1, and t2's
// fallback) and "a or b while holding nothing"; t2 never blocks while holding b alone, so
// no cycle in the waits-for graph is possible -> no deadlock. Every path performs both
// increments of `work` while holding both locks, so main asserts work == 2 after the joins.
import java.util.concurrent.locks.ReentrantLock;

public class ReentrantLockTryLock {
    static final ReentrantLock a = new ReentrantLock();
    static final ReentrantLock b = new ReentrantLock();
    static int work;

    static class Ordered extends Thread {
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

    static class Reversed extends Thread {
        @Override
        public void run() {
            b.lock();
            boolean done = false;
            try {
                if (a.tryLock()) {
                    try {
                        work++;
                        done = true;
                    } finally {
                        a.unlock();
                    }
                }
            } finally {
                b.unlock();
            }
            if (!done) {
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
    }

    public static void main(String[] args) throws InterruptedException {
        Ordered t1 = new Ordered();
        Reversed t2 = new Reversed();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert work == 2 : "work = " + work;
        System.out.println("work = " + work);
    }
}
