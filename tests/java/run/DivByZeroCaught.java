// Exercises ArithmeticException from integer / and % by zero (int and long), caught and
// message printed; floating point division by zero does not throw.
public class DivByZeroCaught {
    static int zero() { return 0; }

    public static void main(String[] args) {
        int a = 10;
        try {
            System.out.println(a / zero());
        } catch (ArithmeticException e) {
            System.out.println("caught: " + e.getMessage());
            System.out.println("toString: " + e);
        }
        try {
            System.out.println(a % zero());
        } catch (ArithmeticException e) {
            System.out.println("rem caught: " + e.getMessage());
        }
        try {
            long l = 5L / (long) zero();
            System.out.println(l);
        } catch (ArithmeticException e) {
            System.out.println("long caught: " + e.getMessage());
        }
        try {
            long l = 5L % (long) zero();
            System.out.println(l);
        } catch (ArithmeticException e) {
            System.out.println("long rem caught: " + e.getMessage());
        }
        try {
            int x = 7;
            x /= zero();
            System.out.println(x);
        } catch (RuntimeException e) {
            System.out.println("compound caught: " + e.getClass().getName());
        }
        System.out.println("double: " + (10.0 / zero()) + " " + (10.0 % zero()) + " " + (-1f / zero()));
        try {
            System.out.println(Math.floorDiv(1, zero()));
        } catch (ArithmeticException e) {
            System.out.println("floorDiv caught: " + e.getMessage());
        }
        try {
            System.out.println(java.math.BigInteger.TEN.divide(java.math.BigInteger.ZERO));
        } catch (ArithmeticException e) {
            System.out.println("BigInteger caught: " + e.getMessage());
        }
        int count = 0;
        for (int i = -2; i <= 2; i++) {
            try {
                System.out.println("100/" + i + " = " + (100 / i));
            } catch (ArithmeticException e) {
                count++;
                System.out.println("100/" + i + " threw");
            }
        }
        System.out.println("count=" + count);
        System.out.println("done");
    }
}
