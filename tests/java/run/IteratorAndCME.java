// Exercises Iterator.remove(), ConcurrentModificationException when a list/map is modified
// during for-each (caught), safe removal patterns, and custom Iterable implementations.
import java.util.*;

public class IteratorAndCME {
    static class Range implements Iterable<Integer> {
        final int lo, hi, step;
        Range(int lo, int hi, int step) { this.lo = lo; this.hi = hi; this.step = step; }
        public Iterator<Integer> iterator() {
            return new Iterator<Integer>() {
                int cur = lo;
                public boolean hasNext() { return cur < hi; }
                public Integer next() {
                    if (!hasNext()) throw new NoSuchElementException("range exhausted");
                    int v = cur;
                    cur += step;
                    return v;
                }
            };
        }
    }

    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 10; i++) list.add(i);
        Iterator<Integer> it = list.iterator();
        while (it.hasNext()) if (it.next() % 3 == 0) it.remove();
        System.out.println("after iterator remove " + list);
        try {
            for (Integer x : list) {
                if (x == 4) list.remove(x);
            }
        } catch (ConcurrentModificationException e) {
            System.out.println("caught ConcurrentModificationException (list)");
        }
        System.out.println("list now " + list);
        List<Integer> list2 = new ArrayList<>(List.of(1, 2, 3));
        for (Integer x : list2) {
            if (x == 2) list2.remove(x);
        }
        System.out.println("removing second-to-last does not throw: " + list2);
        Map<String, Integer> map = new HashMap<>();
        for (String s : "a b c d e".split(" ")) map.put(s, s.charAt(0) - 'a');
        try {
            for (String k : map.keySet()) {
                if (k.equals("b")) map.put("zz", 1);
            }
        } catch (ConcurrentModificationException e) {
            System.out.println("caught ConcurrentModificationException (map)");
        }
        map.entrySet().removeIf(e -> e.getValue() % 2 == 1);
        System.out.println("map after removeIf " + new TreeMap<>(map));
        Iterator<Map.Entry<String, Integer>> mit = map.entrySet().iterator();
        while (mit.hasNext()) {
            Map.Entry<String, Integer> e = mit.next();
            if (e.getKey().equals("zz")) mit.remove();
            else e.setValue(e.getValue() * 100);
        }
        System.out.println("map after entry iterator " + new TreeMap<>(map));
        Iterator<Integer> empty = new ArrayList<Integer>().iterator();
        try {
            empty.next();
        } catch (NoSuchElementException e) {
            System.out.println("next on empty -> NoSuchElementException");
        }
        Iterator<Integer> it2 = list.iterator();
        try {
            it2.remove();
        } catch (IllegalStateException e) {
            System.out.println("remove before next -> IllegalStateException");
        }
        int sum = 0;
        for (int v : new Range(0, 20, 3)) sum += v;
        System.out.println("custom iterable sum " + sum);
        Iterator<Integer> rit = new Range(0, 2, 1).iterator();
        rit.next();
        rit.next();
        try {
            rit.next();
        } catch (NoSuchElementException e) {
            System.out.println("custom: " + e.getMessage());
        }
        try {
            rit.remove();
        } catch (UnsupportedOperationException e) {
            System.out.println("default remove: " + e.getMessage());
        }
        LinkedList<Integer> ll = new LinkedList<>(List.of(1, 2, 3, 4, 5, 6));
        ListIterator<Integer> li = ll.listIterator(ll.size());
        while (li.hasPrevious()) {
            int v = li.previous();
            if (v % 2 == 0) li.remove();
        }
        System.out.println("linked after reverse removal " + ll);
        StringBuilder sb = new StringBuilder();
        new Range(1, 6, 1).forEach(sb::append);
        System.out.println("forEach " + sb);
        System.out.println("done");
    }
}
