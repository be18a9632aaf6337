// Call sites seen by one, two and three receiver classes in turn (virtual and interface
// calls, overriding and inherited methods), which the call-site caches must select for
// exactly as a fresh selection would: every result feeds a checksum, so one wrong target
// changes the output. A null receiver at a site with cached classes still throws.
public class InlineCaches {
    interface Shape {
        int sides();

        default int weight() {
            return sides() * 10;
        }
    }

    static class Tri implements Shape {
        public int sides() {
            return 3;
        }
    }

    static class Quad implements Shape {
        public int sides() {
            return 4;
        }

        @Override
        public int weight() {
            return 7;
        }
    }

    static class Square extends Quad {
        @Override
        public int sides() {
            return 40;
        }
    }

    static class Pent extends Tri {
        @Override
        public int sides() {
            return 5;
        }
    }

    static abstract class Animal {
        abstract String name();

        String greet() {
            return "I am " + name();
        }
    }

    static class Cat extends Animal {
        String name() {
            return "cat";
        }
    }

    static class Dog extends Animal {
        String name() {
            return "dog";
        }

        @Override
        String greet() {
            return "Woof, " + name();
        }
    }

    static class Puppy extends Dog {
        @Override
        String name() {
            return "puppy";
        }
    }

    static long run(Shape[] shapes, int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < shapes.length; i++) {
                Shape s = shapes[i];
                sum = sum * 31 + s.sides() * (i + 1);
                sum = sum * 31 + s.weight();
            }
        }
        return sum;
    }

    static String greetAll(Animal[] animals) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < 3; r++) {
            for (Animal a : animals) {
                out.append(a.greet()).append(';');
            }
        }
        return out.toString();
    }

    public static void main(String[] args) {
        Shape tri = new Tri(), quad = new Quad(), square = new Square(), pent = new Pent();
        System.out.println("one " + run(new Shape[] {tri}, 50));
        System.out.println("two " + run(new Shape[] {tri, quad}, 50));
        System.out.println("three " + run(new Shape[] {tri, quad, square}, 50));
        System.out.println("four " + run(new Shape[] {pent, tri, square, quad, tri, pent}, 50));
        System.out.println("runs " + run(new Shape[] {tri, tri, quad, quad, square, tri}, 50));
        System.out.println(greetAll(new Animal[] {new Cat(), new Dog()}));
        System.out.println(greetAll(new Animal[] {new Dog(), new Puppy(), new Cat()}));
        Shape[] withNull = {tri, quad, null};
        try {
            run(withNull, 2);
        } catch (NullPointerException e) {
            System.out.println("NPE " + e.getMessage());
        }
    }
}
