// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: -0.0
//
// x is an arbitrary double. -0.0 == 0.0 (dcmpl gives 0), so both zeros pass the test, but
// dividing by them differs: 1.0 / 0.0 is Infinity and 1.0 / -0.0 is -Infinity; neither
// throws -> assertion for x = -0.0.
// Paths:
//   1. x != 0.0  (NaN included)           -> ends normally
//   2. x == 0.0, 1 / x > 0  (x = 0.0)     -> ends normally
//   3. x == 0.0, 1 / x <= 0 (x = -0.0)    -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class NegativeZeroDivision {
    public static void main(String[] args) {
        double x = Verifier.nondetDouble();
        if (x == 0.0) {
            assert 1.0 / x > 0.0;
        }
    }
}
