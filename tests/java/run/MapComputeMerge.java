// Exercises Map default methods: computeIfAbsent, computeIfPresent, compute, merge (incl.
// removal by returning null), getOrDefault, putIfAbsent, replace, replaceAll, forEach,
// remove(key, value), and entry comparators on TreeMap/HashMap results.
import java.util.*;

public class MapComputeMerge {
    public static void main(String[] args) {
        Map<String, Integer> counts = new TreeMap<>();
        String text = "the cat and the hat and the bat sat on the mat";
        for (String w : text.split(" ")) counts.merge(w, 1, Integer::sum);
        System.out.println("merge counts " + counts);
        Map<Integer, List<String>> byLen = new TreeMap<>();
        for (String w : text.split(" ")) byLen.computeIfAbsent(w.length(), k -> new ArrayList<>()).add(w);
        System.out.println("computeIfAbsent " + byLen);
        counts.computeIfPresent("the", (k, v) -> v * 10);
        counts.computeIfPresent("zebra", (k, v) -> 1);
        counts.computeIfPresent("on", (k, v) -> null);
        System.out.println("computeIfPresent " + counts);
        counts.compute("cat", (k, v) -> v == null ? 1 : v + 100);
        counts.compute("dog", (k, v) -> v == null ? 1 : v + 100);
        System.out.println("compute " + counts);
        counts.merge("mat", 5, (a, b) -> null);
        System.out.println("merge to null removes mat: " + counts.containsKey("mat"));
        System.out.println("getOrDefault " + counts.getOrDefault("hat", -1) + " " + counts.getOrDefault("cow", -1));
        System.out.println("putIfAbsent " + counts.putIfAbsent("hat", 99) + " " + counts.putIfAbsent("cow", 7) + " -> cow=" + counts.get("cow"));
        System.out.println("replace " + counts.replace("cow", 8) + " " + counts.replace("yak", 1) + " replace(k,old,new) " + counts.replace("cow", 8, 9) + " " + counts.replace("cow", 1, 2));
        System.out.println("remove(k,v) " + counts.remove("cow", 1) + " " + counts.remove("cow", 9));
        counts.replaceAll((k, v) -> v + k.length());
        System.out.println("replaceAll " + counts);
        StringBuilder sb = new StringBuilder();
        counts.forEach((k, v) -> sb.append(k.charAt(0)).append(v));
        System.out.println("forEach " + sb);
        Map<String, Integer> hm = new HashMap<>();
        int[] calls = {0};
        for (int i = 0; i < 3; i++) hm.computeIfAbsent("key", k -> { calls[0]++; return 42; });
        System.out.println("mapping function called " + calls[0] + " time(s)");
        hm.computeIfAbsent("nullret", k -> null);
        System.out.println("null from computeIfAbsent not stored: " + hm.containsKey("nullret"));
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        System.out.println("sorted by value desc " + entries);
        Map<String, Set<Integer>> index = new TreeMap<>();
        String[] lines = {"a b c", "b c d", "c d e"};
        for (int i = 0; i < lines.length; i++)
            for (String w : lines[i].split(" ")) index.computeIfAbsent(w, k -> new TreeSet<>()).add(i + 1);
        System.out.println("inverted index " + index);
        Map<String, Integer> totals = new HashMap<>();
        String[][] sales = {{"north", "10"}, {"south", "5"}, {"north", "7"}, {"east", "3"}, {"south", "1"}};
        for (String[] s : sales) totals.merge(s[0], Integer.parseInt(s[1]), Integer::sum);
        System.out.println("totals " + totals);
        System.out.println("done");
    }
}
