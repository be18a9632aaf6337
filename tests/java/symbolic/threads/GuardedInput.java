import org.sosy_lab.sv_benchmarks.Verifier;

// Like RacyInput, but the worker only stores values below 1000: whatever the input and
// the schedule, shared is never 1000.
public class GuardedInput {
    static int shared;

    static final class Worker extends Thread {
        private final int x;

        Worker(int x) {
            this.x = x;
        }

        @Override
        public void run() {
            if (x > 100 && x < 1000) {
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
        assert shared != 1000 : "unreachable";
    }
}
