// Integer.parseInt runs on the symbolic characters of Verifier.nondetString():
// Character.digit looks the characters up in its table symbolically, so rpf finds the
// string "42" (and with symbolic.string_length=3 nothing longer is needed).
import org.sosy_lab.sv_benchmarks.Verifier;

public class ParseNumber {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        try {
            int v = Integer.parseInt(s);
            assert v != 42 : "parsed 42";
        } catch (NumberFormatException e) {
            // not a number
        }
    }
}
