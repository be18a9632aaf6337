// rpf-expect: none
// rpf-race: no (go is volatile; seen is written by the worker before main's join returns)
// rpf-outcomes: Infinity | -Infinity
//
// The worker flips the sign of a zero until main sets the flag, then divides by it. States
// where the worker waits at the flag with 0.0 and with -0.0 differ only in the sign bit of a
// local; both outcomes must be reached, and restoring either state must bring back its own
// zero.
public class OutcomeSignedZero {
    static volatile boolean go;
    static double seen;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            double d = 0.0;
            while (!go) {
                d = -d;
            }
            seen = 1 / d;
        });
        t.start();
        go = true;
        t.join();
        System.out.println("OUTCOME: " + seen);
    }
}
