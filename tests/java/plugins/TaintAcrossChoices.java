// rpf-race: no (single thread)
import gov.nasa.jpf.vm.Verify;

// The pin is tainted before a choice; the path that writes it to the sink comes second, so
// its local's attribute must survive saving and restoring the state at the choice.
public class TaintAcrossChoices {
    static class Secrets {
        static int pin() {
            return 1234;
        }
    }

    static class Log {
        static void write(int value) {
        }
    }

    public static void main(String[] args) {
        int p = Secrets.pin();
        if (Verify.getBoolean()) {
            Log.write(0);
        } else {
            Log.write(p);
        }
    }
}
