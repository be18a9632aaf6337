// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// SV-COMP style: a and b are arbitrary booleans, Verifier.assume(a || b) discards only the
// path (false, false). The program claims exactly one of them is true (n == 1), but the
// path a == b == true satisfies the assumption and gives n == 2 -> assertion.
import org.sosy_lab.sv_benchmarks.Verifier;

public class SvCompAssumeBug {
    public static void main(String[] args) {
        boolean a = Verifier.nondetBoolean();
        boolean b = Verifier.nondetBoolean();
        Verifier.assume(a || b);
        int n = (a ? 1 : 0) + (b ? 1 : 0);
        assert n == 1 : "n = " + n;
    }
}
