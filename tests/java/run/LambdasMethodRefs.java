// Exercises lambdas and method references: capturing locals and fields (instance and
// static), all four method-reference kinds (static, bound, unbound, constructor incl.
// ArrayList::new and int[]::new), Function.andThen/compose/identity, Supplier, Predicate
// and/or/negate, BiFunction, UnaryOperator, BinaryOperator<Integer>, IntFunction,
// ToLongFunction, custom functional interfaces, and a lambda that throws.
import java.util.*;
import java.util.function.*;

public class LambdasMethodRefs {
    private int factor = 3;
    private static String prefix = "#";

    @FunctionalInterface
    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }

    interface Checked { int call() throws Exception; }

    static int twice(int x) { return 2 * x; }

    Function<Integer, Integer> scaler() { return x -> x * factor; }

    static String describe(Checked c) {
        try {
            return "ok " + c.call();
        } catch (Exception e) {
            return "threw " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        int base = 10;
        Function<Integer, Integer> addBase = x -> x + base;
        Function<Integer, Integer> dbl = LambdasMethodRefs::twice;
        System.out.println("andThen " + addBase.andThen(dbl).apply(1) + " compose " + addBase.compose(dbl).apply(1) + " identity " + Function.<Integer>identity().apply(9));
        LambdasMethodRefs obj = new LambdasMethodRefs();
        Function<Integer, Integer> sc = obj.scaler();
        System.out.println("captures field " + sc.apply(5));
        obj.factor = 4;
        System.out.println("sees updated field " + sc.apply(5));
        Supplier<String> sup = () -> prefix + base;
        prefix = "@";
        System.out.println("supplier reads static at call time " + sup.get());
        String greeting = "hello";
        Supplier<Integer> bound = greeting::length;
        Function<String, String> unbound = String::toUpperCase;
        BiFunction<String, Integer, Character> charAt = String::charAt;
        System.out.println("bound " + bound.get() + " unbound " + unbound.apply("abc") + " charAt " + charAt.apply("xyz", 1));
        Supplier<List<String>> ctor = ArrayList::new;
        List<String> made = ctor.get();
        made.add("m");
        Function<Integer, int[]> arrCtor = int[]::new;
        Function<String, StringBuilder> sbCtor = StringBuilder::new;
        System.out.println("ctor refs " + made + " " + arrCtor.apply(4).length + " " + sbCtor.apply("abc").reverse());
        Predicate<String> empty = String::isEmpty;
        Predicate<String> longish = s -> s.length() > 3;
        Predicate<String> p = empty.negate().and(longish.or(s -> s.startsWith("x")));
        for (String s : new String[]{"", "ab", "xy", "abcd"}) System.out.print(s + ":" + p.test(s) + " ");
        System.out.println();
        System.out.println("Predicate.not " + Predicate.not(empty).test("a") + " isEqual " + Predicate.isEqual("q").test("q"));
        BinaryOperator<Integer> add = Integer::sum;
        BinaryOperator<Integer> max = BinaryOperator.maxBy(Comparator.naturalOrder());
        UnaryOperator<String> shout = s -> s + "!";
        System.out.println("binops " + add.apply(3, 4) + " " + max.apply(3, 9) + " " + shout.andThen(shout).apply("hey"));
        IntFunction<String> stars = "*"::repeat;
        ToLongFunction<String> len = s -> (long) s.length() * 1_000_000_000L;
        IntBinaryOperator mul = (a, b) -> a * b;
        IntUnaryOperator inc = x -> x + 1;
        IntPredicate even = x -> x % 2 == 0;
        DoubleUnaryOperator half = d -> d / 2;
        System.out.println("primitive fns " + stars.apply(3) + " " + len.applyAsLong("abcde") + " " + mul.applyAsInt(6, 7) + " " + inc.andThen(inc).applyAsInt(0) + " " + even.test(4) + " " + half.applyAsDouble(5));
        TriFunction<Integer, Integer, Integer, Integer> vol = (a, b, c) -> a * b * c;
        System.out.println("custom tri " + vol.apply(2, 3, 4));
        Consumer<List<String>> addX = l -> l.add("x");
        Consumer<List<String>> addY = l -> l.add("y");
        List<String> target = new ArrayList<>();
        addX.andThen(addY).andThen(addX).accept(target);
        System.out.println("consumer chain " + target);
        BiConsumer<String, Integer> printer = (k, v) -> System.out.print(k + "=" + v + " ");
        new TreeMap<>(Map.of("b", 2, "a", 1)).forEach(printer);
        System.out.println();
        System.out.println(describe(() -> 42));
        System.out.println(describe(() -> { throw new java.io.IOException("io in lambda"); }));
        System.out.println(describe(() -> Integer.parseInt("nope")));
        Runnable thrower = () -> { throw new IllegalStateException("from runnable"); };
        try {
            thrower.run();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
        List<Supplier<Integer>> sups = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            final int j = i;
            sups.add(() -> j * j);
        }
        StringBuilder sb = new StringBuilder();
        for (Supplier<Integer> s : sups) sb.append(s.get()).append(',');
        System.out.println("captured loop vars " + sb);
        Function<Integer, Function<Integer, Integer>> curried = a -> b -> a - b;
        System.out.println("curried " + curried.apply(10).apply(3));
        Comparator<String> cmp = Comparator.comparing(String::length);
        List<String> ws = new ArrayList<>(List.of("ccc", "a", "bb", "dd"));
        ws.sort(cmp.reversed().thenComparing(Function.identity()));
        System.out.println("comparator " + ws);
        Optional<Integer> o = Optional.of(5).map(dbl).filter(x -> x > 5);
        System.out.println("optional via refs " + o.orElse(-1));
        System.out.println("done");
    }
}
