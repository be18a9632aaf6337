// rpf-expect: exception:java.lang.IllegalStateException
// rpf-paths: 3
// rpf-witness: false 1000001
//
// nondetBoolean is a plain two-valued choice, nondetInt is symbolic. With wide == true the
// square is computed in long ((long) x * x <= (2^31 - 1)^2 < 2^63, never negative); with
// wide == false it is an int multiplication that wraps, and for many x > 1_000_000 the low 32
// bits have the sign bit set, e.g. 1000001^2 = 1000002000001, whose low 32 bits are
// -1593796223 as an int -> the program throws IllegalStateException. Verifier.assume prunes
// x <= 1_000_000 (not paths).
// Paths:
//   1. wide == true,  sq >= 0                      -> ends normally
//   2. wide == false, sq >= 0  (e.g. x = 1 << 20, square 2^40 wraps to 0)   -> ends normally
//   3. wide == false, sq < 0                       -> IllegalStateException
// (wide == true with sq < 0 is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class BoolIntSquare {
    public static void main(String[] args) {
        boolean wide = Verifier.nondetBoolean();
        int x = Verifier.nondetInt();
        Verifier.assume(x > 1_000_000);
        if (wide) {
            long sq = (long) x * x;
            if (sq < 0) {
                throw new IllegalStateException("long square overflowed");
            }
        } else {
            int sq = x * x;
            if (sq < 0) {
                throw new IllegalStateException("int square overflowed");
            }
        }
    }
}
