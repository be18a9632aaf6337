import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/** Java 8 language features; compiled with --release 8, 11, 17 (and 21) by the version test. */
public class Classic {
    interface Greeter { String greet(String who); default Greeter twice() { return w -> greet(greet(w)); } }
    static abstract class Animal { abstract String sound(); public String toString() { return getClass().getSimpleName() + ":" + sound(); } }
    static class Dog extends Animal { String sound() { return "woof"; } }
    static class Cat extends Animal { String sound() { return "meow"; } }

    public static void main(String[] args) throws Exception {
        Greeter g = w -> "hi " + w;
        System.out.println(g.twice().greet("bob"));
        List<Animal> zoo = Arrays.asList(new Dog(), new Cat(), new Dog());
        System.out.println(zoo);
        Map<String, Long> counts = zoo.stream().collect(Collectors.groupingBy(Animal::sound, TreeMap::new, Collectors.counting()));
        System.out.println(counts);
        String s = "two";
        switch (s) {
            case "one": System.out.println(1); break;
            case "two": System.out.println(2); break;
            default: System.out.println(0);
        }
        Supplier<List<Integer>> make = ArrayList::new;
        List<Integer> xs = make.get();
        for (int i = 0; i < 5; i++) xs.add(i * i);
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        System.out.println(xs.stream().reduce(0, add::apply) + " " + xs);
        Runnable r = new Runnable() { public void run() { System.out.println("anonymous " + getClass().getName()); } };
        r.run();
        int[][] grid = new int[3][4];
        grid[2][3] = 7;
        System.out.println(Arrays.deepToString(grid));
        StringBuilder sb = new StringBuilder();
        for (char c : "hello".toCharArray()) sb.insert(0, c);
        System.out.println(sb + " " + String.join("-", "a", "b", "c") + " " + 1.5f + " " + 'x' + 10L);
        try (AutoCloseable res = () -> System.out.println("closed")) {
            System.out.println("in try");
        }
        Optional<String> first = Stream.of("pear", "apple", "fig").sorted().findFirst();
        System.out.println(first.orElse("none"));
        Thread t = new Thread(() -> System.out.println("thread ran"));
        t.start();
        t.join();
        assert xs.size() == 5 : "size";
        System.out.println("done");
    }
}
