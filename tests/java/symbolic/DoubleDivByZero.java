// rpf-expect: none
// rpf-paths: 3
//
// x is an arbitrary double. Floating-point division by zero does not throw (unlike int
// division): 1.0 / 0.0 is Infinity, 1.0 / -0.0 is -Infinity (and 0.0 / 0.0 would be NaN).
// Every assertion holds and no exception is thrown.
// Paths:
//   1. x != 0.0                               -> ends normally
//   2. x == 0.0, y == Infinity   (x = 0.0)    -> ends normally
//   3. x == 0.0, y == -Infinity  (x = -0.0)   -> ends normally
// (y is neither infinity for no x == 0.0.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class DoubleDivByZero {
    public static void main(String[] args) {
        double x = Verifier.nondetDouble();
        double y = 1.0 / x;
        if (x == 0.0) {
            assert y == Double.POSITIVE_INFINITY || y == Double.NEGATIVE_INFINITY;
        }
    }
}
