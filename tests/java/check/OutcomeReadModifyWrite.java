// rpf-expect: none
// rpf-race: yes (static x: t1's `x = x + 1` write vs t2's `x = x * 2` read/write, unsynchronized)
// rpf-outcomes: x=2 | x=3 | x=4
//
// x starts at 1; t1 executes `x = x + 1`, t2 executes `x = x * 2`, unsynchronized. Each
// statement is a read of the static field (r1 / r2) followed by a write (w1 / w2); within a
// thread the read precedes the write. The 6 interleavings of the 4 accesses:
//   r1 w1 r2 w2 : x = 1+1 = 2, then 2*2       -> 4
//   r2 w2 r1 w1 : x = 1*2 = 2, then 2+1       -> 3
//   r1 r2 w1 w2 : both read 1; last write w2  -> 1*2 = 2
//   r1 r2 w2 w1 : both read 1; last write w1  -> 1+1 = 2
//   r2 r1 w1 w2 : both read 1; last write w2  -> 2
//   r2 r1 w2 w1 : both read 1; last write w1  -> 2
// So the final value is 2, 3 or 4; x = 1 is impossible (both writes produce at least 2).
// Main prints it after joining both threads. No assertion, no deadlock.
public class OutcomeReadModifyWrite {
    static int x = 1;

    static class Inc extends Thread {
        @Override
        public void run() {
            x = x + 1;
        }
    }

    static class Dbl extends Thread {
        @Override
        public void run() {
            x = x * 2;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Inc t1 = new Inc();
        Dbl t2 = new Dbl();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: x=" + x);
    }
}
