import org.sosy_lab.sv_benchmarks.Verifier;

// An SV-COMP task whose input is an unbounded string: rpf's symbolic execution covers
// integer and floating-point inputs only so far, so a check is incomplete, never "no
// violation" and never the program's fault.
public class NondetString {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert !s.equals("12345") : "reached";
    }
}
