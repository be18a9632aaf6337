// rpf-expect: none
// rpf-paths: 4
//
// d is an arbitrary double. Java's d2i and d2l round toward zero, map NaN to 0 and
// saturate at MIN_VALUE/MAX_VALUE (no undefined behaviour as in C, and no exception):
// (int) 1e300 is Integer.MAX_VALUE, (int) -Infinity is Integer.MIN_VALUE, and between the
// bounds the int and the long casts agree. Every assertion holds.
// Paths:
//   1. d is NaN                                    -> ends normally (i == 0, l == 0)
//   2. d >= 2147483647.0 (Infinity included)       -> ends normally (i == MAX_VALUE)
//   3. d <= -2147483648.0 (-Infinity included)     -> ends normally (i == MIN_VALUE)
//   4. -2147483648.0 < d < 2147483647.0            -> ends normally (i == l)
// (The assertions' failing sides, and i != 0 or l != 0 for NaN, are infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class DoubleCastSaturation {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        int i = (int) d;
        long l = (long) d;
        if (d != d) {
            assert i == 0 && l == 0;
        } else if (d >= 2147483647.0) {
            assert i == Integer.MAX_VALUE;
        } else if (d <= -2147483648.0) {
            assert i == Integer.MIN_VALUE;
        } else {
            assert i == l;
        }
    }
}
