// Exercises generics: generic methods with inference, bounded type parameters
// (<T extends Comparable<? super T>>), wildcards (? extends / ? super, PECS), generic class
// hierarchies with bridge methods (Comparable<Foo> called through raw Comparable, with a
// ClassCastException from the bridge), overriding a generic method with a concrete type,
// covariant returns, recursive generics, and type erasure observations.
import java.util.*;
import java.util.function.*;

public class GenericsBridge {
    static final class Version implements Comparable<Version> {
        final int major, minor;
        Version(int major, int minor) { this.major = major; this.minor = minor; }
        public int compareTo(Version o) {
            return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
        }
        public String toString() { return major + "." + minor; }
    }

    static class Box<T> {
        protected T value;
        Box(T value) { this.value = value; }
        T get() { return value; }
        void set(T v) { value = v; }
        <R> Box<R> map(Function<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }
        public String toString() { return "Box(" + value + ")"; }
    }

    static class IntBox extends Box<Integer> {
        IntBox(int v) { super(v); }
        @Override Integer get() { return value * 10; }
        @Override void set(Integer v) { value = v + 1; }
    }

    interface Transformer<A, B> { B transform(A a); }

    static class Lengther implements Transformer<String, Integer> {
        public Integer transform(String s) { return s.length(); }
    }

    static abstract class Node<N extends Node<N>> {
        final List<N> children = new ArrayList<>();
        abstract N self();
        N add(N child) { children.add(child); return self(); }
    }

    static class Dir extends Node<Dir> {
        final String name;
        Dir(String name) { this.name = name; }
        Dir self() { return this; }
    }

    static <T extends Comparable<? super T>> T max(Collection<? extends T> items) {
        Iterator<? extends T> it = items.iterator();
        T best = it.next();
        while (it.hasNext()) {
            T x = it.next();
            if (x.compareTo(best) > 0) best = x;
        }
        return best;
    }

    static double sum(Collection<? extends Number> nums) {
        double s = 0;
        for (Number n : nums) s += n.doubleValue();
        return s;
    }

    static void fill(List<? super Integer> sink, int n) {
        for (int i = 0; i < n; i++) sink.add(i);
    }

    static <K, V extends Comparable<V>> K argMax(Map<K, V> m) {
        K best = null;
        V bv = null;
        for (Map.Entry<K, V> e : m.entrySet()) if (bv == null || e.getValue().compareTo(bv) > 0) { best = e.getKey(); bv = e.getValue(); }
        return best;
    }

    static <T> List<T> repeat(T x, int n) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(x);
        return out;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void main(String[] args) {
        List<Version> vs = new ArrayList<>(List.of(new Version(1, 10), new Version(2, 0), new Version(1, 2)));
        Collections.sort(vs);
        System.out.println("sorted versions " + vs + " max " + max(vs));
        Comparable raw = new Version(3, 1);
        System.out.println("raw compareTo via bridge " + raw.compareTo(new Version(3, 0)));
        try {
            raw.compareTo("not a version");
        } catch (ClassCastException e) {
            System.out.println("bridge cast failure: " + e.getMessage());
        }
        Box<Integer> b = new IntBox(4);
        b.set(5);
        System.out.println("IntBox via Box ref get " + b.get() + " " + b);
        Box rawBox = b;
        try {
            rawBox.set("str");
        } catch (ClassCastException e) {
            System.out.println("bridge set failure: " + e.getClass().getSimpleName());
        }
        Box<String> sb = new Box<>("hello").map(String::toUpperCase);
        Box<Integer> lb = sb.map(String::length);
        System.out.println("map chain " + sb + " " + lb);
        Transformer rawT = new Lengther();
        System.out.println("raw transformer " + rawT.transform("four"));
        Dir root = new Dir("root").add(new Dir("a")).add(new Dir("b"));
        System.out.println("recursive generics children " + root.children.size() + " first " + root.children.get(0).name);
        System.out.println("max strings " + max(List.of("pear", "apple", "zoo")) + " max ints " + max(Set.of(3, 9, 1)));
        System.out.println("sum " + sum(List.of(1, 2.5, 3L, (short) 4)));
        List<Number> sink = new ArrayList<>();
        fill(sink, 4);
        List<Object> osink = new ArrayList<>();
        fill(osink, 2);
        System.out.println("PECS " + sink + " " + osink);
        System.out.println("argMax " + argMax(new TreeMap<>(Map.of("a", 3, "b", 7, "c", 5))));
        System.out.println("repeat " + repeat("x", 3) + " " + GenericsBridge.<Integer>repeat(7, 2));
        List<String> ls = new ArrayList<>();
        List<Integer> li = new ArrayList<>();
        System.out.println("erasure same class " + (ls.getClass() == li.getClass()));
        List rawList = ls;
        rawList.add(42);
        try {
            String s = ls.get(0);
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("heap pollution: " + e.getMessage());
        }
        Map<String, List<Map<Integer, String>>> deep = new TreeMap<>();
        deep.computeIfAbsent("k", k -> new ArrayList<>()).add(Map.of(1, "one"));
        System.out.println("nested generics " + deep);
        BiFunction<Integer, Integer, ? extends Number> bf = (x, y) -> x * y;
        System.out.println("wildcard function " + bf.apply(6, 7));
        System.out.println("done");
    }
}
