import org.sosy_lab.sv_benchmarks.Verifier;

// String concatenation (an invokedynamic call site) reads its arguments' concrete values:
// the symbolic input is made concrete there, so the run must not claim "no violation" for
// the strings it did not build (x == 5 gives "x=5"); it is incomplete unless it happens to
// find the violation.
public class ConcatInput {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        String s = "x=" + x;
        assert !s.equals("x=5") : "five";
    }
}
