// Calls, returns and allocations that plain execution makes between runs of its inner loop:
// a site that sees five receiver classes (virtual and interface, inherited and default
// methods), static calls with long and double arguments and results, a class initialized by
// its first static call and by its first `new`, synchronized methods, private methods,
// exceptions thrown through several such frames (their stack trace lines), a null receiver
// at a site that has cached classes, recursion that overflows the stack and is caught, and
// allocation of many short-lived objects with default field values. Every result feeds the
// printed output, so one wrong target, argument or frame changes it.
public class CallPaths {
    interface Shape {
        int sides();

        default int weight() {
            return sides() * 10 + 1;
        }
    }

    abstract static class Base implements Shape {
        int scale = 1;

        abstract int area();

        int perimeter() {
            return sides() * scale;
        }
    }

    static class Tri extends Base {
        public int sides() {
            return 3;
        }

        int area() {
            return 6 * scale;
        }
    }

    static class Quad extends Base {
        public int sides() {
            return 4;
        }

        int area() {
            return 16 * scale;
        }

        @Override
        public int weight() {
            return 7;
        }
    }

    static class Square extends Quad {
        @Override
        int area() {
            return 9 * scale;
        }

        @Override
        int perimeter() {
            return super.perimeter() + 100;
        }
    }

    static class Pent extends Base {
        Pent() {
            scale = 2;
        }

        public int sides() {
            return 5;
        }

        int area() {
            return 25 * scale;
        }
    }

    static final class Hex extends Pent {
        public int sides() {
            return 6;
        }

        @Override
        public int weight() {
            return super.weight() + 1000;
        }
    }

    /** Initialized by its first static call. */
    static class Lazy {
        static final long BASE;

        static {
            System.out.println("Lazy initialized");
            BASE = 1L << 40;
        }

        static long mix(int a, long b, double c, int d) {
            return BASE + a * 31L + b * 7 + (long) (c * 3) + d;
        }

        static double half(double x, long y) {
            return x / 2 + y;
        }
    }

    /** Initialized by its first `new`. */
    static class Cell {
        static int made;

        static {
            System.out.println("Cell initialized");
        }

        int i;
        long l;
        double d;
        boolean b;
        char c;
        Object o;
        Cell next;

        Cell() {
            made++;
        }

        String defaults() {
            return i + " " + l + " " + d + " " + b + " " + (int) c + " " + o + " " + next;
        }
    }

    static int counter;

    static synchronized void bumpStatic() {
        counter++;
    }

    private int own;

    synchronized void bump() {
        own++;
    }

    private int twice(int x) {
        return helper(x) * 2;
    }

    private int helper(int x) {
        return x + own;
    }

    static int depth;

    static void dive() {
        depth++;
        dive();
    }

    static int thrower(int n) {
        if (n == 0) {
            throw new IllegalStateException("bottom");
        }
        return thrower(n - 1) + 1;
    }

    static int middle(int n) {
        return thrower(n) * 2;
    }

    public static void main(String[] args) {
        Shape[] shapes = {new Tri(), new Quad(), new Square(), new Pent(), new Hex()};
        long sum = 0;
        for (int round = 0; round < 2000; round++) {
            Shape s = shapes[(round * 7 + round / 5) % shapes.length];
            sum = sum * 31 + s.weight();
            sum = sum * 31 + s.sides();
            Base b = (Base) s;
            sum = sum * 31 + b.area();
            sum = sum * 31 + b.perimeter();
        }
        System.out.println("shapes " + sum);

        long total = 0;
        double dsum = 0;
        for (int i = 0; i < 1000; i++) {
            total += Lazy.mix(i, -i * 3L, i * 0.5, i ^ 5);
            dsum += Lazy.half(i * 1.5, i - 500L);
        }
        System.out.println("static " + total + " " + dsum);

        Cell first = new Cell();
        System.out.println("defaults " + first.defaults());
        Cell keep = null;
        long cells = 0;
        for (int i = 0; i < 300000; i++) {
            Cell c = new Cell();
            c.i = i;
            if (i % 1000 == 0) {
                c.next = keep;
                keep = c;
            }
            cells += c.i;
        }
        int kept = 0;
        for (Cell c = keep; c != null; c = c.next) {
            kept++;
        }
        System.out.println("cells " + Cell.made + " " + cells + " " + kept);

        CallPaths p = new CallPaths();
        for (int i = 0; i < 1000; i++) {
            bumpStatic();
            p.bump();
        }
        System.out.println("synchronized " + counter + " " + p.own + " " + p.twice(21));

        try {
            middle(5);
        } catch (IllegalStateException e) {
            StackTraceElement[] trace = e.getStackTrace();
            StringBuilder sb = new StringBuilder(e.getMessage());
            for (int i = 0; i < 8 && i < trace.length; i++) {
                sb.append(' ').append(trace[i].getMethodName()).append(':').append(trace[i].getLineNumber());
            }
            System.out.println("thrown " + sb);
        }

        Shape none = null;
        int npes = 0;
        for (int i = 0; i < 10; i++) {
            Shape s = i % 3 == 2 ? none : shapes[i % shapes.length];
            try {
                npes += s.weight() > 0 ? 0 : 1;
            } catch (NullPointerException e) {
                npes += 100;
            }
        }
        System.out.println("null receivers " + npes);

        try {
            dive();
        } catch (StackOverflowError e) {
            System.out.println("overflow caught " + (depth > 1000));
        }
        depth = 0;
        try {
            dive();
        } catch (StackOverflowError e) {
            System.out.println("overflow caught again " + (depth > 1000));
        }
    }
}
