// Exercises TreeMap/TreeSet navigation: floor/ceiling/higher/lower, first/last, pollFirst,
// headMap/tailMap/subMap (inclusive and exclusive), descendingMap/descendingSet,
// custom comparators, and NavigableSet views reflecting changes.
import java.util.*;

public class TreeNavigation {
    public static void main(String[] args) {
        TreeMap<Integer, String> tm = new TreeMap<>();
        int[] keys = {50, 20, 80, 10, 30, 70, 90, 60};
        for (int k : keys) tm.put(k, "v" + k);
        System.out.println("treemap " + tm);
        for (int q : new int[]{5, 10, 25, 55, 90, 95}) {
            System.out.println("q=" + q + " floor " + tm.floorKey(q) + " ceiling " + tm.ceilingKey(q) + " lower " + tm.lowerKey(q) + " higher " + tm.higherKey(q));
        }
        System.out.println("first " + tm.firstEntry() + " last " + tm.lastEntry());
        System.out.println("headMap(50) " + tm.headMap(50) + " headMap(50,true) " + tm.headMap(50, true));
        System.out.println("tailMap(60) " + tm.tailMap(60) + " tailMap(60,false) " + tm.tailMap(60, false));
        System.out.println("subMap(20,70) " + tm.subMap(20, 70) + " subMap(20,false,70,true) " + tm.subMap(20, false, 70, true));
        System.out.println("descendingMap " + tm.descendingMap());
        System.out.println("descendingKeySet " + tm.descendingKeySet());
        SortedMap<Integer, String> head = tm.headMap(40);
        tm.put(15, "v15");
        System.out.println("view sees new key " + head);
        System.out.println("pollFirst " + tm.pollFirstEntry() + " pollLast " + tm.pollLastEntry() + " -> " + tm.keySet());
        TreeSet<String> ts = new TreeSet<>(List.of("pear", "apple", "fig", "kiwi", "banana", "cherry"));
        System.out.println("treeset " + ts + " first " + ts.first() + " last " + ts.last());
        System.out.println("floor(c) " + ts.floor("c") + " ceiling(c) " + ts.ceiling("c") + " higher(fig) " + ts.higher("fig") + " lower(apple) " + ts.lower("apple"));
        System.out.println("headSet(fig) " + ts.headSet("fig") + " tailSet(fig) " + ts.tailSet("fig") + " subSet(b,l) " + ts.subSet("b", "l"));
        System.out.println("descendingSet " + ts.descendingSet());
        TreeSet<String> byLen = new TreeSet<>(Comparator.comparing(String::length).thenComparing(Comparator.naturalOrder()));
        byLen.addAll(ts);
        byLen.add("date");
        System.out.println("byLen " + byLen + " first " + byLen.first());
        TreeSet<Integer> rev = new TreeSet<>(Comparator.reverseOrder());
        for (int k : keys) rev.add(k % 40);
        System.out.println("reverse set " + rev + " ceiling(25) " + rev.ceiling(25));
        TreeMap<String, Integer> ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        ci.put("Hello", 1);
        ci.put("HELLO", 2);
        ci.put("world", 3);
        System.out.println("case-insensitive map " + ci + " get(hello) " + ci.get("hello"));
        NavigableSet<Integer> ns = new TreeSet<>();
        for (int i = 0; i < 20; i += 2) ns.add(i);
        Iterator<Integer> it = ns.iterator();
        while (it.hasNext()) if (it.next() % 4 == 0) it.remove();
        System.out.println("after iterator remove " + ns);
        System.out.println("pollFirst " + ns.pollFirst() + " pollLast " + ns.pollLast() + " -> " + ns);
        System.out.println("empty floor " + new TreeSet<Integer>().floor(3));
        try {
            new TreeSet<Integer>().first();
        } catch (NoSuchElementException e) {
            System.out.println("first on empty -> NoSuchElementException");
        }
        System.out.println("done");
    }
}
