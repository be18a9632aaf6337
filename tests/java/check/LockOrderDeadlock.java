// rpf-expect: deadlock
// rpf-race: no (transfers is incremented only while holding both monitors A and B; main reads it after join)
//
// Two threads acquire the monitors A and B in opposite order: t1 takes A then B, t2 takes B
// then A. In the schedule "t1 locks A, t2 locks B, t1 blocks on B, t2 blocks on A" both
// workers are BLOCKED on a monitor held by the other, and main is blocked in join(t1): no
// thread can run while non-daemon threads are blocked -> deadlock. In a plain java run t1
// usually finishes both blocks before t2 even starts, so the program normally terminates.
public class LockOrderDeadlock {
    static final Object A = new Object();
    static final Object B = new Object();
    static int transfers;

    static class Worker extends Thread {
        final Object first;
        final Object second;

        Worker(Object first, Object second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void run() {
            synchronized (first) {
                synchronized (second) {
                    transfers++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker t1 = new Worker(A, B);
        Worker t2 = new Worker(B, A);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("transfers = " + transfers);
    }
}
