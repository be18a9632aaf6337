// Exercises java.util.Collections: sort, reverse, shuffle with a seeded Random, swap,
// rotate, max/min (natural and comparator), frequency, nCopies, unmodifiableList
// (UnsupportedOperationException), emptyList, singletonList, binarySearch, fill,
// addAll, disjoint, and List.of/Map.of/Set.of lookups (no iteration order printed).
import java.util.*;

public class CollectionsUtil {
    public static void main(String[] args) {
        List<Integer> nums = new ArrayList<>();
        for (int i = 1; i <= 10; i++) nums.add(i);
        Collections.shuffle(nums, new Random(42));
        System.out.println("shuffled(42) " + nums);
        Collections.shuffle(nums, new Random(7));
        System.out.println("shuffled(7) " + nums);
        Collections.sort(nums);
        System.out.println("sorted " + nums);
        Collections.reverse(nums);
        System.out.println("reversed " + nums);
        Collections.swap(nums, 0, 9);
        System.out.println("swapped " + nums);
        Collections.rotate(nums, 3);
        System.out.println("rotated " + nums);
        System.out.println("max " + Collections.max(nums) + " min " + Collections.min(nums) + " max by -x " + Collections.max(nums, Comparator.comparing(x -> -x)));
        List<String> words = Arrays.asList("b", "a", "c", "a", "b", "a");
        System.out.println("frequency a " + Collections.frequency(words, "a") + " z " + Collections.frequency(words, "z"));
        List<String> copies = Collections.nCopies(4, "ha");
        System.out.println("nCopies " + copies + " joined " + String.join("", copies));
        List<Integer> ro = Collections.unmodifiableList(nums);
        try {
            ro.add(1);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable add -> UnsupportedOperationException");
        }
        try {
            List.of(1, 2).set(0, 5);
        } catch (UnsupportedOperationException e) {
            System.out.println("List.of set -> UnsupportedOperationException");
        }
        System.out.println("empty " + Collections.emptyList() + " singleton " + Collections.singletonList("one") + " emptyMap " + Collections.emptyMap());
        List<Integer> sorted = new ArrayList<>(List.of(1, 3, 5, 7, 9, 11));
        System.out.println("binarySearch 7 " + Collections.binarySearch(sorted, 7) + " 8 " + Collections.binarySearch(sorted, 8));
        List<String> filled = new ArrayList<>(List.of("x", "y", "z"));
        Collections.fill(filled, "f");
        Collections.addAll(filled, "g", "h");
        System.out.println("fill+addAll " + filled);
        System.out.println("disjoint " + Collections.disjoint(List.of(1, 2), List.of(3, 4)) + " " + Collections.disjoint(List.of(1, 2), List.of(2)));
        Map<String, Integer> mo = Map.of("one", 1, "two", 2, "three", 3);
        System.out.println("Map.of size " + mo.size() + " get(two) " + mo.get("two") + " containsKey(four) " + mo.containsKey("four") + " getOrDefault " + mo.getOrDefault("four", 4));
        Set<String> so = Set.of("x", "y");
        System.out.println("Set.of size " + so.size() + " contains x " + so.contains("x"));
        try {
            Set.of("dup", "dup");
        } catch (IllegalArgumentException e) {
            System.out.println("Set.of duplicate: " + e.getMessage());
        }
        List<Integer> lo = List.of(5, 4, 3);
        System.out.println("List.of " + lo + " indexOf(3) " + lo.indexOf(3) + " copyOf " + List.copyOf(nums).size());
        List<String> sortedWords = new ArrayList<>(words);
        Collections.sort(sortedWords, Collections.reverseOrder());
        System.out.println("reverseOrder sort " + sortedWords);
        List<Integer> syn = Collections.synchronizedList(new ArrayList<>(List.of(3, 1, 2)));
        Collections.sort(syn);
        System.out.println("synchronizedList " + syn);
        Deque<Integer> lifo = new ArrayDeque<>();
        Queue<Integer> asLifo = Collections.asLifoQueue(lifo);
        asLifo.add(1);
        asLifo.add(2);
        System.out.println("asLifoQueue poll " + asLifo.poll());
        Random r = new Random(123);
        List<Integer> deck = new ArrayList<>();
        for (int i = 0; i < 52; i++) deck.add(i);
        Collections.shuffle(deck, r);
        System.out.println("deck head " + deck.subList(0, 10));
        System.out.println("done");
    }
}
