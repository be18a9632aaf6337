// rpf-expect: assertion
// rpf-paths: 2
// rpf-witness: NaN
//
// x is an arbitrary float. x == x holds for every float but NaN, which is unordered with
// everything, itself included (fcmpl gives -1, not 0) -> assertion. A tool that reads
// floats as real numbers proves x == x.
// Paths:
//   1. x == x  (every float but NaN)  -> ends normally
//   2. x != x  (x is NaN)             -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class FloatNaNSelfCompare {
    public static void main(String[] args) {
        float x = Verifier.nondetFloat();
        assert x == x;
    }
}
