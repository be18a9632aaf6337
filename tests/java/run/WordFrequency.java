// Mini-application: word-frequency analysis of an embedded text using streams, regex
// splitting, TreeMap, groupingBy/counting, top-N sorting with tie-breaks, bigram counts,
// longest words, per-letter statistics, sentence statistics and a simple text histogram.
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

public class WordFrequency {
    static final String TEXT = """
            It was the best of times, it was the worst of times, it was the age of wisdom,
            it was the age of foolishness, it was the epoch of belief, it was the epoch of
            incredulity, it was the season of Light, it was the season of Darkness, it was
            the spring of hope, it was the winter of despair, we had everything before us,
            we had nothing before us, we were all going direct to Heaven, we were all going
            direct the other way. In short, the period was so far like the present period,
            that some of its noisiest authorities insisted on its being received, for good
            or for evil, in the superlative degree of comparison only.
            """;

    public static void main(String[] args) {
        List<String> words = Arrays.stream(TEXT.toLowerCase().split("[^a-z']+"))
                .filter(w -> !w.isEmpty())
                .collect(Collectors.toList());
        System.out.println("total words " + words.size() + ", distinct " + new HashSet<>(words).size());
        Map<String, Long> freq = words.stream().collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
        System.out.println("first 10 alphabetical " + freq.entrySet().stream().limit(10).map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")));
        List<Map.Entry<String, Long>> top = freq.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(8)
                .collect(Collectors.toList());
        System.out.println("top 8:");
        for (Map.Entry<String, Long> e : top) System.out.printf("  %-8s %3d %s%n", e.getKey(), e.getValue(), "#".repeat(e.getValue().intValue()));
        Map<Long, List<String>> byCount = new TreeMap<>(Comparator.reverseOrder());
        freq.forEach((w, c) -> byCount.computeIfAbsent(c, k -> new ArrayList<>()).add(w));
        System.out.println("counts with words: " + byCount.entrySet().stream().limit(4).map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(" | ")));
        System.out.println("hapax legomena count " + byCount.getOrDefault(1L, List.of()).size());
        Map<Integer, Long> lengthHist = words.stream().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.counting()));
        System.out.println("length histogram " + lengthHist);
        int maxLen = words.stream().mapToInt(String::length).max().orElse(0);
        System.out.println("longest words " + words.stream().filter(w -> w.length() == maxLen).distinct().sorted().collect(Collectors.toList()));
        System.out.printf("average word length %.3f%n", words.stream().mapToInt(String::length).average().orElse(0));
        Map<String, Integer> bigrams = new TreeMap<>();
        for (int i = 0; i + 1 < words.size(); i++) bigrams.merge(words.get(i) + " " + words.get(i + 1), 1, Integer::sum);
        System.out.println("frequent bigrams " + bigrams.entrySet().stream().filter(e -> e.getValue() >= 3)
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.toList()));
        int[] letters = new int[26];
        TEXT.toLowerCase().chars().filter(c -> c >= 'a' && c <= 'z').forEach(c -> letters[c - 'a']++);
        String letterTop = IntStream.range(0, 26).boxed()
                .sorted(Comparator.comparingInt((Integer i) -> -letters[i]).thenComparing(i -> i))
                .limit(6).map(i -> (char) ('a' + i) + ":" + letters[i]).collect(Collectors.joining(" "));
        System.out.println("top letters " + letterTop);
        System.out.println("unused letters " + IntStream.range(0, 26).filter(i -> letters[i] == 0).mapToObj(i -> String.valueOf((char) ('a' + i))).collect(Collectors.joining()));
        Map<Character, Set<String>> byInitial = words.stream().collect(Collectors.groupingBy(w -> w.charAt(0), TreeMap::new, Collectors.toCollection(TreeSet::new)));
        System.out.println("words starting with w " + byInitial.get('w') + ", initials " + byInitial.keySet());
        String[] sentences = TEXT.replace("\n", " ").split("[.]");
        System.out.println("sentences " + Arrays.stream(sentences).filter(s -> !s.isBlank()).count());
        long commas = TEXT.chars().filter(c -> c == ',').count();
        System.out.println("commas " + commas + ", lines " + TEXT.lines().count());
        Map<Boolean, Long> shortLong = words.stream().collect(Collectors.partitioningBy(w -> w.length() > 4, Collectors.counting()));
        System.out.println("short vs long " + shortLong);
        String acronym = TEXT.lines().map(l -> l.substring(0, 1)).collect(Collectors.joining());
        System.out.println("line initials " + acronym);
        System.out.println("done");
    }
}
