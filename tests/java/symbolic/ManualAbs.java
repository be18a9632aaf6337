// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: -2147483648
//
// A hand-written absolute value. -x of Integer.MIN_VALUE wraps back to MIN_VALUE (there is no
// +2^31 in an int), so y < 0 for x = -2147483648 -> assertion. Over the mathematical
// integers |x| >= 0 always holds.
// Paths:
//   1. x < 0,  y = -x >= 0  (MIN+1 .. -1)  -> ends normally
//   2. x < 0,  y = -x < 0   (x == MIN)     -> AssertionError
//   3. x >= 0, y = x >= 0                  -> ends normally
// (x >= 0 with y < 0 is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class ManualAbs {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = x < 0 ? -x : x;
        assert y >= 0;
    }
}
