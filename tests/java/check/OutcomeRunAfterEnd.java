// rpf-expect: none
// rpf-race: no (only the AtomicInteger c is shared)
// rpf-outcomes: seen=0 final=1 | seen=0 final=2 | seen=1 final=1 | seen=1 final=2
//
// A thread's exit clears its task, so main's t.run() runs the task again only while t has
// not exited: after seeing t's increment (seen=1), main can still find t before its exit
// and count twice (final=2). A checker that ended each thread together with its last
// action would never produce "seen=1 final=2".
import java.util.concurrent.atomic.AtomicInteger;

public class OutcomeRunAfterEnd {
    static final AtomicInteger c = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> c.incrementAndGet());
        t.start();
        int seen = c.get();
        t.run();
        t.join();
        System.out.println("OUTCOME: seen=" + seen + " final=" + c.get());
    }
}
