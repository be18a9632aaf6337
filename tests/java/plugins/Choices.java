// rpf-race: no (single thread)
import gov.nasa.jpf.vm.Verify;

// A small state space for the state-graph and tracker tests: two boolean choices give
// four end states.
public class Choices {
    public static void main(String[] args) {
        boolean a = Verify.getBoolean();
        boolean b = Verify.getBoolean();
        System.out.println("OUTCOME: " + a + " " + b);
    }
}
