// rpf-expect: none
// rpf-race: no (single-threaded)
//
// Puzzle without a solution: x in 0..9, y in 0..9, goal x*x == 2*y*y with y > 0 (that would
// make x/y == sqrt(2), which is irrational). Explicitly: for y = 1..9, 2*y*y is 2, 8, 18, 32,
// 50, 72, 98, 128, 162, and none of these is a square (the squares up to 81 are 0, 1, 4, 9,
// 16, 25, 36, 49, 64, 81; 98, 128 and 162 exceed 81). So the asserted negation holds for all
// 100 choices -> no violation.
import gov.nasa.jpf.vm.Verify;

public class VerifyPuzzleUnsolvable {
    public static void main(String[] args) {
        int x = Verify.getInt(0, 9);
        int y = Verify.getInt(0, 9);
        assert !(x * x == 2 * y * y && y > 0) : "solution found: x=" + x + " y=" + y;
    }
}
