// Checked with +vm.max_transition=1000 (check_features.rs). Main writes x, computes for
// longer than vm.max_transition allows one transition, and writes y, all inside an atomic
// section; t reads x, then y. t reads before the section (0 0), after it (1 1), or x
// before and y after (0 1), but never between main's two writes: ending a transition at the instruction limit inside an atomic section keeps the
// same thread running. A checker that offered the other threads there found "1 0".
import gov.nasa.jpf.vm.Verify;

public class AtomicLongerThanTransition {
    static volatile int x;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        int[] seen = new int[2];
        Thread t = new Thread(() -> {
            seen[0] = x;
            seen[1] = y;
        });
        t.start();
        Verify.beginAtomic();
        x = 1;
        long sum = 0;
        for (int i = 0; i < 2000; i++) {
            sum += i;
        }
        y = 1;
        Verify.endAtomic();
        t.join();
        System.out.println("seen " + seen[0] + " " + seen[1] + (sum > 0 ? "" : "?"));
    }
}
