// rpf-expect: assertion
// rpf-paths: 2
// rpf-witness: 4611686018427387904
//
// a is an arbitrary positive long (Verifier.assume prunes a <= 0, which is not a path). The
// program claims doubling a positive number makes it bigger; 64-bit multiplication wraps, so
// for a >= 2^62 = 4611686018427387904, a * 2 >= 2^63 wraps to a negative value (a = 2^62
// gives Long.MIN_VALUE) -> assertion.
// Paths (each comparison is lcmp + a branch):
//   1. a > 0, a * 2 > a   (1 .. 2^62-1)     -> ends normally
//   2. a > 0, a * 2 <= a  (2^62 .. MAX)     -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class LongMulOverflow {
    public static void main(String[] args) {
        long a = Verifier.nondetLong();
        Verifier.assume(a > 0);
        long twice = a * 2;
        assert twice > a;
    }
}
