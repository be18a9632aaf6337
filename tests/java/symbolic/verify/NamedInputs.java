import gov.nasa.jpf.vm.Verify;

// JPF's Verify.getInt(name) as a symbolic input (+symbolic=true): speed and limit are any
// ints; the difference of speed > limit overflows to a negative value when they are far
// apart (speed = MAX_VALUE, limit = -1 for instance), which the exception reports.
public class NamedInputs {
    public static void main(String[] args) {
        int speed = Verify.getInt("speed");
        int limit = Verify.getInt("limit");
        if (speed > limit && speed - limit < 0) {
            throw new IllegalStateException("overflowed difference");
        }
    }
}
