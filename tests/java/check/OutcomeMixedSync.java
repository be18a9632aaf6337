// rpf-expect: none
// rpf-race: yes (static x: t1's x++ under lock vs t2's unlocked x++ read/write; the lock is held on one side only)
// rpf-outcomes: x=1 | x=2
//
// Locking on one side only does not help: t1 does `synchronized (lock) { x++; }`, t2 does a
// plain `x++` without the lock, so t2's read/write can fall between t1's read and write.
//   serial (either order): 0 -> 1 -> 2            -> x=2
//   t1 reads 0 (in the lock), t2 reads 0, writes 1, t1 writes 1 (or t2 writes last)
//                                                 -> x=1
// Each write stores (some read value) + 1 with reads of 0 or 1, and the last write's value
// is at least 1, so only 1 and 2 are possible. Main prints x after joining both threads.
public class OutcomeMixedSync {
    static final Object lock = new Object();
    static int x;

    static class Locked extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                x++;
            }
        }
    }

    static class Unlocked extends Thread {
        @Override
        public void run() {
            x++;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Locked t1 = new Locked();
        Unlocked t2 = new Unlocked();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: x=" + x);
    }
}
