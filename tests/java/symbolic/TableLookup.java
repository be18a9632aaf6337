// rpf-expect: assertion
// rpf-paths: 4
// rpf-witness: 7
//
// A symbolic index into a 100-element table (longer than the 64 elements rpf splits into
// one path per index) reads an if-then-else over the table's entries: one path, whatever
// the index. Paths:
//   1. i < 0                                  -> ends normally
//   2. i >= 100                               -> ends normally
//   3. 0 <= i < 100, squares[i] != 49         -> ends normally
//   4. 0 <= i < 100, squares[i] == 49 (i = 7) -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class TableLookup {
    public static void main(String[] args) {
        int[] squares = new int[100];
        for (int k = 0; k < squares.length; k++) {
            squares[k] = k * k;
        }
        int i = Verifier.nondetInt();
        if (i >= 0 && i < 100) {
            assert squares[i] != 49;
        }
    }
}
