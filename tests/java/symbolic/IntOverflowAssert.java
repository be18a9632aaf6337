// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 2147483647
//
// x is an arbitrary int. For x > 0 the program claims x + 1 > 0, which holds over the
// mathematical integers (so a tool reasoning in the integer theory reports "safe"), but Java
// int addition wraps: x = Integer.MAX_VALUE gives x + 1 == Integer.MIN_VALUE -> assertion.
// Paths:
//   1. x <= 0                          -> ends normally
//   2. x > 0, x + 1 > 0  (1..MAX-1)    -> ends normally
//   3. x > 0, x + 1 <= 0 (x == MAX)    -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class IntOverflowAssert {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x > 0) {
            assert x + 1 > 0;
        }
    }
}
