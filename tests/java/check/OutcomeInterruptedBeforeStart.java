// rpf-expect: none
// rpf-race: no (each thread prints only)
// rpf-outcomes: sleep=interrupted park=returned wait=interrupted
//
// An interrupt before a thread starts is kept (JDK 17): the thread's first blocking call
// sees it at once. sleep and wait throw InterruptedException, park returns. A checker that
// dropped the interrupt would report a deadlock (park and wait never end).
import java.util.concurrent.locks.LockSupport;

public class OutcomeInterruptedBeforeStart {
    static volatile String sleep;
    static volatile String park;
    static volatile String waiting;

    public static void main(String[] args) throws InterruptedException {
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(1);
                sleep = "slept";
            } catch (InterruptedException e) {
                sleep = "interrupted";
            }
        });
        Thread parker = new Thread(() -> {
            LockSupport.park();
            park = "returned";
        });
        Object lock = new Object();
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                    waiting = "notified";
                } catch (InterruptedException e) {
                    waiting = "interrupted";
                }
            }
        });
        for (Thread t : new Thread[] {sleeper, parker, waiter}) {
            t.interrupt();
            t.start();
            t.join();
        }
        System.out.println("OUTCOME: sleep=" + sleep + " park=" + park + " wait=" + waiting);
    }
}
