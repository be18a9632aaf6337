// rpf-expect: none
// rpf-release: 9
// rpf-race: no (f is volatile and changed through a VarHandle)
// rpf-outcomes: true true | true false | false true
//
// Two threads each read f and compare-and-set it to one more through a VarHandle: when both
// read 0, one CAS fails. A checker that never ran another thread between an application's
// read and its VarHandle CAS would find only "true true".
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

public class OutcomeVarHandleCas {
    volatile int f;
    static volatile boolean first;
    static volatile boolean second;
    static final VarHandle F;

    static {
        try {
            F = MethodHandles.lookup().findVarHandle(OutcomeVarHandleCas.class, "f", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        OutcomeVarHandleCas o = new OutcomeVarHandleCas();
        Thread t = new Thread(() -> {
            int v = o.f;
            first = F.compareAndSet(o, v, v + 1);
        });
        t.start();
        int v = o.f;
        second = F.compareAndSet(o, v, v + 1);
        t.join();
        System.out.println("OUTCOME: " + first + " " + second);
    }
}
