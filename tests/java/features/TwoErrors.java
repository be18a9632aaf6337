import gov.nasa.jpf.vm.Verify;

/** Two distinct failures on two of four data choices: x == 1 fails an assertion, x == 3 throws. */
public class TwoErrors {
    public static void main(String[] args) {
        int x = Verify.getInt(0, 3);
        assert x != 1 : "x is one";
        if (x == 3) {
            throw new IllegalStateException("x is three");
        }
        System.out.println("ok " + x);
    }
}
