// Exercises LinkedHashMap: insertion order, re-insertion not changing order, access order
// mode (get moves to end), removeEldestEntry-based LRU cache, and iteration of views.
import java.util.*;

public class LinkedHashMapLru {
    static class Lru<K, V> extends LinkedHashMap<K, V> {
        private final int capacity;
        final List<K> evicted = new ArrayList<>();
        Lru(int capacity) {
            super(16, 0.75f, true);
            this.capacity = capacity;
        }
        @Override protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            boolean remove = size() > capacity;
            if (remove) evicted.add(eldest.getKey());
            return remove;
        }
    }

    public static void main(String[] args) {
        Map<String, Integer> ins = new LinkedHashMap<>();
        ins.put("zeta", 1);
        ins.put("alpha", 2);
        ins.put("mid", 3);
        ins.put("zeta", 4);
        System.out.println("insertion order " + ins);
        ins.remove("alpha");
        ins.put("alpha", 5);
        System.out.println("after remove+put " + ins);
        Map<Integer, String> access = new LinkedHashMap<>(8, 0.75f, true);
        for (int i = 1; i <= 5; i++) access.put(i, "v" + i);
        access.get(2);
        access.get(4);
        access.put(1, "v1b");
        access.getOrDefault(3, "x");
        System.out.println("access order " + access);
        Lru<String, Integer> cache = new Lru<>(3);
        String[] ops = {"a", "b", "c", "a", "d", "b", "e", "a", "c"};
        int hits = 0, misses = 0;
        for (String k : ops) {
            Integer v = cache.get(k);
            if (v == null) {
                misses++;
                cache.put(k, k.charAt(0) - 'a');
            } else {
                hits++;
            }
            System.out.println("op " + k + " -> " + cache.keySet());
        }
        System.out.println("hits " + hits + " misses " + misses + " evicted " + cache.evicted);
        Iterator<Map.Entry<String, Integer>> it = cache.entrySet().iterator();
        Map.Entry<String, Integer> first = it.next();
        System.out.println("eldest " + first.getKey() + "=" + first.getValue());
        first.setValue(100);
        System.out.println("after setValue " + cache);
        LinkedHashMap<String, Integer> copy = new LinkedHashMap<>(cache);
        System.out.println("copy equals " + copy.equals(cache) + " values " + copy.values());
        System.out.println("done");
    }
}
