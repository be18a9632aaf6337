// rpf-expect: assertion
// rpf-paths: 4
// rpf-witness: NaN
//
// x is an arbitrary float. javac compiles x < 1 to fcmpg (NaN gives 1, so the test fails)
// and x > 1 to fcmpl (NaN gives -1, the test fails too): NaN is neither less nor greater
// than 1, nor equal to it -> assertion. A tool that treats both comparisons alike (or
// floats as reals) concludes x == 1 in the last branch.
// Paths:
//   1. x < 1                 -> ends normally
//   2. !(x < 1), x > 1       -> ends normally
//   3. neither, x == 1       -> ends normally
//   4. neither, x != 1 (NaN) -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class NaNComparisons {
    public static void main(String[] args) {
        float x = Verifier.nondetFloat();
        if (x < 1.0f) {
            return;
        } else if (x > 1.0f) {
            return;
        }
        assert x == 1.0f;
    }
}
