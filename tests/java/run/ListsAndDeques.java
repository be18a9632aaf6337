// Exercises ArrayList, LinkedList and ArrayDeque: add/insert/remove by index and by object
// (remove(int) vs remove(Object)), set, indexOf, subList, contains, sort, ArrayDeque used as
// a stack (push/pop/peek) and as a queue (offer/poll), LinkedList deque ops, listIterator.
import java.util.*;

public class ListsAndDeques {
    public static void main(String[] args) {
        List<Integer> al = new ArrayList<>();
        for (int i = 0; i < 10; i++) al.add(i * 3 % 7);
        System.out.println("arraylist " + al + " size " + al.size());
        al.add(0, 100);
        al.remove(1);
        al.remove(Integer.valueOf(6));
        al.set(2, -5);
        System.out.println("after edits " + al + " indexOf(3)=" + al.indexOf(3) + " lastIndexOf(3)=" + al.lastIndexOf(3) + " contains(42)=" + al.contains(42));
        List<Integer> sub = al.subList(2, 5);
        System.out.println("subList " + sub);
        sub.set(0, 77);
        System.out.println("write-through " + al);
        Collections.sort(al);
        System.out.println("sorted " + al);
        al.sort(Comparator.reverseOrder());
        System.out.println("reverse sorted " + al);
        al.removeIf(x -> x % 2 == 0);
        System.out.println("removeIf even " + al);
        al.replaceAll(x -> x * 10);
        System.out.println("replaceAll " + al);
        System.out.println("equals LinkedList with same elements " + al.equals(new LinkedList<>(al)) + " hash " + al.hashCode());
        LinkedList<String> ll = new LinkedList<>(List.of("b", "c"));
        ll.addFirst("a");
        ll.addLast("d");
        ll.add(2, "x");
        System.out.println("linkedlist " + ll + " first " + ll.getFirst() + " last " + ll.getLast());
        System.out.println("removeFirst " + ll.removeFirst() + " pollLast " + ll.pollLast() + " -> " + ll);
        ListIterator<String> it = ll.listIterator();
        while (it.hasNext()) {
            String s = it.next();
            if (s.equals("x")) it.set("X");
            else it.add(s + "!");
        }
        System.out.println("listIterator edits " + ll);
        while (it.hasPrevious()) System.out.print(it.previous() + " ");
        System.out.println();
        Deque<Integer> stack = new ArrayDeque<>();
        for (int i = 1; i <= 5; i++) stack.push(i);
        System.out.println("stack " + stack + " peek " + stack.peek());
        StringBuilder popped = new StringBuilder();
        while (!stack.isEmpty()) popped.append(stack.pop());
        System.out.println("popped " + popped + " pop on empty -> " + stack.poll());
        Queue<String> queue = new ArrayDeque<>();
        queue.offer("first");
        queue.offer("second");
        queue.add("third");
        System.out.println("queue " + queue + " poll " + queue.poll() + " peek " + queue.peek() + " size " + queue.size());
        ArrayDeque<Integer> dq = new ArrayDeque<>();
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0) dq.offerFirst(i);
            else dq.offerLast(i);
        }
        System.out.println("deque " + dq);
        System.out.println("descending " + new ArrayList<>(List.of(dq.descendingIterator().next(), dq.peekFirst(), dq.peekLast())));
        try {
            new ArrayDeque<Integer>().pop();
        } catch (NoSuchElementException e) {
            System.out.println("pop empty -> NoSuchElementException");
        }
        try {
            new ArrayDeque<String>().add(null);
        } catch (NullPointerException e) {
            System.out.println("ArrayDeque null -> NPE");
        }
        List<String> names = new ArrayList<>(List.of("delta", "alpha", "charlie", "bravo"));
        System.out.println("toArray " + Arrays.toString(names.toArray(new String[0])) + " containsAll " + names.containsAll(List.of("alpha", "bravo")));
        names.retainAll(Set.of("alpha", "delta", "zulu"));
        System.out.println("retainAll " + names);
        List<Integer> big = new ArrayList<>();
        for (int i = 0; i < 1000; i++) big.add(i);
        big.subList(10, 990).clear();
        System.out.println("cleared range " + big);
        System.out.println("done");
    }
}
