// rpf-expect: none
// rpf-race: no (x is read only inside an atomic section, after the writer may have run)
// rpf-outcomes: v=0 | v=1
//
// Main starts t and then reads x inside an atomic section. t can run before the section
// starts (v=1) or after it (v=0): the start of an atomic section lets other threads run
// first, as any instruction does. A checker that entered the section without that choice
// never let t run between its start and main's read (v=1 never seen).
import gov.nasa.jpf.vm.Verify;

public class OutcomeAtomicAfterStart {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        Verify.beginAtomic();
        int v = x;
        Verify.endAtomic();
        t.join();
        System.out.println("OUTCOME: v=" + v);
    }
}
