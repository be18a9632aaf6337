// rpf-expect: assertion
// rpf-paths: 2
// rpf-witness: 128
//
// (byte) x keeps the low 8 bits of x and sign-extends them, so for x in 128..200 the byte is
// x - 256 (negative). The program wrongly assumes a cast of a non-negative int is
// non-negative -> assertion for any x in 128..200. Verifier.assume prunes x outside 0..200.
// Paths:
//   1. x < 128,  b == x (holds),       b >= 0    -> ends normally
//   2. x >= 128, b == x - 256 (holds), b < 0     -> AssertionError
// (The two equality asserts never fail, and b >= 0 is infeasible on path 2, b < 0 on path 1.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class ByteCastBug {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x >= 0 && x <= 200);
        byte b = (byte) x;
        if (x < 128) {
            assert b == x;
        } else {
            assert b == x - 256;
        }
        assert b >= 0;
    }
}
