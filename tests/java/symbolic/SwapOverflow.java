// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 2147483647 -2147483648
//
// The swap example from the symbolic-execution literature. Swapping with + and - is exact
// even with wrap-around, so after the swap x == y0 and y == x0 with x0 > y0, and over the
// mathematical integers x - y == y0 - x0 < 0: the assert false is unreachable (what an
// integer-theory tool reports). In Java, y0 - x0 wraps to a positive value whenever
// x0 - y0 > 2^31, e.g. x0 = MAX_VALUE, y0 = MIN_VALUE: MIN - MAX == 1 -> assertion.
// Paths:
//   1. x <= y                                      -> ends normally
//   2. x > y, after the swap x - y <= 0            -> ends normally  (x0 - y0 <= 2^31)
//   3. x > y, after the swap x - y > 0             -> AssertionError (x0 - y0 > 2^31)
import org.sosy_lab.sv_benchmarks.Verifier;

public class SwapOverflow {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = Verifier.nondetInt();
        if (x > y) {
            x = x + y;
            y = x - y;
            x = x - y;
            if (x - y > 0) {
                assert false;
            }
        }
    }
}
