// rpf-expect: assertion
// rpf-paths: 6
// rpf-witness: 4096 -1
//
// A lookupswitch (sparse keys -1000, 7, 4096, 1 << 20) on an arbitrary c. Case 4096 claims
// that rounding v down to a multiple of 4096 by (v / 4096) * 4096 never exceeds v. Java
// division truncates toward zero, so for a negative v that is not a multiple of 4096 the
// result is above v (v = -1 gives 0 > -1) -> assertion. With floor division, as SMT-LIB's
// integer div has for a positive divisor, the claim would hold.
// Paths:
//   1. c == -1000                              -> ends normally
//   2. c == 7                                  -> ends normally
//   3. c == 4096, rounded <= v                 -> ends normally  (v >= 0 or v % 4096 == 0)
//   4. c == 4096, rounded > v                  -> AssertionError (v < 0, v % 4096 != 0)
//   5. c == 1 << 20                            -> ends normally
//   6. c is none of the keys (default)         -> ends normally
import org.sosy_lab.sv_benchmarks.Verifier;

public class SwitchLookup {
    public static void main(String[] args) {
        int c = Verifier.nondetInt();
        int v = Verifier.nondetInt();
        int kind;
        switch (c) {
            case -1000:
                kind = 1;
                break;
            case 7:
                kind = 2;
                break;
            case 4096:
                int rounded = (v / 4096) * 4096;
                assert rounded <= v;
                kind = 3;
                break;
            case 1 << 20:
                kind = 4;
                break;
            default:
                kind = 0;
        }
    }
}
