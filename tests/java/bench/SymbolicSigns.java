import org.sosy_lab.sv_benchmarks.Verifier;

// Symbolic-execution benchmark: 12 independent sign tests of symbolic inputs, 4,096 paths,
// each with a short path condition (cheap queries: the search and the VM dominate).
public class SymbolicSigns {
    public static void main(String[] args) {
        int positive = 0;
        for (int i = 0; i < 12; i++) {
            if (Verifier.nondetInt() > 0) {
                positive++;
            }
        }
        assert positive <= 12;
    }
}
