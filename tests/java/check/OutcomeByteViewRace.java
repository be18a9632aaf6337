// rpf-expect: none
// rpf-race: no (the racing accesses are VarHandle calls; the race detectors watch field and array instructions)
// rpf-release: 9
// rpf-outcomes: 1 | 2 | 11 | 12
//
// Two threads each add one to an int stored big-endian in a shared byte array through a
// byte-array view VarHandle, with a plain get and set (not atomic together), and main then
// adds ten with getAndAdd (atomic). Each access runs the JDK's own Java code for the view,
// but is a scheduling point at the call like any VarHandle access to a shared array:
// interleaving the threads' get and set loses an update (1 instead of 2), and main's
// getAndAdd (in statement position: its old value is dropped) lands between or after
// the workers' accesses (b is joined only after it).
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

public class OutcomeByteViewRace {
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final byte[] shared = new byte[8];

    static void increment() {
        int v = (int) INT.get(shared, 4);
        INT.set(shared, 4, v + 1);
    }

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(OutcomeByteViewRace::increment);
        Thread b = new Thread(OutcomeByteViewRace::increment);
        a.start();
        b.start();
        a.join();
        INT.getAndAdd(shared, 4, 10);
        b.join();
        System.out.println("OUTCOME: " + (int) INT.get(shared, 4));
    }
}
