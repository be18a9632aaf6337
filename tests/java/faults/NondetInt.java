import org.sosy_lab.sv_benchmarks.Verifier;

// An SV-COMP task whose input is an unbounded int: rpf cannot enumerate it (it needs
// symbolic execution), so a check is incomplete, never "no violation" and never the
// program's fault.
public class NondetInt {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        assert x != 12345 : "reached";
    }
}
