// rpf-expect: none
// rpf-race: no (x and y are volatile; r1/r2 are each written by one thread and read by main after join)
// rpf-outcomes: r1=0,r2=1 | r1=1,r2=0 | r1=1,r2=1
//
// The "store buffering" litmus test with volatile fields x = y = 0:
//   t1: x = 1; r1 = y;        t2: y = 1; r2 = x;
// Volatile accesses are sequentially consistent, and a model checker interleaves them:
//   - r1 == 0 means t1 read y before t2 wrote y = 1; t1 had already written x = 1, so t2's
//     later read of x gives r2 == 1. Symmetrically r2 == 0 implies r1 == 1.
//   - hence r1 = r2 = 0 is impossible; (0,1): t1 runs completely first; (1,0): t2 runs
//     completely first; (1,1): both writes happen before both reads.
// r1 and r2 are stored in fields and printed by main after joining both threads.
public class OutcomeStoreBuffer {
    static volatile int x;
    static volatile int y;
    static int r1 = -1;
    static int r2 = -1;

    static class T1 extends Thread {
        @Override
        public void run() {
            x = 1;
            r1 = y;
        }
    }

    static class T2 extends Thread {
        @Override
        public void run() {
            y = 1;
            r2 = x;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        T1 t1 = new T1();
        T2 t2 = new T2();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: r1=" + r1 + ",r2=" + r2);
    }
}
