// Math.sqrt is a native method in rpf: a symbolic argument is made concrete there (Z3's
// double square root does not decide such queries within the time limit). d == 9.0 violates
// the assertion; the other values of d were dropped, so the run is incomplete unless the
// value chosen happens to be 9.0 — never a plain "no violation".
import org.sosy_lab.sv_benchmarks.Verifier;

public class SqrtInput {
    public static void main(String[] args) {
        double d = Verifier.nondetDouble();
        assert Math.sqrt(d) != 3.0;
    }
}
