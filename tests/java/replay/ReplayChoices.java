import gov.nasa.jpf.vm.Verify;

/**
 * Two data choices, one failing combination: the search's path to the failure is known
 * exactly (a = 2, then b = 1), so a stored trace can be checked line by line.
 */
public class ReplayChoices {
    public static void main(String[] args) {
        int a = Verify.getInt(0, 3);
        int b = Verify.getInt(0, 3);
        if (a == 2 && b == 1) {
            throw new IllegalStateException("a=" + a + " b=" + b);
        }
        System.out.println("a=" + a + " b=" + b);
    }
}
