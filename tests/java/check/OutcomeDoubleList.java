// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: r=0.5 | r=1.0 | r=1.5 | r=2.5 | r=3.0 | r=5.0
//
// d = Verify.getDoubleFromList(0.5, 1.5, 2.5), k = Verify.getIntFromList(1, 2); r = d * k.
// The 6 paths: k = 1 -> 0.5, 1.5, 2.5; k = 2 -> 1.0, 3.0, 5.0 (all exact in binary floating
// point; Double.toString prints them as shown). Six distinct outcomes, no assertion.
import gov.nasa.jpf.vm.Verify;

public class OutcomeDoubleList {
    public static void main(String[] args) {
        double d = Verify.getDoubleFromList(0.5, 1.5, 2.5);
        int k = Verify.getIntFromList(1, 2);
        double r = d * k;
        System.out.println("OUTCOME: r=" + r);
    }
}
