// rpf-expect: none
// rpf-paths: 4
//
// x is an arbitrary float in (-100, 100). Java's % is C's fmod: the result takes the
// dividend's sign and is smaller than the divisor in magnitude. IEEE 754's remainder (Z3's
// fp.rem) rounds the quotient to nearest instead: -3 rem 4 is 1 and 3 rem 4 is -1, which
// would break both assertions.
// Paths:
//   1. !(x > -100)  (NaN included)     -> ends normally
//   2. x > -100, !(x < 100)            -> ends normally
//   3. -100 < x < 0                    -> ends normally (-4 < x % 4 <= 0)
//   4. 0 <= x < 100                    -> ends normally (0 <= x % 4 < 4)
// (The assertions' failing sides are infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class FloatRemainderSign {
    public static void main(String[] args) {
        float x = Verifier.nondetFloat();
        if (x > -100.0f && x < 100.0f) {
            float r = x % 4.0f;
            if (x < 0.0f) {
                assert r <= 0.0f && r > -4.0f;
            } else {
                assert r >= 0.0f && r < 4.0f;
            }
        }
    }
}
