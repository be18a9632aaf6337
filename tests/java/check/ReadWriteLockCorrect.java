// rpf-expect: none
// rpf-race: no (low/high written under the write lock and read under the read lock; seenLow read by main after join)
//
// ReentrantReadWriteLock protecting the invariant low + 1 == high of two fields. The writer
// updates both fields (low++, high++) while holding the write lock, so the invariant is
// broken only inside that exclusive section. The reader reads both fields while holding the
// read lock, which excludes the writer, so it sees either the old pair (0, 1) or the new
// pair (1, 2) but never a mix -> its assert holds on every interleaving. After the joins
// main asserts the final pair (1, 2). Locks are always released in finally, and each thread
// holds only one lock -> no deadlock.
import java.util.concurrent.locks.ReentrantReadWriteLock;

public class ReadWriteLockCorrect {
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static int low = 0;
    static int high = 1;
    static int seenLow = -1;

    static class Writer extends Thread {
        @Override
        public void run() {
            rw.writeLock().lock();
            try {
                low++;
                high++;
            } finally {
                rw.writeLock().unlock();
            }
        }
    }

    static class Reader extends Thread {
        @Override
        public void run() {
            rw.readLock().lock();
            try {
                int l = low;
                int h = high;
                assert l + 1 == h : "torn read: low=" + l + " high=" + h;
                seenLow = l;
            } finally {
                rw.readLock().unlock();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Writer w = new Writer();
        Reader r = new Reader();
        w.start();
        r.start();
        w.join();
        r.join();
        assert low == 1 && high == 2 : "low=" + low + " high=" + high;
        assert seenLow == 0 || seenLow == 1 : "seenLow=" + seenLow;
        System.out.println("low=" + low + " high=" + high);
    }
}
