import gov.nasa.jpf.vm.Verify;

// The first choice's first value fails an assertion at once; the second leads into a state
// space no search finishes. With search.multiple_errors the search goes on after the
// violation, and an interruption must keep it.
public class EarlyViolation {
    public static void main(String[] args) {
        if (Verify.getInt(0, 1) == 0) {
            assert false : "found early";
        }
        long sum = 0;
        for (int i = 0; i < 40; i++) {
            sum = sum * 31 + Verify.getInt(0, 9);
        }
        System.out.println(sum);
    }
}
