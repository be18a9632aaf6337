// rpf-expect: none
// rpf-paths: 3
//
// IntOverflowAssert with the missing guard: x < Integer.MAX_VALUE excludes the one value whose
// successor wraps around, so for 0 < x < MAX, x + 1 lies in 2..MAX and is positive.
// Paths (the && is two branches):
//   1. x <= 0                              -> ends normally
//   2. x > 0, x >= MAX (x == MAX)          -> ends normally, the assert is not reached
//   3. x > 0, x < MAX, x + 1 > 0           -> ends normally
// (x > 0, x < MAX, x + 1 <= 0 is infeasible.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class IntOverflowGuarded {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x > 0 && x < Integer.MAX_VALUE) {
            assert x + 1 > 0;
        }
    }
}
