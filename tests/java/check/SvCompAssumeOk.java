// rpf-expect: none
// rpf-race: no (single-threaded)
//
// SV-COMP style nondeterminism: a and b are arbitrary booleans (Verifier.nondetBoolean, both
// values explored), and Verifier.assume(a || b) discards the path a == b == false. On the
// three remaining paths (F,T), (T,F), (T,T) the number of true values n is 1, 1 or 2, so
// `assert n >= 1` always holds -> no violation.
import org.sosy_lab.sv_benchmarks.Verifier;

public class SvCompAssumeOk {
    public static void main(String[] args) {
        boolean a = Verifier.nondetBoolean();
        boolean b = Verifier.nondetBoolean();
        Verifier.assume(a || b);
        int n = (a ? 1 : 0) + (b ? 1 : 0);
        assert n >= 1 : "n = " + n;
    }
}
