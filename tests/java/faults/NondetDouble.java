import org.sosy_lab.sv_benchmarks.Verifier;

// An SV-COMP task whose input is an unbounded double: rpf's symbolic execution covers
// integer inputs only so far, so a check is incomplete, never "no violation" and never the
// program's fault.
public class NondetDouble {
    public static void main(String[] args) {
        double x = Verifier.nondetDouble();
        assert x != 12345.0 : "reached";
    }
}
