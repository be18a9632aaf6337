// rpf-expect: assertion
// rpf-race: no (only the AtomicInteger tickets is shared; the check-then-act bug is atomicity, not a data race)
//
// Misuse of an AtomicInteger: each of two threads does
// `if (tickets.get() < LIMIT) tickets.incrementAndGet();` with LIMIT = 1. Each call is
// atomic, but the check and the act are not one atomic step. Schedule: t1 get() == 0,
// t2 get() == 0, t1 increments (1), t2 increments (2). Main joins both threads and asserts
// `tickets.get() <= LIMIT` -> fails with 2 -> assertion. Plain java runs almost always end
// with tickets = 1.
import java.util.concurrent.atomic.AtomicInteger;

public class AtomicCheckThenAct {
    static final int LIMIT = 1;
    static final AtomicInteger tickets = new AtomicInteger();

    static class Buyer extends Thread {
        @Override
        public void run() {
            if (tickets.get() < LIMIT) {
                tickets.incrementAndGet();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Buyer t1 = new Buyer();
        Buyer t2 = new Buyer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert tickets.get() <= LIMIT : "oversold: " + tickets.get();
        System.out.println("tickets = " + tickets.get());
    }
}
