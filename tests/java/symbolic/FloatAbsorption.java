// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 3.3554432E7
//
// x is an arbitrary float. Over the reals x + 1 != x always holds, but a float has 24
// significant bits: from 2^24 on, x + 1 rounds (to nearest, ties to even) back to x, and
// Infinity + 1 is Infinity -> assertion (2^25 = 3.3554432E7 is one witness).
// Paths:
//   1. !(x > 1)  (x <= 1 or NaN)                      -> ends normally
//   2. x > 1, x + 1 != x  (1 < x < 2^24, 2^24 + 2, ...) -> ends normally
//   3. x > 1, x + 1 == x  (x >= 2^24 even, Infinity)    -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class FloatAbsorption {
    public static void main(String[] args) {
        float x = Verifier.nondetFloat();
        if (x > 1.0f) {
            assert x + 1.0f != x;
        }
    }
}
