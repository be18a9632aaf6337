// rpf-expect: assertion
// rpf-race: no (the flags are only accessed under the class's lock)
// rpf-config: +cg.enumerate_random=true
//
// A status thread toggles flag random.nextInt(3), once; main asserts that each of the three
// flags is still set when it looks. The status thread may run before main's first look, pick
// 0 and clear flag 0: main's first assertion fails. The call of nextInt on the shared Random
// is itself a scheduling point, so the choice is registered by the first instruction of the
// status thread's next transition, which changes nothing else: that state must not match the
// one before it (whose successors are the threads' steps), or the choice's values are never
// explored and the failure is missed.
import java.util.Random;

public class RandomChoiceAtScheduling {
    static final boolean[] online = {true, true, true};
    static final Random random = new Random(42);

    static synchronized void toggle(int i) {
        online[i] = !online[i];
    }

    static synchronized boolean isOnline(int i) {
        return online[i];
    }

    public static void main(String[] args) throws InterruptedException {
        Thread status = new Thread(() -> toggle(random.nextInt(3)));
        status.start();
        for (int i = 0; i < 3; i++) {
            assert isOnline(i) : "flag " + i + " is off";
        }
        status.join();
    }
}
