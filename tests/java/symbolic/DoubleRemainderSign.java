// rpf-expect: assertion
// rpf-paths: 4
// rpf-witness: -3.5
//
// x is an arbitrary double in (-10, 0). Java's % on doubles is C's fmod: the quotient is
// truncated toward zero and the result takes the dividend's sign, so x % 4.0 is in
// (-4, 0], and it is at most -3 for x in (-4, -3] and (-8, -7] -> assertion. IEEE 754's
// remainder (the quotient rounded to nearest, Z3's fp.rem) is in [-2, 2] (-3.5 rem 4 is
// 0.5): a tool that takes it for Java's % finds no violation.
// Paths:
//   1. !(x < 0)  (NaN included)    -> ends normally
//   2. x < 0, x <= -10             -> ends normally
//   3. -10 < x < 0, x % 4 > -3     -> ends normally
//   4. -10 < x < 0, x % 4 <= -3    -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class DoubleRemainderSign {
    public static void main(String[] args) {
        double x = Verifier.nondetDouble();
        if (x < 0.0 && x > -10.0) {
            double r = x % 4.0;
            assert r > -3.0;
        }
    }
}
