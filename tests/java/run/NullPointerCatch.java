// Exercises NullPointerException sources, each caught (only the class name is printed):
// field access, method call, array access/length, unboxing, throw null, synchronized(null),
// string switch on null, and Objects.requireNonNull (message printed since it is explicit).
import java.util.*;

public class NullPointerCatch {
    static class Node { int val; Node next; }

    interface Action { void run() throws Throwable; }

    static void attempt(String label, Action a) {
        try {
            a.run();
            System.out.println(label + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(label + ": " + e.getClass().getName());
        } catch (Throwable t) {
            System.out.println(label + ": other " + t.getClass().getName());
        }
    }

    public static void main(String[] args) {
        Node n = new Node();
        attempt("field read", () -> System.out.println(n.next.val));
        attempt("field write", () -> n.next.val = 3);
        attempt("method call", () -> { String s = null; s.length(); });
        attempt("array length", () -> { int[] a = null; System.out.println(a.length); });
        attempt("array load", () -> { long[] a = null; System.out.println(a[0]); });
        attempt("unboxing", () -> { Integer i = null; int x = i + 1; });
        attempt("throw null", () -> { throw null; });
        attempt("synchronized null", () -> { Object lock = null; synchronized (lock) { System.out.println("x"); } });
        attempt("switch on null string", () -> { String s = null; switch (s) { default: System.out.println("x"); } });
        attempt("enhanced for null", () -> { List<String> l = null; for (String s : l) System.out.println(s); });
        attempt("TreeMap null key", () -> new TreeMap<String, Integer>().put(null, 1));
        attempt("List.of null", () -> List.of("a", null));
        attempt("HashMap null key ok", () -> new HashMap<String, Integer>().put(null, 1));
        attempt("string concat null ok", () -> { String s = null; String t = "x" + s; });
        try {
            Objects.requireNonNull(null, "thing must not be null");
        } catch (NullPointerException e) {
            System.out.println("requireNonNull: " + e.getMessage());
        }
        String s = null;
        System.out.println("equals with null: " + "a".equals(s) + " " + Objects.equals(s, null));
        System.out.println("valueOf null: " + String.valueOf((Object) null));
        Optional<String> o = Optional.ofNullable(s);
        System.out.println("optional empty: " + o.isPresent());
        System.out.println("done");
    }
}
