import java.math.BigInteger;

/*
 * BigInteger benchmark: computes decimal digits of pi with an unbounded spigot (a 2x2 matrix
 * of BigIntegers is composed with one term of a series per step; a digit is emitted once it
 * is certain). Argument: number of digits (default 1000). Prints the digits in lines of 50.
 */
public class PiDigits {
    public static void main(String[] args) {
        int digits = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        BigInteger three = BigInteger.valueOf(3), four = BigInteger.valueOf(4), ten = BigInteger.TEN;
        // State (q, r, t): the current value is (q*x + r) / t for x in the remaining interval.
        BigInteger q = BigInteger.ONE, r = BigInteger.ZERO, t = BigInteger.ONE;
        StringBuilder line = new StringBuilder();
        int emitted = 0;
        long k = 0;
        while (emitted < digits) {
            BigInteger d3 = q.multiply(three).add(r).divide(t);
            BigInteger d4 = q.multiply(four).add(r).divide(t);
            if (d3.equals(d4)) {
                // Digit is fixed: emit it and scale the state by 10.
                line.append(d3.intValue());
                emitted++;
                if (line.length() == 50 || emitted == digits) {
                    System.out.println(line + "\t:" + emitted);
                    line.setLength(0);
                }
                r = r.subtract(d3.multiply(t)).multiply(ten);
                q = q.multiply(ten);
            } else {
                // Compose the next term: (q, r, t) <- (q*k, (2q + r)(2k+1), t(2k+1)).
                k++;
                BigInteger odd = BigInteger.valueOf(2 * k + 1);
                r = q.shiftLeft(1).add(r).multiply(odd);
                q = q.multiply(BigInteger.valueOf(k));
                t = t.multiply(odd);
            }
        }
    }
}
