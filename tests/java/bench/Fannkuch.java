/*
 * Integer and array benchmark: fannkuch-redux. For every permutation of 1..n, repeatedly
 * reverse the first k elements, where k is the first element, until 1 comes first; report the
 * largest number of reversals and an alternating-sign checksum of the counts over the
 * permutations in generation order. Argument: n (default 10).
 */
public class Fannkuch {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int[] perm = new int[n];    // current permutation
        int[] work = new int[n];    // copy that gets flipped
        int[] count = new int[n];   // rotation counters driving the permutation order
        for (int i = 0; i < n; i++) perm[i] = i;
        int maxFlips = 0, checksum = 0, index = 0;
        while (true) {
            // Count the flips of this permutation.
            int first = perm[0];
            if (first != 0) {
                System.arraycopy(perm, 0, work, 0, n);
                int flips = 0;
                while (first != 0) {
                    for (int lo = 0, hi = first; lo < hi; lo++, hi--) {
                        int t = work[lo]; work[lo] = work[hi]; work[hi] = t;
                    }
                    flips++;
                    first = work[0];
                }
                if (flips > maxFlips) maxFlips = flips;
                checksum += (index % 2 == 0) ? flips : -flips;
            }
            index++;
            // Next permutation: rotate the first r+1 elements left, carrying like an odometer.
            int r = 1;
            while (true) {
                if (r == n) {
                    System.out.println(checksum);
                    System.out.println("Pfannkuchen(" + n + ") = " + maxFlips);
                    return;
                }
                int p0 = perm[0];
                for (int i = 0; i < r; i++) perm[i] = perm[i + 1];
                perm[r] = p0;
                count[r]++;
                if (count[r] <= r) break;
                count[r] = 0;
                r++;
            }
        }
    }
}
