import org.sosy_lab.sv_benchmarks.Verifier;

// Symbolic-execution benchmark: insertion sort of 7 symbolic ints (5,040 orderings reach the
// end, one path each), then a check that the result is sorted: path conditions grow to 20+
// comparisons, so incremental solving matters.
public class SymbolicSort {
    public static void main(String[] args) {
        int[] a = new int[7];
        for (int i = 0; i < a.length; i++) {
            a[i] = Verifier.nondetInt();
        }
        for (int i = 1; i < a.length; i++) {
            int key = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > key) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = key;
        }
        for (int i = 1; i < a.length; i++) {
            assert a[i - 1] <= a[i];
        }
    }
}
