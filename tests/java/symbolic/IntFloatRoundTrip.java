// rpf-expect: assertion
// rpf-paths: 2
// rpf-witness: 16777217
//
// i is an arbitrary int. A float holds 24 significant bits, so i2f rounds (to nearest, ties
// to even) every int beyond +-2^24 that needs more: 16777217 becomes 16777216.0f, and the
// cast back gives 16777216 -> assertion. (Math over the reals: (int)(float) i == i.)
// Paths:
//   1. (int)(float) i == i  (|i| <= 2^24, and the ints a float holds)  -> ends normally
//   2. (int)(float) i != i                                             -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class IntFloatRoundTrip {
    public static void main(String[] args) {
        int i = Verifier.nondetInt();
        float f = i;
        assert (int) f == i;
    }
}
