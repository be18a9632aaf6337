import org.sosy_lab.sv_benchmarks.Verifier;

// No string of at most 8 characters is longer than 8; but longer strings, which nondetString
// could return in SV-COMP's sense, are not explored: the run is incomplete, not "no
// violation" (with +symbolic.string_length=3, too).
public class ShortStrings {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        assert s.length() <= 8 : "long string";
    }
}
