// rpf-expect: exception:java.lang.IllegalStateException
// rpf-race: no (owner is volatile and claims is an AtomicInteger; the double claim is an atomicity bug, not a data race)
//
// Two threads try to claim a resource with a non-atomic check-then-act on a volatile field:
// `if (owner == 0) { owner = id; claims.incrementAndGet(); }`. Schedule: t1 reads owner == 0,
// t2 reads owner == 0, both set owner and both count a claim (the AtomicInteger counts
// exactly). Main joins both threads and throws IllegalStateException if the number of
// claims is not 1; the exception is uncaught in main
// -> exception:java.lang.IllegalStateException. (claims is never 0: the first thread to read
// owner sees 0.) Plain java runs almost always end with one claim.
import java.util.concurrent.atomic.AtomicInteger;

public class RaceIllegalState {
    static volatile int owner;
    static final AtomicInteger claims = new AtomicInteger();

    static class Claimer extends Thread {
        final int id;

        Claimer(int id) {
            this.id = id;
        }

        @Override
        public void run() {
            if (owner == 0) {
                owner = id;
                claims.incrementAndGet();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Claimer t1 = new Claimer(1);
        Claimer t2 = new Claimer(2);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        if (claims.get() != 1) {
            throw new IllegalStateException("resource claimed " + claims.get() + " times");
        }
        System.out.println("owner = " + owner);
    }
}
