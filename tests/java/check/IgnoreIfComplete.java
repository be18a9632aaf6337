// rpf-expect: none
// rpf-race: no (single-threaded)
//
// Verify.ignoreIf prunes every failing choice. x = Verify.random(9) is in 0..9 and
// y = Verify.getIntFromList(1, 2, 3). The property asserted is x * y < 20. Failing pairs:
// y = 3 with x >= 7 (21, 24, 27); y = 2 would need x >= 10 (out of range), so exactly the
// pairs with x * y >= 20 = {(7,3), (8,3), (9,3)}. The first ignoreIf(x > 6 && y == 3) prunes
// all of them (the second, ignoreIf(x == 0), prunes harmless choices too), so every path that
// reaches the assert satisfies it -> no violation.
import gov.nasa.jpf.vm.Verify;

public class IgnoreIfComplete {
    public static void main(String[] args) {
        int x = Verify.random(9);
        int y = Verify.getIntFromList(1, 2, 3);
        Verify.ignoreIf(x > 6 && y == 3);
        Verify.ignoreIf(x == 0);
        assert x * y < 20 : "x=" + x + " y=" + y;
    }
}
