// Method-level symbolic execution (SPF's classic example, with Java's overflow):
// rpf -cp out Example +symbolic.method=Example.test(sym#sym) finds five paths through test:
//   z <= x, x == 10            -> ArithmeticException (division by zero)
//   z <= x, x != 10            -> returns (x - z) / (x - 10)
//   z >  x, z - x <= 100, x == 10 -> ArithmeticException
//   z >  x, z - x <= 100, x != 10 -> returns (z - x) / (x - 10)
//   z >  x, z - x >  100       -> IllegalStateException
// (z - x and x - z are 32-bit: with x = MIN_VALUE, z = 1, z - x wraps to a negative value,
// which the condition z - x > 100 then excludes; the paths stay the five above.)
// main prints the result, which makes its value concrete: that run is incomplete.
public class Example {
    public static void main(String[] args) {
        Example ex = new Example();
        try {
            System.out.println(ex.test(1, 2));
        } catch (RuntimeException e) {
            System.out.println("caught " + e);
        }
    }

    public int test(int x, int z) {
        int y = 0;
        if (z > x) {
            z = z - x;
            y = 1;
        } else {
            z = x - z;
            y = 2;
        }
        if (y == 1 && z > 100) {
            throw new IllegalStateException("big");
        }
        return z / (x - 10);
    }
}
