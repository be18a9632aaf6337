// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: r=0 | r=1 | r=2 | r=3 | r=4 | r=9
//
// a = Verify.getInt(0, 3), b = Verify.getBoolean(false) (both values explored, false first);
// r = b ? a * a : a + 1. Enumeration of the 8 paths:
//   b = false: a = 0, 1, 2, 3 -> r = 1, 2, 3, 4
//   b = true : a = 0, 1, 2, 3 -> r = 0, 1, 4, 9
// Distinct results: 0, 1, 2, 3, 4, 9 (1 and 4 arise on two paths each). Single thread, no
// assertion -> verdict none.
import gov.nasa.jpf.vm.Verify;

public class OutcomeVerifyArith {
    public static void main(String[] args) {
        int a = Verify.getInt(0, 3);
        boolean b = Verify.getBoolean(false);
        int r = b ? a * a : a + 1;
        System.out.println("OUTCOME: r=" + r);
    }
}
