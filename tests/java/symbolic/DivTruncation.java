// rpf-expect: none
// rpf-paths: 2
//
// n and d are arbitrary ints, Verifier.assume prunes d == 0 (so neither idiv nor irem can
// throw). Java division truncates toward zero and the remainder takes the dividend's sign:
// (100 / d) * d + 100 % d == 100 holds for every d != 0 (both sides wrap alike), and a
// negative remainder n % d needs a negative n (over the mathematical integers with floor
// division, n = 7, d = -2 would give remainder -1).
// Paths (the identity assert never fails, so it does not fork):
//   1. r < 0, then n < 0 holds                 -> ends normally  (e.g. n = -7, d = 2)
//   2. r >= 0                                  -> ends normally  (e.g. n = 7, d = -2)
// (r < 0 with n >= 0 is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class DivTruncation {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        int d = Verifier.nondetInt();
        Verifier.assume(d != 0);
        assert (100 / d) * d + 100 % d == 100;
        int r = n % d;
        if (r < 0) {
            assert n < 0;
        }
    }
}
