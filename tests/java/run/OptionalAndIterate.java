// Exercises java.util.Optional: of/ofNullable/empty, map/flatMap/filter, orElse/orElseGet
// (laziness), orElseThrow (NoSuchElementException message), ifPresent/ifPresentOrElse,
// isEmpty/isPresent, or(), stream(), equals/toString, OptionalInt/OptionalDouble, and
// Stream.iterate with limit producing sequences.
import java.util.*;
import java.util.stream.*;

public class OptionalAndIterate {
    static int calls = 0;

    static String expensive() {
        calls++;
        return "computed";
    }

    static Optional<Integer> parse(String s) {
        try {
            return Optional.of(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    public static void main(String[] args) {
        Optional<String> some = Optional.of("value");
        Optional<String> none = Optional.ofNullable(null);
        System.out.println("toString " + some + " " + none + " " + Optional.empty().equals(none));
        System.out.println("map " + some.map(String::length).orElse(-1) + " " + none.map(String::length).orElse(-1));
        System.out.println("isEmpty " + none.isEmpty() + " isPresent " + some.isPresent());
        System.out.println("orElse eager: " + some.orElse(expensive()) + " calls=" + calls);
        System.out.println("orElseGet lazy: " + some.orElseGet(OptionalAndIterate::expensive) + " calls=" + calls);
        System.out.println("orElseGet on empty: " + none.orElseGet(OptionalAndIterate::expensive) + " calls=" + calls);
        some.ifPresent(v -> System.out.println("ifPresent got " + v));
        none.ifPresent(v -> System.out.println("never"));
        none.ifPresentOrElse(v -> System.out.println("never"), () -> System.out.println("ifPresentOrElse empty branch"));
        System.out.println("filter " + some.filter(s -> s.startsWith("v")).isPresent() + " " + some.filter(s -> s.startsWith("x")).isPresent());
        System.out.println("flatMap " + Optional.of("42").flatMap(OptionalAndIterate::parse) + " " + Optional.of("x").flatMap(OptionalAndIterate::parse));
        System.out.println("or " + none.or(() -> Optional.of("alt")).get());
        try {
            none.orElseThrow();
        } catch (NoSuchElementException e) {
            System.out.println("orElseThrow: " + e.getMessage());
        }
        try {
            none.orElseThrow(() -> new IllegalArgumentException("custom missing"));
        } catch (IllegalArgumentException e) {
            System.out.println("orElseThrow supplier: " + e.getMessage());
        }
        try {
            Optional.of(null);
        } catch (NullPointerException e) {
            System.out.println("Optional.of(null) -> NPE");
        }
        System.out.println("stream " + Stream.of("1", "a", "3").map(OptionalAndIterate::parse).flatMap(Optional::stream).collect(Collectors.toList()));
        OptionalInt oi = IntStream.of(4, 9, 2).max();
        OptionalDouble od = IntStream.empty().average();
        System.out.println("OptionalInt " + oi + " " + oi.getAsInt() + " OptionalDouble " + od + " " + od.orElse(Double.NaN));
        System.out.println("hashCode " + some.hashCode() + " " + none.hashCode());
        System.out.println("iterate powers " + Stream.iterate(1L, x -> x * 2).limit(20).collect(Collectors.toList()));
        System.out.println("iterate fib " + Stream.iterate(new long[]{0, 1}, f -> new long[]{f[1], f[0] + f[1]}).limit(15).map(f -> f[0]).collect(Collectors.toList()));
        System.out.println("collatz 27 steps " + Stream.iterate(27, n -> n != 1, n -> n % 2 == 0 ? n / 2 : 3 * n + 1).count());
        System.out.println("IntStream.iterate " + IntStream.iterate(100, x -> x - 7).limit(6).boxed().collect(Collectors.toList()));
        System.out.println("findFirst " + Stream.iterate(1, x -> x + 1).filter(x -> x * x > 200).findFirst().get());
        System.out.println("done");
    }
}
