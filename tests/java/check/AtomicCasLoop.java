// rpf-expect: none
// rpf-race: no (only AtomicInteger tickets/winners are shared; atomic accesses never race)
//
// The correct version of AtomicCheckThenAct: each thread runs a compareAndSet loop
//   v = get(); if (v >= LIMIT) give up; if (compareAndSet(v, v + 1)) done; else retry.
// An increment only succeeds if the value is still the v that was checked (< LIMIT), so the
// value never exceeds LIMIT = 1. The first successful CAS (0 -> 1) wins; the other thread's
// CAS(0, 1) then fails, it re-reads 1 and gives up. The loop retries at most once per thread
// (a CAS fails only because the other thread's CAS succeeded, which happens once). Main
// asserts, after joining, that tickets == 1 exactly (at least one thread sees 0 and its CAS
// or the other's succeeds) and that exactly one buyer succeeded.
import java.util.concurrent.atomic.AtomicInteger;

public class AtomicCasLoop {
    static final int LIMIT = 1;
    static final AtomicInteger tickets = new AtomicInteger();
    static final AtomicInteger winners = new AtomicInteger();

    static class Buyer extends Thread {
        @Override
        public void run() {
            while (true) {
                int v = tickets.get();
                if (v >= LIMIT) {
                    return;
                }
                if (tickets.compareAndSet(v, v + 1)) {
                    winners.incrementAndGet();
                    return;
                }
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
        assert tickets.get() == LIMIT : "tickets = " + tickets.get();
        assert winners.get() == 1 : "winners = " + winners.get();
        System.out.println("tickets = " + tickets.get());
    }
}
