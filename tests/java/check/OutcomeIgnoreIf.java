// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: s=4 | s=6 | s=8 | s=10
//
// x = Verify.getInt(1, 6), y = Verify.getInt(1, 6) (36 paths); ignoreIf(x >= y) keeps only
// x < y, ignoreIf((x + y) % 2 != 0) keeps only pairs of equal parity. Surviving pairs and
// s = x + y:
//   (1,3) 4   (1,5) 6   (3,5) 8   (2,4) 6   (2,6) 8   (4,6) 10
// Distinct outcomes: 4, 6, 8, 10. No assertion -> verdict none.
import gov.nasa.jpf.vm.Verify;

public class OutcomeIgnoreIf {
    public static void main(String[] args) {
        int x = Verify.getInt(1, 6);
        int y = Verify.getInt(1, 6);
        Verify.ignoreIf(x >= y);
        Verify.ignoreIf((x + y) % 2 != 0);
        System.out.println("OUTCOME: s=" + (x + y));
    }
}
