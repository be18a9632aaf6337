import org.sosy_lab.sv_benchmarks.Verifier;

// Verifier.nondetString() is any string of up to symbolic.string_length (8) characters,
// each character symbolic: the search finds the one string that equals "bug" (length 3,
// then the characters b, u, g), and the violation is confirmed on those inputs.
public class MagicWord {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.equals("bug")) {
            assert false : "found the magic word";
        }
    }
}
