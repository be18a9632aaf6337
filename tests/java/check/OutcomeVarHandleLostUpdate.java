// rpf-expect: none
// rpf-release: 9
// rpf-race: no (f is volatile and accessed through a VarHandle)
// rpf-outcomes: f=1 | f=2
//
// Two threads increment f through a VarHandle with a volatile read and a separate volatile
// write: the increment is not atomic, so one can be lost (f=1). A VarHandle access from
// application code accesses the field as getfield/putfield would, so another thread can run
// between the two; a checker that let it never find f=1.
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

public class OutcomeVarHandleLostUpdate {
    volatile int f;
    static final VarHandle F;

    static {
        try {
            F = MethodHandles.lookup().findVarHandle(OutcomeVarHandleLostUpdate.class, "f", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        OutcomeVarHandleLostUpdate o = new OutcomeVarHandleLostUpdate();
        Runnable inc = () -> {
            int v = (int) F.getVolatile(o);
            F.setVolatile(o, v + 1);
        };
        Thread t = new Thread(inc);
        t.start();
        inc.run();
        t.join();
        System.out.println("OUTCOME: f=" + o.f);
    }
}
