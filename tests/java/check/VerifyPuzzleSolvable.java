// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// Puzzle search by model checking: find digits x, y in 0..9 with x + y == 12 and x * y == 35.
// The program asserts that the goal is unreachable; the model checker explores all 100
// choices and finds the counterexamples x = 5, y = 7 (and x = 7, y = 5): 5 + 7 == 12 and
// 5 * 7 == 35, so the assertion fails -> assertion.
import gov.nasa.jpf.vm.Verify;

public class VerifyPuzzleSolvable {
    public static void main(String[] args) {
        int x = Verify.getInt(0, 9);
        int y = Verify.getInt(0, 9);
        assert !(x + y == 12 && x * y == 35) : "solution found: x=" + x + " y=" + y;
    }
}
