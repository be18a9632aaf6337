// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 0.1
//
// x is an arbitrary double. Over the reals x == 0.1 implies x + 0.2 == 0.3, but in double
// arithmetic 0.1 + 0.2 rounds to 0.30000000000000004, not to the double nearest 0.3 ->
// assertion. The float sum is different: 0.1f + 0.2f rounds to exactly 0.3f, so the first
// assertion holds.
// Paths:
//   1. (float) x != 0.1f                                     -> ends normally
//   2. (float) x == 0.1f, x != 0.1  (0.1f + 0.2f == 0.3f)    -> ends normally
//   3. (float) x == 0.1f, x == 0.1, x + 0.2 != 0.3           -> AssertionError
// ((float) x == 0.1f with x == 0.1 and x + 0.2 == 0.3 is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class DoubleRounding {
    public static void main(String[] args) {
        double x = Verifier.nondetDouble();
        float f = (float) x;
        if (f == 0.1f) {
            assert f + 0.2f == 0.3f;
            if (x == 0.1) {
                assert x + 0.2 == 0.3;
            }
        }
    }
}
