// Exercises streams: IntStream.range/rangeClosed/sum/average/summaryStatistics,
// filter/map/collect(toList), groupingBy into a TreeMap with counting and mapping,
// joining with prefix/suffix, partitioningBy, toMap (then sorted), reduce (identity and
// Optional), sorted with comparing().thenComparing(), flatMap, distinct, limit/skip,
// anyMatch/allMatch/noneMatch, mapToObj, boxed, peek order, iterate with predicate.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class StreamsCollectors {
    record Person(String name, String city, int age) { }

    public static void main(String[] args) {
        System.out.println("range sum " + IntStream.range(0, 10).sum() + " rangeClosed " + IntStream.rangeClosed(1, 100).sum());
        System.out.println("average " + IntStream.of(1, 2, 3, 4).average().getAsDouble() + " empty avg present " + IntStream.empty().average().isPresent());
        IntSummaryStatistics st = IntStream.rangeClosed(1, 10).map(x -> x * x).summaryStatistics();
        System.out.println("stats " + st.getMin() + " " + st.getMax() + " " + st.getSum() + " " + st.getAverage() + " " + st.getCount());
        List<Person> people = List.of(
                new Person("Ann", "Oslo", 34), new Person("Bob", "Rome", 25), new Person("Cid", "Oslo", 25),
                new Person("Dee", "Lima", 41), new Person("Eve", "Rome", 34), new Person("Fay", "Oslo", 19));
        List<String> adults = people.stream().filter(p -> p.age() >= 21).map(Person::name).collect(Collectors.toList());
        System.out.println("adults " + adults);
        Map<String, Long> perCity = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.counting()));
        System.out.println("per city " + perCity);
        Map<String, List<String>> namesByCity = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.mapping(Person::name, Collectors.toList())));
        System.out.println("names by city " + namesByCity);
        Map<Integer, Double> avgAgeByDecade = people.stream().collect(Collectors.groupingBy(p -> p.age() / 10 * 10, TreeMap::new, Collectors.averagingInt(Person::age)));
        System.out.println("avg age by decade " + avgAgeByDecade);
        System.out.println("joining " + people.stream().map(Person::name).collect(Collectors.joining(", ", "[", "]")));
        Map<Boolean, List<Integer>> parts = IntStream.rangeClosed(1, 10).boxed().collect(Collectors.partitioningBy(x -> x % 3 == 0));
        System.out.println("partitioningBy " + parts);
        Map<String, Integer> ageByName = people.stream().collect(Collectors.toMap(Person::name, Person::age));
        System.out.println("toMap sorted " + new TreeMap<>(ageByName));
        Map<String, Integer> oldestPerCity = people.stream().collect(Collectors.toMap(Person::city, Person::age, Math::max, TreeMap::new));
        System.out.println("toMap merge " + oldestPerCity);
        try {
            people.stream().collect(Collectors.toMap(Person::city, Person::age));
        } catch (IllegalStateException e) {
            System.out.println("duplicate key: " + e.getMessage());
        }
        System.out.println("reduce " + IntStream.rangeClosed(1, 5).reduce(1, (a, b) -> a * b) + " " + Stream.of(3, 9, 2).reduce(Integer::max).get() + " " + Stream.<Integer>empty().reduce(Integer::sum).isPresent());
        List<Person> sorted = people.stream().sorted(Comparator.comparing(Person::age).thenComparing(Person::name, Comparator.reverseOrder())).collect(Collectors.toList());
        System.out.println("sorted " + sorted.stream().map(p -> p.name() + p.age()).collect(Collectors.joining(" ")));
        List<List<Integer>> nested = List.of(List.of(1, 2), List.of(3), List.of(), List.of(4, 5, 6));
        System.out.println("flatMap " + nested.stream().flatMap(List::stream).map(x -> x * 10).collect(Collectors.toList()));
        System.out.println("distinct " + Stream.of(5, 1, 5, 2, 1, 3).distinct().collect(Collectors.toList()));
        System.out.println("limit/skip " + IntStream.range(0, 100).skip(10).limit(5).boxed().collect(Collectors.toList()));
        System.out.println("match " + IntStream.range(0, 10).anyMatch(x -> x > 8) + " " + IntStream.range(0, 10).allMatch(x -> x < 10) + " " + IntStream.range(0, 10).noneMatch(x -> x == 5));
        System.out.println("mapToObj " + IntStream.rangeClosed(1, 5).mapToObj(i -> "#" + i).collect(Collectors.joining()));
        List<String> trace = new ArrayList<>();
        List<Integer> res = Stream.of(1, 2, 3, 4).peek(x -> trace.add("p" + x)).filter(x -> x % 2 == 0).peek(x -> trace.add("f" + x)).collect(Collectors.toList());
        System.out.println("lazy order " + trace + " -> " + res);
        System.out.println("iterate " + Stream.iterate(1, x -> x < 200, x -> x * 3).collect(Collectors.toList()));
        System.out.println("mapToInt sum " + people.stream().mapToInt(Person::age).sum() + " max " + people.stream().max(Comparator.comparingInt(Person::age)).map(Person::name).orElse("?"));
        System.out.println("count " + Stream.of("a", "bb", "cc").filter(s -> s.length() == 2).count());
        System.out.println("toSet sorted " + new TreeSet<>(Stream.of("z", "a", "z").collect(Collectors.toSet())));
        System.out.println("chars " + "hello".chars().mapToObj(c -> (char) c).map(String::valueOf).sorted().collect(Collectors.joining()));
        System.out.println("summingLong " + Stream.of("aaa", "b").collect(Collectors.summingLong(String::length)));
        System.out.println("collectingAndThen " + Stream.of(3, 1, 2).collect(Collectors.collectingAndThen(Collectors.toList(), Collections::unmodifiableList)));
        System.out.println("LongStream " + LongStream.rangeClosed(1, 20).reduce(1L, (a, b) -> a * b));
        System.out.println("DoubleStream " + DoubleStream.of(0.5, 1.5, 2.0).map(d -> d * 2).sum());
        System.out.println("Stream.toList " + Stream.of(1, 2, 3).map(x -> x * x).toList());
        System.out.println("takeWhile/dropWhile " + Stream.of(1, 2, 5, 1).takeWhile(x -> x < 3).toList() + " " + Stream.of(1, 2, 5, 1).dropWhile(x -> x < 3).toList());
        System.out.println("generate " + Stream.generate(() -> "g").limit(3).collect(Collectors.joining()));
        System.out.println("done");
    }
}
