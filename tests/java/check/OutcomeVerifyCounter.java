// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: c=1 | c=2 | c=3
//
// Verify's counters survive backtracking, as in JPF: x = Verify.getInt(0, 2) starts three
// paths that differ in x (so no state after the choice matches another), and each adds one to
// counter 0 once, so the three paths see 1, 2 and 3 in the order the search takes them. The
// assertion checks that the counter reads back what the increment returned.
import gov.nasa.jpf.vm.Verify;

public class OutcomeVerifyCounter {
    static int x;

    public static void main(String[] args) {
        x = Verify.getInt(0, 2);
        int c = Verify.incrementCounter(0);
        assert Verify.getCounter(0) == c;
        System.out.println("OUTCOME: c=" + c);
    }
}
