// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// Like IgnoreIfComplete, but the pruning misses a case: x = Verify.random(9) in 0..9,
// y = Verify.getIntFromList(1, 2, 3), property x * y < 20. The failing pairs are (7,3),
// (8,3), (9,3); ignoreIf(x > 7 && y == 3) prunes only (8,3) and (9,3). The choice x = 7,
// y = 3 survives and gives 21 >= 20 -> assertion.
import gov.nasa.jpf.vm.Verify;

public class IgnoreIfIncomplete {
    public static void main(String[] args) {
        int x = Verify.random(9);
        int y = Verify.getIntFromList(1, 2, 3);
        Verify.ignoreIf(x > 7 && y == 3);
        assert x * y < 20 : "x=" + x + " y=" + y;
    }
}
