// Checker benchmark (tests/bench/checker.sh): worker threads count words into a shared
// ConcurrentHashMap (merge, compute, computeIfAbsent with string keys built per word) -
// java.util.concurrent code with CAS loops and synchronized bins in every transition.
// Arguments: threads, words per thread. Main checks the counts every interleaving must give.
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

public class CheckConcurrentMap {
    static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        int words = Integer.parseInt(args[1]);
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, LongAdder> lengths = new ConcurrentHashMap<>();
        Thread[] workers = new Thread[threads];
        for (int w = 0; w < threads; w++) {
            final int me = w;
            workers[w] = new Thread(() -> {
                for (int i = 0; i < words; i++) {
                    String word = WORDS[(me * 3 + i) % WORDS.length];
                    String key = word.toUpperCase() + "-" + word.length();
                    counts.merge(key, 1, Integer::sum);
                    lengths.computeIfAbsent(word.substring(0, 1), k -> new LongAdder()).add(word.length());
                }
            });
            workers[w].start();
        }
        for (Thread t : workers) t.join();
        int total = 0;
        for (int c : counts.values()) total += c;
        assert total == threads * words : "total " + total;
        long letters = 0;
        for (LongAdder a : lengths.values()) letters += a.sum();
        System.out.println(counts.size() + " keys, " + total + " words, " + letters + " letters");
    }
}
