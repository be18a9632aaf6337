// rpf-expect: assertion
// rpf-paths: 4
// rpf-witness: 4294967301
//
// l2i keeps the low 32 bits of a long, i2l sign-extends an int. The program assumes that an
// int equal to 5 came from the long 5, but l = 2^32 + 5 = 4294967301 also truncates to 5
// -> assertion. Long comparisons are lcmp + a branch.
// Paths:
//   1. back == l (l fits in an int), i != 5                -> ends normally
//   2. back == l, i == 5, so l == 5 holds                  -> ends normally
//   3. back != l (l outside the int range), i != 5         -> ends normally
//   4. back != l, i == 5, l != 5                           -> AssertionError
// (back == l, i == 5, l != 5 and back != l, i == 5, l == 5 are infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class LongIntCast {
    public static void main(String[] args) {
        long l = Verifier.nondetLong();
        int i = (int) l;
        long back = i;
        int fits = 0;
        if (back == l) {
            fits = 1;
        }
        if (i == 5) {
            assert l == 5;
        }
    }
}
