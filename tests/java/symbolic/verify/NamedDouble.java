// With symbolic=true, JPF's Verify.getDouble("ratio") is a symbolic double input. Two
// doubles times 3.0 round to exactly 1.0: 1.0 / 3.0 and its upper neighbour
// 0.33333333333333337, which is the one input that throws.
import gov.nasa.jpf.vm.Verify;

public class NamedDouble {
    public static void main(String[] args) {
        double ratio = Verify.getDouble("ratio");
        if (ratio > 0.3 && ratio < 0.4 && ratio * 3.0 == 1.0 && ratio != 1.0 / 3.0) {
            throw new IllegalStateException("another third");
        }
    }
}
