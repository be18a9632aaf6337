// Exercises records: generated toString/equals/hashCode (hash printed only for records of
// ints/Strings/longs/booleans), accessors, compact constructors with validation and
// normalization, static factories, custom methods, nested records, records implementing
// interfaces, record with array component (equals is by reference), generic records.
import java.util.*;

public class RecordsFeatures {
    record Point(int x, int y) {
        static Point origin() { return new Point(0, 0); }
        Point plus(Point o) { return new Point(x + o.x, y + o.y); }
        double dist() { return Math.sqrt(x * x + y * y); }
    }

    record Range(int lo, int hi) {
        Range {
            if (lo > hi) throw new IllegalArgumentException("lo > hi: " + lo + " > " + hi);
        }
        int length() { return hi - lo; }
    }

    record Name(String first, String last) {
        Name {
            first = first.trim();
            last = last.toUpperCase();
        }
        @Override public String toString() { return first + " " + last; }
    }

    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }
    record Square(double side) implements Shape { public double area() { return side * side; } }

    record Account(String id, long balance, boolean active) { }
    record Line(Point from, Point to) { }
    record Bag(int[] items) { }
    record Pair<A, B>(A first, B second) { }

    public static void main(String[] args) {
        Point p = new Point(3, 4);
        System.out.println(p + " x=" + p.x() + " y=" + p.y() + " dist=" + p.dist());
        System.out.println("equals " + p.equals(new Point(3, 4)) + " " + p.equals(new Point(4, 3)) + " == " + (p == new Point(3, 4)));
        System.out.println("hashCodes " + p.hashCode() + " " + new Point(3, 4).hashCode() + " " + Point.origin().hashCode() + " " + new Point(-1, 7).hashCode());
        System.out.println("plus " + p.plus(new Point(1, 1)) + " origin " + Point.origin());
        Range r = new Range(2, 9);
        System.out.println(r + " length " + r.length());
        try {
            new Range(5, 1);
        } catch (IllegalArgumentException e) {
            System.out.println("compact ctor: " + e.getMessage());
        }
        Name n = new Name("  ada ", "lovelace");
        System.out.println("normalized [" + n + "] first=[" + n.first() + "] hash " + n.hashCode() + " eq " + n.equals(new Name("ada", "LOVELACE")));
        List<Shape> shapes = List.of(new Circle(1), new Square(2));
        for (Shape s : shapes) System.out.println(s + " area " + s.area());
        Account a = new Account("acc-1", 10_000_000_000L, true);
        System.out.println(a + " hash " + a.hashCode());
        Line l = new Line(new Point(0, 0), new Point(1, 2));
        System.out.println(l + " hash " + l.hashCode() + " eq " + l.equals(new Line(Point.origin(), new Point(1, 2))));
        int[] items = {1, 2};
        Bag b1 = new Bag(items), b2 = new Bag(items), b3 = new Bag(new int[]{1, 2});
        System.out.println("array component equals same ref " + b1.equals(b2) + " different ref " + b1.equals(b3));
        Pair<String, Integer> pair = new Pair<>("k", 7);
        System.out.println(pair + " hash " + pair.hashCode());
        Set<Point> set = new HashSet<>(List.of(new Point(1, 1), new Point(1, 1), new Point(2, 2)));
        System.out.println("set size " + set.size());
        Map<Point, String> map = new TreeMap<>(Comparator.comparingInt(Point::x).thenComparingInt(Point::y));
        map.put(new Point(2, 1), "b");
        map.put(new Point(1, 5), "a");
        map.put(new Point(2, 0), "c");
        System.out.println("sorted map " + map);
        Object o = new Point(5, 6);
        if (o instanceof Point pt && pt.x() < pt.y()) System.out.println("pattern on record " + pt.x() * pt.y());
        System.out.println("isRecord " + Point.class.isRecord() + " " + String.class.isRecord());
        System.out.println("nullable component " + new Pair<String, String>(null, "x") + " eq " + new Pair<String, String>(null, "x").equals(new Pair<>(null, "x")) + " hash " + new Pair<String, String>(null, "x").hashCode());
        System.out.println("done");
    }
}
