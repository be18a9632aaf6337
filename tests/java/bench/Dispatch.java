/*
 * Virtual and interface call benchmark: an array of shapes of five classes (abstract base class
 * with overridden methods) is processed by several visitors (interface, double dispatch) and
 * by direct virtual calls, so call sites see many receiver types.
 * Argument: number of passes over a 1000-element shape array (default 2500). Prints checksums.
 */
public class Dispatch {
    interface Visitor {
        void circle(Circle c);
        void rect(Rect r);
        void square(Square s);
        void triangle(Triangle t);
        void ring(Ring r);
    }

    static abstract class Shape {
        abstract double area();
        abstract double perimeter();
        abstract void accept(Visitor v);
        int corners() { return 0; }
    }

    static class Circle extends Shape {
        final double r;
        Circle(double r) { this.r = r; }
        double area() { return Math.PI * r * r; }
        double perimeter() { return 2 * Math.PI * r; }
        void accept(Visitor v) { v.circle(this); }
    }

    static class Rect extends Shape {
        final double w, h;
        Rect(double w, double h) { this.w = w; this.h = h; }
        double area() { return w * h; }
        double perimeter() { return 2 * (w + h); }
        void accept(Visitor v) { v.rect(this); }
        int corners() { return 4; }
    }

    static final class Square extends Rect {
        Square(double s) { super(s, s); }
        void accept(Visitor v) { v.square(this); }
    }

    static final class Triangle extends Shape {
        final double a, b, c;
        Triangle(double a, double b, double c) { this.a = a; this.b = b; this.c = c; }
        double perimeter() { return a + b + c; }
        double area() {
            double s = perimeter() / 2;
            return Math.sqrt(s * (s - a) * (s - b) * (s - c));
        }
        void accept(Visitor v) { v.triangle(this); }
        int corners() { return 3; }
    }

    static final class Ring extends Circle {
        final double inner;
        Ring(double r, double inner) { super(r); this.inner = inner; }
        double area() { return super.area() - Math.PI * inner * inner; }
        double perimeter() { return super.perimeter() + 2 * Math.PI * inner; }
        void accept(Visitor v) { v.ring(this); }
    }

    /** Counts shapes per kind. */
    static final class Census implements Visitor {
        final long[] counts = new long[5];
        public void circle(Circle c) { counts[0]++; }
        public void rect(Rect r) { counts[1]++; }
        public void square(Square s) { counts[2]++; }
        public void triangle(Triangle t) { counts[3]++; }
        public void ring(Ring r) { counts[4]++; }
    }

    /** Sums a kind-specific measure, calling back into the shapes. */
    static final class Weigher implements Visitor {
        double total;
        public void circle(Circle c) { total += c.area(); }
        public void rect(Rect r) { total += r.w + r.h; }
        public void square(Square s) { total += s.area() * 0.5; }
        public void triangle(Triangle t) { total += t.perimeter(); }
        public void ring(Ring r) { total += r.area() - r.inner; }
    }

    static Shape[] shapes(int n) {
        Shape[] shapes = new Shape[n];
        int seed = 12345;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            double x = 1 + ((seed >>> 16) & 0xff) / 64.0;
            switch (i % 5) {
                case 0: shapes[i] = new Circle(x); break;
                case 1: shapes[i] = new Rect(x, x + 1); break;
                case 2: shapes[i] = new Square(x); break;
                case 3: shapes[i] = new Triangle(x + 1, x + 1, x); break;
                default: shapes[i] = new Ring(x + 1, x / 2); break;
            }
        }
        return shapes;
    }

    public static void main(String[] args) {
        int passes = args.length > 0 ? Integer.parseInt(args[0]) : 2500;
        Shape[] shapes = shapes(1000);
        Census census = new Census();
        Weigher weigher = new Weigher();
        Visitor[] visitors = {census, weigher};
        double area = 0, perimeter = 0;
        long corners = 0;
        for (int p = 0; p < passes; p++) {
            for (Shape s : shapes) {
                area += s.area();
                perimeter += s.perimeter();
                corners += s.corners();
                for (Visitor v : visitors) s.accept(v);
            }
        }
        System.out.printf("area %.6e perimeter %.6e corners %d%n", area, perimeter, corners);
        System.out.printf("weight %.6e%n", weigher.total);
        System.out.println("census " + java.util.Arrays.toString(census.counts));
    }
}
