// rpf-expect: none
// rpf-race: no (only the AtomicInteger a is shared; atomic accesses never race)
// rpf-outcomes: a=4
//
// Two threads each call incrementAndGet() twice on a shared AtomicInteger starting at 0.
// Every call is an atomic read-modify-write (a CAS loop: a failed CAS retries with the
// fresh value), so no increment is lost in any interleaving: the final value is always 4,
// printed by main after joining both threads.
import java.util.concurrent.atomic.AtomicInteger;

public class OutcomeAtomicInc {
    static final AtomicInteger a = new AtomicInteger();

    static class Incrementer extends Thread {
        @Override
        public void run() {
            for (int i = 0; i < 2; i++) {
                a.incrementAndGet();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: a=" + a.get());
    }
}
