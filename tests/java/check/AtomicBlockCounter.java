// rpf-expect: none
// rpf-race: no (Verify.beginAtomic/endAtomic make each increment atomic under the checker, so the two count++ never interleave)
//
// Verify.beginAtomic()/endAtomic(): the model checker does not switch threads inside the
// bracketed section, so each unsynchronized `count++` (read + write) runs as one
// indivisible step. The two increments are therefore serialized (0 -> 1 -> 2) and main
// asserts count == 2 after the joins on every explored interleaving. (Without the atomic
// brackets this would be LostUpdate, an assertion violation.) Compile-only under plain java.
import gov.nasa.jpf.vm.Verify;

public class AtomicBlockCounter {
    static int count;

    static class Incrementer extends Thread {
        @Override
        public void run() {
            Verify.beginAtomic();
            count++;
            Verify.endAtomic();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "count = " + count;
        System.out.println("count = " + count);
    }
}
