// rpf-expect: none
// rpf-paths: 3
//
// long shifts use the low 6 bits of the int distance (s & 63). For x >= 0 the arithmetic
// (>>) and logical (>>>) right shifts agree. For x < 0 and a distance k = s & 63 in 1..63,
// >>> moves a 0 into the sign bit and keeps the old sign bit at position 63 - k, so the result
// is > 0, while >> keeps the value negative. Distance 0 (s = 0, 64, -64, ...) is skipped.
// Paths:
//   1. x >= 0, u == a                          -> ends normally
//   2. x < 0, (s & 63) != 0, u > 0, a < 0      -> ends normally
//   3. x < 0, (s & 63) == 0                    -> ends normally
// (Every failing outcome of the three assert conditions is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class LongShiftSigns {
    public static void main(String[] args) {
        long x = Verifier.nondetLong();
        int s = Verifier.nondetInt();
        long u = x >>> s;
        long a = x >> s;
        if (x >= 0) {
            assert u == a;
        } else if ((s & 63) != 0) {
            assert u > 0 && a < 0;
        }
    }
}
