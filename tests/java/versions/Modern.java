import java.util.*;

/** Java 17 language features; compiled with --release 17 (and 21) by the version test. */
public class Modern {
    sealed interface Shape permits Circle, Square, Rect {}
    record Circle(double r) implements Shape {}
    record Square(double side) implements Shape {}
    record Rect(double w, double h) implements Shape {
        Rect {
            if (w < 0 || h < 0) throw new IllegalArgumentException("negative");
        }
    }
    enum Level { LOW, MID, HIGH }

    static double area(Shape s) {
        if (s instanceof Circle c) return Math.PI * c.r() * c.r();
        if (s instanceof Square q) return q.side() * q.side();
        Rect r = (Rect) s;
        return r.w() * r.h();
    }

    static String describe(Level l) {
        return switch (l) {
            case LOW -> "low";
            case MID -> {
                String m = "mid";
                yield m.toUpperCase();
            }
            case HIGH -> "high!";
        };
    }

    public static void main(String[] args) {
        var shapes = List.of(new Circle(1), new Square(2), new Rect(2, 3));
        for (var s : shapes) System.out.printf("%s %.3f%n", s, area(s));
        System.out.println(new Rect(1, 2).equals(new Rect(1, 2)) + " " + new Square(2).hashCode());
        for (Level l : Level.values()) System.out.println(describe(l));
        String text = """
            Hello,
              text block!
            """;
        System.out.print(text);
        try {
            new Rect(-1, 2);
        } catch (IllegalArgumentException e) {
            System.out.println("rejected: " + e.getMessage());
        }
        System.out.println(Modern.class.getPermittedSubclasses() == null ? "none" : "sealed");
        System.out.println(Shape.class.isSealed() + " " + Circle.class.isRecord());
        System.out.println("done");
    }
}
