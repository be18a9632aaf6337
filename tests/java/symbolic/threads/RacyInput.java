import org.sosy_lab.sv_benchmarks.Verifier;

// A symbolic input and a thread interleaving together: the worker stores x when x > 100,
// main stores 5; the assertion fails only if x == 1000 AND the worker's store comes after
// main's. rpf must find that input and that schedule together.
public class RacyInput {
    static int shared;

    static final class Worker extends Thread {
        private final int x;

        Worker(int x) {
            this.x = x;
        }

        @Override
        public void run() {
            if (x > 100) {
                shared = x;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int x = Verifier.nondetInt();
        Worker t = new Worker(x);
        t.start();
        shared = 5;
        t.join();
        assert shared != 1000 : "the worker stored 1000 after main stored 5";
    }
}
