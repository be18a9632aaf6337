// rpf-expect: none
//
// Each of two threads loads classes the other does not (a nested class, an exception
// class, and a lambda proxy rpf synthesizes) at a point that depends on the interleaving,
// and both update a shared counter under a lock. No interleaving fails: main asserts the
// counter after joining both. The program exists to check that search workers agree on
// class ids whatever order the classes are loaded in (see search.workers).
import java.util.function.IntSupplier;

public class LazyClassesPerThread {
    static int counter;
    static final Object lock = new Object();

    static final class Left {
        static int value() {
            return 1;
        }
    }

    static final class Right {
        static int value() {
            return 2;
        }
    }

    static void add(int v) {
        synchronized (lock) {
            counter += v;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> {
            add(1);
            IntSupplier s = () -> Left.value();
            add(s.getAsInt());
        });
        Thread b = new Thread(() -> {
            add(1);
            try {
                throw new IllegalStateException("caught");
            } catch (IllegalStateException e) {
                IntSupplier s = () -> Right.value();
                add(s.getAsInt());
            }
        });
        a.start();
        b.start();
        a.join();
        b.join();
        assert counter == 5 : "counter " + counter;
    }
}
