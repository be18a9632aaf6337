// rpf-expect: none
// rpf-config: +vm.por.system_atomic=false
// rpf-race: no (only the AtomicInteger a is shared)
// rpf-outcomes: a=1 | a=2
//
// With vm.por.system_atomic=false, class library code is interleaved like the program's,
// and its natives access memory as instructions do: AtomicInteger.get and lazySet are
// Unsafe accesses, so two threads' get-then-lazySet can lose an increment (a=1). A checker
// that gave the library's Unsafe calls no scheduling points found only a=2, fewer outcomes
// than with the library atomic.
import java.util.concurrent.atomic.AtomicInteger;

public class OutcomeUnsafeInLibraryNotAtomic {
    static final AtomicInteger a = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Runnable inc = () -> a.lazySet(a.get() + 1);
        Thread t1 = new Thread(inc);
        Thread t2 = new Thread(inc);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: a=" + a.get());
    }
}
