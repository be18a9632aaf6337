// rpf-expect: exception:java.lang.ArithmeticException
// rpf-paths: 3
// rpf-witness: 0
//
// Integer division by an arbitrary int: d == 0 makes idiv throw an uncaught
// ArithmeticException ("/ by zero").
// Paths (idiv forks on d == 0, then one branch on the quotient):
//   1. d == 0                                  -> ArithmeticException
//   2. d != 0, r < 0   (-100 <= d <= -1)       -> prints, ends normally
//   3. d != 0, r >= 0  (d > 0 or d <= -101)    -> ends normally
// Division truncates toward zero, so 100 / d == 0 for d <= -101, not -1.
import org.sosy_lab.sv_benchmarks.Verifier;

public class DivByZero {
    public static void main(String[] args) {
        int d = Verifier.nondetInt();
        int r = 100 / d;
        if (r < 0) {
            System.out.println("negative quotient");
        }
    }
}
