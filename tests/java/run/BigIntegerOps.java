// Exercises java.math.BigInteger: factorial of 50, pow, mod/remainder with negatives,
// gcd, modPow, modInverse, isProbablePrime(50) on known primes/composites, shifts,
// bit operations, toString(radix), parsing, comparisons, and longValueExact overflow.
import java.math.BigInteger;

public class BigIntegerOps {
    public static void main(String[] args) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= 50; i++) f = f.multiply(BigInteger.valueOf(i));
        System.out.println("50! = " + f);
        System.out.println("bitLength " + f.bitLength() + " bitCount " + f.bitCount() + " lowestSetBit " + f.getLowestSetBit());
        BigInteger two = BigInteger.TWO;
        System.out.println("2^100 = " + two.pow(100));
        System.out.println("3^200 mod 1000007 = " + BigInteger.valueOf(3).pow(200).mod(BigInteger.valueOf(1000007)));
        BigInteger a = new BigInteger("-17"), m = BigInteger.valueOf(5);
        System.out.println("-17 mod 5 = " + a.mod(m) + ", rem = " + a.remainder(m) + ", divide = " + a.divide(m) + ", divRem = " + java.util.Arrays.toString(a.divideAndRemainder(m)));
        try {
            a.mod(BigInteger.valueOf(-5));
        } catch (ArithmeticException e) {
            System.out.println("mod negative: " + e.getMessage());
        }
        BigInteger x = new BigInteger("123456789012345678901234567890");
        BigInteger y = new BigInteger("987654321098765432109876543210");
        System.out.println("gcd = " + x.gcd(y) + " sum " + x.add(y) + " diff " + x.subtract(y) + " prod " + x.multiply(y));
        System.out.println("y / x = " + y.divide(x) + " y % x = " + y.mod(x));
        System.out.println("modPow(2, 1000, 1e9+7) = " + two.modPow(BigInteger.valueOf(1000), BigInteger.valueOf(1_000_000_007)));
        System.out.println("modInverse(3, 11) = " + BigInteger.valueOf(3).modInverse(BigInteger.valueOf(11)));
        String[] cands = {"2", "97", "561", "7919", "1000000007", "2147483647", "2305843009213693951", "1000000000000000000", "170141183460469231731687303715884105727", "170141183460469231731687303715884105729"};
        for (String c : cands) System.out.println(c + " prime? " + new BigInteger(c).isProbablePrime(50));
        System.out.println("nextProbablePrime(1000) = " + BigInteger.valueOf(1000).nextProbablePrime());
        BigInteger neg = BigInteger.valueOf(-12345);
        System.out.println("shifts " + neg.shiftLeft(10) + " " + neg.shiftRight(3) + " " + BigInteger.ONE.shiftLeft(70));
        System.out.println("bits and/or/xor/not " + x.and(y) + " " + x.or(BigInteger.TEN) + " " + x.xor(y) + " " + neg.not());
        System.out.println("testBit " + BigInteger.valueOf(5).testBit(2) + " setBit " + BigInteger.ZERO.setBit(65) + " flipBit " + BigInteger.valueOf(7).flipBit(1));
        System.out.println("radix " + f.toString(16) + " " + BigInteger.valueOf(-255).toString(2) + " parse " + new BigInteger("-ff", 16) + " " + new BigInteger("zz", 36));
        System.out.println("compare " + x.compareTo(y) + " " + y.compareTo(x) + " equals " + x.equals(new BigInteger("123456789012345678901234567890")) + " signum " + neg.signum() + " abs " + neg.abs() + " negate " + x.negate());
        System.out.println("min/max " + x.min(y).equals(x) + " " + x.max(y).equals(y));
        System.out.println("sqrt " + f.sqrt() + " hashCode " + x.hashCode() + " " + BigInteger.valueOf(-1).hashCode());
        System.out.println("longValue wrap " + two.pow(64).add(BigInteger.TEN).longValue() + " intValue " + x.intValue() + " doubleValue " + f.doubleValue());
        try {
            two.pow(63).longValueExact();
        } catch (ArithmeticException e) {
            System.out.println("longValueExact: " + e.getMessage());
        }
        try {
            new BigInteger("12x");
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        }
        BigInteger fib1 = BigInteger.ZERO, fib2 = BigInteger.ONE;
        for (int i = 0; i < 200; i++) {
            BigInteger t = fib1.add(fib2);
            fib1 = fib2;
            fib2 = t;
        }
        System.out.println("fib(200) = " + fib1);
        System.out.println("toByteArray " + java.util.Arrays.toString(BigInteger.valueOf(-129).toByteArray()) + " from bytes " + new BigInteger(new byte[]{1, 0, 0}));
        System.out.println("done");
    }
}
