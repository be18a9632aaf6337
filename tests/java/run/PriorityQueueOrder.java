// Exercises PriorityQueue: natural ordering, custom comparators (reverse, multi-key),
// poll order, peek, remove(Object), size, heap-sort via PQ, a top-K selection with a
// bounded min-heap, and a task scheduler ordered by priority then sequence number.
import java.util.*;

public class PriorityQueueOrder {
    record Task(String name, int priority, int seq) { }

    public static void main(String[] args) {
        PriorityQueue<Integer> pq = new PriorityQueue<>();
        int[] vals = {42, 7, 19, 3, 88, 7, -5, 61, 0, 23};
        for (int v : vals) pq.offer(v);
        System.out.println("size " + pq.size() + " peek " + pq.peek() + " contains 88 " + pq.contains(88));
        pq.remove(88);
        StringBuilder sb = new StringBuilder();
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println("natural poll order " + sb.toString().trim() + " then poll " + pq.poll());
        PriorityQueue<String> rev = new PriorityQueue<>(Comparator.reverseOrder());
        rev.addAll(List.of("pear", "apple", "fig", "kiwi", "banana"));
        sb.setLength(0);
        while (!rev.isEmpty()) sb.append(rev.poll()).append(' ');
        System.out.println("reverse strings " + sb.toString().trim());
        PriorityQueue<String> byLen = new PriorityQueue<>(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
        byLen.addAll(List.of("ccc", "a", "bb", "aa", "b", "dddd", "abc"));
        sb.setLength(0);
        while (!byLen.isEmpty()) sb.append(byLen.poll()).append(' ');
        System.out.println("by length then alpha " + sb.toString().trim());
        Random rnd = new Random(99);
        PriorityQueue<Integer> topK = new PriorityQueue<>();
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int v = rnd.nextInt(10_000);
            all.add(v);
            topK.offer(v);
            if (topK.size() > 5) topK.poll();
        }
        List<Integer> top = new ArrayList<>(topK);
        Collections.sort(top, Collections.reverseOrder());
        all.sort(Collections.reverseOrder());
        System.out.println("top5 " + top + " matches sort " + top.equals(all.subList(0, 5)));
        PriorityQueue<Task> sched = new PriorityQueue<>(Comparator.comparingInt(Task::priority).reversed().thenComparingInt(Task::seq));
        String[] names = {"backup", "email", "deploy", "lint", "test", "build", "notify"};
        int[] prios = {1, 3, 5, 2, 5, 5, 3};
        for (int i = 0; i < names.length; i++) sched.add(new Task(names[i], prios[i], i));
        while (!sched.isEmpty()) {
            Task t = sched.poll();
            System.out.println("run " + t.name() + " (p" + t.priority() + ", #" + t.seq() + ")");
        }
        PriorityQueue<int[]> pairs = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(b[1], a[1]));
        pairs.add(new int[]{2, 1});
        pairs.add(new int[]{1, 1});
        pairs.add(new int[]{2, 9});
        pairs.add(new int[]{1, 5});
        sb.setLength(0);
        while (!pairs.isEmpty()) sb.append(Arrays.toString(pairs.poll()));
        System.out.println("pairs " + sb);
        try {
            PriorityQueue<Object> bad = new PriorityQueue<>();
            bad.add("x");
            bad.add(1);
        } catch (ClassCastException e) {
            System.out.println("mixed types -> ClassCastException");
        }
        System.out.println("done");
    }
}
