// rpf-expect: none
// rpf-paths: 2
//
// int shifts use only the low 5 bits of the distance (s & 31), so 1 << s is one of
// 1, 2, 4, ..., 2^30, 2^31 == Integer.MIN_VALUE and never 0, whatever s is (negative or
// >= 32 included). Only distance 31 gives a negative value.
// Paths:
//   1. v < 0, then (s & 31) == 31 holds        -> ends normally  (e.g. s = 31, s = -1)
//   2. v >= 0                                  -> ends normally  (e.g. s = 0, s = 32)
// (v == 0, and v < 0 with (s & 31) != 31, are infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class IntShiftMasked {
    public static void main(String[] args) {
        int s = Verifier.nondetInt();
        int v = 1 << s;
        assert v != 0;
        if (v < 0) {
            assert (s & 31) == 31;
        }
    }
}
