// Calls of methods that do nothing, which plain execution drops instead of calling once the
// call site is bound: every constructor's call of Object.<init>, `super` calls of empty methods
// with arguments of every width, private empty methods, and a synchronized empty method
// (which must still lock). Each site runs many times, so that the binding call and the
// dropped ones are both compared with java; the sums show that the operand stack stays
// balanced around them.
public class EmptyCalls {
    static class Base {
        void hook(long a, double b, String c, int d) {}
        void hook() {}
        synchronized void locked() {}
    }

    static class Derived extends Base {
        int calls;

        @Override
        void hook(long a, double b, String c, int d) {
            super.hook(a, b, c, d);
            calls++;
        }

        @Override
        void hook() {
            super.hook();
            calls += 2;
        }

        private void nothing(int x, long y) {}

        long mix(int i) {
            long before = i * 3L;
            nothing(i, before);
            hook(before, i / 2.0, "s", i);
            long after = before + i;
            hook();
            return after - before;
        }
    }

    static final class Point {
        final int x, y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    static volatile boolean released;

    public static void main(String[] args) {
        Derived d = new Derived();
        long sum = 0;
        for (int i = 0; i < 10000; i++) {
            sum += d.mix(i);
            Point p = new Point(i, -i);
            sum += p.x - p.y;
            sum += new Object().hashCode() == 0 ? 1 : 0;
        }
        System.out.println("sum " + sum + " calls " + d.calls);

        // A synchronized empty method still takes the monitor: while this thread holds it,
        // the other thread's call waits, so it returns only after `released` is set.
        Base shared = new Base();
        Thread holder;
        synchronized (shared) {
            holder = new Thread(() -> {
                shared.locked();
                System.out.println("returned after the release: " + released);
            });
            holder.start();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            released = true;
        }
        try {
            holder.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }

        // A null receiver of an empty method still throws.
        Base none = args.length > 100 ? new Base() : null;
        try {
            none.hook();
            System.out.println("no exception");
        } catch (NullPointerException e) {
            System.out.println("NPE " + e.getMessage());
        }
    }
}
