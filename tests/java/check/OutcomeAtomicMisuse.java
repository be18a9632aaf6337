// rpf-expect: none
// rpf-race: no (only the AtomicInteger a is shared; the lost increment is an atomicity bug, not a data race)
// rpf-outcomes: a=10 | a=11 | a=20
//
// AtomicInteger a = 1. t1 calls a.getAndIncrement() (one atomic step I). t2 misuses the
// atomic: `int v = a.get();` (G) then `a.set(v * 10);` (S) - two separate atomic steps, so
// t1's increment can fall between them. The orders of I relative to G < S:
//   I G S : a = 2, v = 2, set 20          -> a=20
//   G I S : v = 1, a = 2, set 10 (t1's increment is overwritten) -> a=10
//   G S I : v = 1, set 10, then 11        -> a=11
// (If S lands inside getAndIncrement's CAS loop, the CAS fails and retries on the new
// value, which is the "G S I" case.) Main prints the value after joining both threads.
import java.util.concurrent.atomic.AtomicInteger;

public class OutcomeAtomicMisuse {
    static final AtomicInteger a = new AtomicInteger(1);

    static class Incrementer extends Thread {
        @Override
        public void run() {
            a.getAndIncrement();
        }
    }

    static class Scaler extends Thread {
        @Override
        public void run() {
            int v = a.get();
            a.set(v * 10);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Scaler t2 = new Scaler();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: a=" + a.get());
    }
}
