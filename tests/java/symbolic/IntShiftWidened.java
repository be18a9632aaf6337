// rpf-expect: assertion
// rpf-paths: 2
// rpf-witness: 31
//
// A classic slip: 1 << s instead of 1L << s. For 0 <= s <= 30 both are the same positive
// value. For s = 31 the int shift gives Integer.MIN_VALUE, which i2l sign-extends to
// 0xFFFFFFFF80000000 instead of 2^31; for 32..63 the int distance is masked to s & 31 and the
// result is a small power of two instead of 2^s -> assertion (any s in 31..63 is a witness).
// Verifier.assume prunes s outside 0..63 (not paths).
// Paths:
//   1. 0 <= s <= 30, bit == 1L << s            -> ends normally
//   2. 31 <= s <= 63, bit != 1L << s           -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class IntShiftWidened {
    public static void main(String[] args) {
        int s = Verifier.nondetInt();
        Verifier.assume(s >= 0 && s < 64);
        long bit = 1 << s;
        assert bit == 1L << s;
    }
}
