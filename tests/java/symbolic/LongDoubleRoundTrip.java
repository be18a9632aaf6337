// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 9007199254740993
//
// l is an arbitrary long. A double holds 53 significant bits: l2d rounds 2^53 + 1 to 2^53,
// and (long) of that is 2^53 -> assertion. Long.MAX_VALUE rounds up to 2^63, which d2l
// saturates back to Long.MAX_VALUE, so that one survives the round trip.
// Paths:
//   1. l == Long.MAX_VALUE  ((long)(double) l == l holds)   -> ends normally
//   2. l != MAX, (long)(double) l == l                      -> ends normally
//   3. l != MAX, (long)(double) l != l                      -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class LongDoubleRoundTrip {
    public static void main(String[] args) {
        long l = Verifier.nondetLong();
        double d = l;
        if (l == Long.MAX_VALUE) {
            assert (long) d == l;
            return;
        }
        assert (long) d == l;
    }
}
