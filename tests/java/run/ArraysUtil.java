// Exercises java.util.Arrays: toString, sort (primitive, objects, ranges, comparators),
// fill, copyOf, copyOfRange, equals, binarySearch (found/not found), asList, hashCode,
// stream, compare and mismatch.
import java.util.*;

public class ArraysUtil {
    public static void main(String[] args) {
        int[] a = {5, 3, 9, 1, 7, 3, -2, 0};
        System.out.println("orig " + Arrays.toString(a) + " hash " + Arrays.hashCode(a));
        int[] sorted = a.clone();
        Arrays.sort(sorted);
        System.out.println("sorted " + Arrays.toString(sorted));
        for (int key : new int[]{7, -2, 4, 100, -5}) System.out.println("binarySearch " + key + " -> " + Arrays.binarySearch(sorted, key));
        int[] part = a.clone();
        Arrays.sort(part, 2, 6);
        System.out.println("sort range " + Arrays.toString(part));
        double[] d = {3.5, -0.0, 0.0, Double.NaN, -1, Double.NEGATIVE_INFINITY};
        Arrays.sort(d);
        System.out.println("doubles sorted " + Arrays.toString(d));
        String[] words = {"pear", "Apple", "fig", "banana", "apple", "Cherry"};
        String[] w1 = words.clone();
        Arrays.sort(w1);
        System.out.println("strings " + Arrays.toString(w1));
        Arrays.sort(w1, String.CASE_INSENSITIVE_ORDER);
        System.out.println("case-insens " + Arrays.toString(w1));
        Arrays.sort(w1, Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println("by length then reverse " + Arrays.toString(w1));
        int[] filled = new int[6];
        Arrays.fill(filled, 7);
        Arrays.fill(filled, 1, 3, -1);
        System.out.println("fill " + Arrays.toString(filled));
        int[] grown = Arrays.copyOf(a, 10);
        int[] shrunk = Arrays.copyOf(a, 3);
        System.out.println("copyOf " + Arrays.toString(grown) + " " + Arrays.toString(shrunk));
        System.out.println("copyOfRange " + Arrays.toString(Arrays.copyOfRange(a, 2, 5)) + " " + Arrays.toString(Arrays.copyOfRange(a, 6, 10)));
        String[] sc = Arrays.copyOf(words, 7);
        System.out.println("copyOf strings " + Arrays.toString(sc));
        System.out.println("equals " + Arrays.equals(new int[]{1, 2}, new int[]{1, 2}) + " " + Arrays.equals(new int[]{1, 2}, new int[]{2, 1}));
        List<String> list = Arrays.asList(words);
        System.out.println("asList " + list + " size " + list.size());
        list.set(0, "PEAR");
        System.out.println("write-through " + words[0]);
        try {
            list.add("x");
        } catch (UnsupportedOperationException e) {
            System.out.println("asList add -> UnsupportedOperationException");
        }
        System.out.println("hashCode strings " + Arrays.hashCode(new String[]{"a", "b"}) + " longs " + Arrays.hashCode(new long[]{1L << 40, -1}));
        System.out.println("hashCode doubles " + Arrays.hashCode(new double[]{1.5, -0.0}) + " booleans " + Arrays.hashCode(new boolean[]{true, false}));
        System.out.println("stream sum " + Arrays.stream(a).sum() + " max " + Arrays.stream(a).max().getAsInt());
        System.out.println("compare " + Arrays.compare(new int[]{1, 2, 3}, new int[]{1, 2, 4}) + " mismatch " + Arrays.mismatch(new int[]{1, 2, 3}, new int[]{1, 9, 3}));
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed, Collections.reverseOrder());
        System.out.println("boxed reverse " + Arrays.toString(boxed));
        char[] cs = "hello world".toCharArray();
        Arrays.sort(cs);
        System.out.println("chars sorted '" + new String(cs) + "'");
        long[] big = new long[50];
        for (int i = 0; i < big.length; i++) big[i] = (i * 7919L) % 101 - 50;
        Arrays.sort(big);
        System.out.println("big sorted " + Arrays.toString(big));
        System.out.println("toString null " + Arrays.toString((int[]) null));
        System.out.println("done");
    }
}
