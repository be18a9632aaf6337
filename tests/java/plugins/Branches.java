// rpf-race: no (single thread)
import gov.nasa.jpf.vm.Verify;

// Coverage fixture: sign() sees x = 0 and x = 1 (Verify.getInt(0, 1)), so `x > 0` takes
// both outcomes, `x < 0` only its false outcome, and the line `return -1;` never runs.
public class Branches {
    static int sign(int x) {
        if (x > 0) {
            return 1;
        }
        if (x < 0) {
            return -1;
        }
        return 0;
    }

    public static void main(String[] args) {
        int s = sign(Verify.getInt(0, 1));
        System.out.println("sign = " + s);
    }
}
