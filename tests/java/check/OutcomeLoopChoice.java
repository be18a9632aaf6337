// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: total=0 | total=1 | total=2 | total=3 | total=4 | total=5 | total=6
//
// A loop of three iterations i = 1, 2, 3; in each, Verify.randomBool() decides whether i is
// added to total. The 8 paths produce the subset sums of {1, 2, 3}:
//   {} 0, {1} 1, {2} 2, {3} 3, {1,2} 3, {1,3} 4, {2,3} 5, {1,2,3} 6
// Distinct outcomes: 0..6 (3 arises twice). No assertion -> verdict none.
import gov.nasa.jpf.vm.Verify;

public class OutcomeLoopChoice {
    public static void main(String[] args) {
        int total = 0;
        for (int i = 1; i <= 3; i++) {
            if (Verify.randomBool()) {
                total += i;
            }
        }
        System.out.println("OUTCOME: total=" + total);
    }
}
