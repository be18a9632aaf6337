import java.io.File;
import java.io.IOException;
import org.sosy_lab.sv_benchmarks.Verifier;

// A violation that cannot recur: with +vm.fs=real the program leaves a marker file behind
// (args[0]) on the path that fails, so when rpf re-runs it on the same input (x == 42) to
// confirm the violation, the marker exists and nothing fails. rpf must report the
// violation as unconfirmed and the run as incomplete, not as a plain violation.
public class ChangedWorld {
    public static void main(String[] args) throws IOException {
        int x = Verifier.nondetInt();
        if (x == 42) {
            File marker = new File(args[0]);
            if (marker.createNewFile()) {
                assert false : "first time only";
            }
        }
    }
}
