// Exercises inheritance: overriding, super method calls, abstract classes, field hiding vs
// method overriding, static method hiding, protected access, polymorphic dispatch arrays,
// covariant return types, final methods.
public class InheritanceBasics {
    static abstract class Shape {
        String name = "shape";
        abstract double area();
        String describe() { return name + " with area " + area(); }
        static String kind() { return "Shape.kind"; }
        final String tag() { return "[" + getClass().getSimpleName() + "]"; }
    }

    static class Rect extends Shape {
        String name = "rect";
        final double w, h;
        Rect(double w, double h) { this.w = w; this.h = h; }
        double area() { return w * h; }
        String describe() { return "Rect(" + super.describe() + ")"; }
        static String kind() { return "Rect.kind"; }
        Rect scaled(double k) { return new Rect(w * k, h * k); }
    }

    static class Square extends Rect {
        Square(double s) { super(s, s); }
        @Override String describe() { return "Square:" + super.describe(); }
        @Override Square scaled(double k) { return new Square(w * k); }
    }

    static class Circle extends Shape {
        final double r;
        Circle(double r) { this.r = r; super.name = "circle"; }
        double area() { return Math.PI * r * r; }
    }

    static class Animal {
        String sound() { return "..."; }
        String speak() { return getClass().getSimpleName() + " says " + sound(); }
    }

    static class Dog extends Animal { String sound() { return "woof"; } }
    static class Puppy extends Dog { String sound() { return super.sound() + "ish yip"; } }

    public static void main(String[] args) {
        Shape[] shapes = {new Rect(2, 3), new Square(4), new Circle(1)};
        for (Shape s : shapes) System.out.println(s.tag() + " " + s.describe());
        Rect r = new Square(2);
        Shape sh = r;
        System.out.println("field via Rect ref: " + r.name + ", via Shape ref: " + sh.name);
        System.out.println("static hiding: " + Shape.kind() + " " + Rect.kind());
        Rect scaled = r.scaled(1.5);
        System.out.println("covariant: " + scaled.getClass().getSimpleName() + " area " + scaled.area());
        Animal[] zoo = {new Animal(), new Dog(), new Puppy()};
        for (Animal a : zoo) System.out.println(a.speak());
        double total = 0;
        for (Shape s : shapes) total += s.area();
        System.out.println("total area " + total);
        Object o = new Puppy();
        System.out.println("instanceof chain: " + (o instanceof Animal) + " " + (o instanceof Dog) + " " + (o instanceof Puppy));
        System.out.println("superclass: " + Puppy.class.getSuperclass().getSimpleName() + " " + Dog.class.getSuperclass().getSimpleName());
        System.out.println("done");
    }
}
