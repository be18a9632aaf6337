// How paths of an analysed method end by exceptions:
// rpf -cp out Exits +symbolic.method=Exits.run(sym) finds four paths:
//   x < 0         -> throws IllegalArgumentException (thrown by the callee check)
//   x == 0        -> throws ArithmeticException (10 / x, thrown by the VM)
//   0 < x < 100   -> returns -1 (an exception thrown and caught inside run)
//   x >= 100      -> returns 0
public class Exits {
    static int run(int x) {
        check(x);
        if (x > 0 && x < 100) {
            try {
                throw new IllegalStateException("small");
            } catch (IllegalStateException e) {
                return -1;
            }
        }
        return 10 / x;
    }

    static void check(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative");
        }
    }

    public static void main(String[] args) {
        try {
            run(5);
        } catch (RuntimeException e) {
            System.out.println("caught " + e.getClass().getName());
        }
    }
}
