// Exercises HashMap/HashSet with String and Integer keys (deterministic iteration order for
// these key types), put/get/remove/containsKey/containsValue, entrySet iteration, keySet
// and values views, set operations (union/intersection/difference), LinkedHashSet order,
// null keys and values, resizing with many entries, and user classes as HashMap keys.
import java.util.*;

public class MapsAndSets {
    static final class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public boolean equals(Object o) {
            return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y;
        }
        @Override public int hashCode() { return 31 * x + y; }
        @Override public String toString() { return "P(" + x + "," + y + ")"; }
    }

    public static void main(String[] args) {
        Map<String, Integer> m = new HashMap<>();
        String[] words = {"banana", "apple", "cherry", "date", "elderberry", "fig", "grape", "apple", "fig"};
        for (String w : words) m.put(w, m.containsKey(w) ? m.get(w) + 1 : 1);
        System.out.println("hashmap " + m + " size " + m.size());
        for (Map.Entry<String, Integer> e : m.entrySet()) System.out.print(e.getKey() + "=" + e.getValue() + ";");
        System.out.println();
        System.out.println("get missing " + m.get("zzz") + " containsValue(2) " + m.containsValue(2) + " remove " + m.remove("date") + " " + m.remove("nope"));
        System.out.println("keySet " + m.keySet() + " values " + m.values());
        m.put(null, 0);
        m.put("nullval", null);
        System.out.println("null key " + m.get(null) + " null value present " + m.containsKey("nullval") + " " + m.get("nullval"));
        Map<Integer, String> im = new HashMap<>();
        for (int i = 20; i >= -5; i -= 3) im.put(i * 7, "v" + i);
        System.out.println("int keys " + im);
        Map<Integer, Integer> big = new HashMap<>();
        for (int i = 0; i < 2000; i++) big.put(i * 37 % 1009, i);
        long sum = 0;
        for (int v : big.values()) sum += v;
        System.out.println("big size " + big.size() + " sum " + sum + " get(500) " + big.get(500));
        Set<String> s1 = new HashSet<>(List.of("a", "b", "c", "d"));
        Set<String> s2 = new HashSet<>(List.of("c", "d", "e"));
        Set<String> union = new HashSet<>(s1);
        union.addAll(s2);
        Set<String> inter = new HashSet<>(s1);
        inter.retainAll(s2);
        Set<String> diff = new HashSet<>(s1);
        diff.removeAll(s2);
        System.out.println("union " + union + " inter " + inter + " diff " + diff);
        System.out.println("add dup " + s1.add("a") + " add new " + s1.add("z") + " remove " + s1.remove("b"));
        Set<Integer> hs = new HashSet<>();
        for (int i = 0; i < 30; i++) hs.add(i * i % 17);
        System.out.println("int set " + hs);
        Set<String> lhs = new LinkedHashSet<>();
        for (String w : words) lhs.add(w);
        System.out.println("linkedhashset " + lhs);
        Map<Point, String> pm = new HashMap<>();
        pm.put(new Point(1, 2), "one-two");
        pm.put(new Point(3, 4), "three-four");
        pm.put(new Point(1, 2), "replaced");
        System.out.println("point map size " + pm.size() + " get " + pm.get(new Point(1, 2)) + " " + pm.get(new Point(2, 1)));
        Set<Point> ps = new HashSet<>();
        for (int i = 0; i < 5; i++) ps.add(new Point(i % 2, i % 3));
        System.out.println("point set size " + ps.size() + " contains P(0,0) " + ps.contains(new Point(0, 0)));
        Map<String, List<Integer>> multi = new HashMap<>();
        for (int i = 0; i < 10; i++) multi.computeIfAbsent(i % 3 == 0 ? "three" : i % 2 == 0 ? "even" : "odd", k -> new ArrayList<>()).add(i);
        System.out.println("multimap " + multi);
        Map<Character, Integer> charCount = new HashMap<>();
        for (char c : "mississippi".toCharArray()) charCount.merge(c, 1, Integer::sum);
        System.out.println("char counts " + charCount);
        System.out.println("equals " + new HashMap<>(Map.of("a", 1)).equals(Map.of("a", 1)) + " hash " + new HashMap<>(Map.of("k", 5)).hashCode());
        m.clear();
        System.out.println("cleared " + m + " isEmpty " + m.isEmpty());
        System.out.println("done");
    }
}
