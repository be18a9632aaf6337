// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: f=0.5 | f=1.25 | f=-3.0
//
// Verify.getFloatFromList(0.5f, 1.25f, -3f) explores each of its three values once (all exact
// in binary floating point; Float.toString prints them as shown).
import gov.nasa.jpf.vm.Verify;

public class OutcomeFloatList {
    public static void main(String[] args) {
        float f = Verify.getFloatFromList(0.5f, 1.25f, -3f);
        System.out.println("OUTCOME: f=" + f);
    }
}
