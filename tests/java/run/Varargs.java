// Exercises varargs: zero/one/many arguments, passing an explicit array, passing null
// (array null vs. one null element), overload resolution between fixed-arity and varargs,
// primitive varargs, generic varargs (List.of/Arrays.asList), and String.format varargs.
import java.util.*;

public class Varargs {
    static String count(Object... xs) {
        if (xs == null) return "array is null";
        return xs.length + " args " + Arrays.toString(xs);
    }

    static int sum(int... nums) {
        int s = 0;
        for (int n : nums) s += n;
        return s;
    }

    static String over(int a) { return "fixed(int)"; }
    static String over(int a, int b) { return "fixed(int,int)"; }
    static String over(int... a) { return "varargs(" + a.length + ")"; }
    static String over(long a) { return "fixed(long)"; }

    static String mixed(String label, double... vals) {
        return label + ":" + Arrays.toString(vals);
    }

    @SafeVarargs
    static <T> List<T> listOf(T... items) { return new ArrayList<>(Arrays.asList(items)); }

    static String strs(String... ss) { return ss.getClass().getSimpleName() + " len " + ss.length; }

    public static void main(String[] args) {
        System.out.println(count());
        System.out.println(count(1));
        System.out.println(count(1, "two", 3.0));
        System.out.println(count(new Object[]{"a", "b"}));
        System.out.println(count((Object) new Object[]{"a", "b"}).startsWith("1 args"));
        System.out.println(count((Object[]) null));
        System.out.println(count((Object) null));
        System.out.println(count(null, null));
        System.out.println(count(new String[]{"s1", "s2", "s3"}));
        System.out.println(count(new int[]{1, 2}).startsWith("1 args"));
        System.out.println("sum " + sum() + " " + sum(5) + " " + sum(1, 2, 3, 4) + " " + sum(new int[]{10, 20}));
        System.out.println("overloads " + over(1) + " " + over(1, 2) + " " + over(1, 2, 3) + " " + over() + " " + over(5L));
        System.out.println(mixed("empty") + " " + mixed("vals", 1, 2.5f, 3L));
        List<String> l = listOf("x", "y");
        l.add("z");
        System.out.println("generic varargs " + l + " " + listOf(1, 2, 3).size() + " " + listOf().size());
        System.out.println(strs() + " / " + strs("a", "b"));
        System.out.println(String.format("%s-%s-%s", "a", 1, 'c') + " " + String.format("%s", (Object) new String[]{"only"}.length));
        System.out.println("Arrays.asList of int[] size " + Arrays.asList(new int[]{1, 2, 3}).size() + ", of Integer[] size " + Arrays.asList(new Integer[]{1, 2, 3}).size());
        System.out.println("max " + Collections.max(Arrays.asList(4, 8, 2)));
        System.out.println("done");
    }
}
