// rpf-expect: assertion
// rpf-paths: 5
// rpf-witness: 2 -2147483648
//
// A tableswitch (contiguous keys 0..2) on an arbitrary op. In case 2 the program claims
// x - 1 < x, false for x = Integer.MIN_VALUE (MIN - 1 wraps to MAX) -> assertion.
// Paths:
//   1. op == 0                                 -> ends normally
//   2. op == 1                                 -> ends normally
//   3. op == 2, x != MIN_VALUE (r < x)         -> ends normally
//   4. op == 2, x == MIN_VALUE (r >= x)        -> AssertionError
//   5. op not in 0..2 (default)                -> ends normally
import org.sosy_lab.sv_benchmarks.Verifier;

public class SwitchTable {
    public static void main(String[] args) {
        int op = Verifier.nondetInt();
        int x = Verifier.nondetInt();
        int r;
        switch (op) {
            case 0:
                r = x;
                break;
            case 1:
                r = x + 1;
                break;
            case 2:
                r = x - 1;
                assert r < x;
                break;
            default:
                r = 0;
        }
    }
}
