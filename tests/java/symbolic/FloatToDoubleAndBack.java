// rpf-expect: assertion
// rpf-paths: 6
// rpf-witness: 1.0 3.4028235E38
//
// f2d is exact, so (float)(double) f == f for every float but NaN (and f != f for NaN): the
// first assertion holds. d2f rounds to nearest: doubles just above Float.MAX_VALUE
// (3.4028234663852886E38) round down to it rather than to Infinity, up to half a float ulp
// beyond -> assertion for d = 3.4028235E38. The paths for f (NaN or not) do not merge
// (their path conditions differ), so each goes on with the three paths for d.
// Paths, for f not NaN and again for f NaN:
//   1. !(d > Float.MAX_VALUE)  (NaN included)           -> ends normally
//   2. d > Float.MAX_VALUE, (float) d == Infinity       -> ends normally
//   3. d > Float.MAX_VALUE, (float) d != Infinity       -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class FloatToDoubleAndBack {
    public static void main(String[] args) {
        float f = Verifier.nondetFloat();
        double wide = f;
        assert (float) wide == f || f != f;
        double d = Verifier.nondetDouble();
        if (d > Float.MAX_VALUE) {
            assert (float) d == Float.POSITIVE_INFINITY;
        }
    }
}
