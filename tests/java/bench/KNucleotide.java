import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * Strings, StringBuilder and HashMap benchmark: generates a pseudo-random DNA string of n
 * characters (linear congruential generator, fixed seed, skewed base frequencies), then counts
 * all 1-, 2- and 3-mers with substring keys in a HashMap and looks up a few longer fragments.
 * Argument: n, the sequence length (default 100000). Prints frequency tables and counts.
 */
public class KNucleotide {
    static String dna(int n) {
        StringBuilder sb = new StringBuilder(n);
        long seed = 42;
        for (int i = 0; i < n; i++) {
            seed = (seed * 3877 + 29573) % 139968;
            int r = (int) (seed * 100 / 139968);
            sb.append(r < 30 ? 'a' : r < 50 ? 'c' : r < 70 ? 'g' : 't');
        }
        return sb.toString();
    }

    static Map<String, Integer> count(String s, int k) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i + k <= s.length(); i++) {
            counts.merge(s.substring(i, i + k), 1, Integer::sum);
        }
        return counts;
    }

    static void printFrequencies(String s, int k) {
        Map<String, Integer> counts = count(s, k);
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort((a, b) -> a.getValue().equals(b.getValue())
                ? a.getKey().compareTo(b.getKey()) : b.getValue() - a.getValue());
        int total = s.length() - k + 1;
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, Integer> e : entries) {
            long permille = e.getValue() * 1000L / total;
            line.append(e.getKey().toUpperCase()).append(' ').append(permille).append("  ");
        }
        System.out.println(line.toString().trim());
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        String s = dna(n);
        printFrequencies(s, 1);
        printFrequencies(s, 2);
        System.out.println("distinct 3-mers: " + count(s, 3).size());
        for (String fragment : new String[] {"ggt", "ggta", "ggtatt", "ggtattttaatt"}) {
            Integer c = count(s, fragment.length()).get(fragment);
            System.out.println(fragment.toUpperCase() + "\t" + (c == null ? 0 : c));
        }
    }
}
