// Differential test of rpf's BigInteger intrinsics (magnitude add and subtract, shiftLeft's
// worker, division's copyAndShift and mulsubBorrow): carry and borrow chains through all-ones
// and all-zeros words, every shift within a word, operands of every length up to 40 words,
// signs, and seeded random operands whose results are folded into a checksum.
import java.math.BigInteger;
import java.util.Random;

public class BigIntegerIntrinsics {
    static long checksum = 17;

    static void fold(BigInteger b) {
        checksum = checksum * 31 + b.hashCode();
        checksum = checksum * 31 + b.bitLength();
    }

    public static void main(String[] args) {
        BigInteger ones = BigInteger.ONE.shiftLeft(320).subtract(BigInteger.ONE); // ten words of 0xFFFFFFFF
        BigInteger power = BigInteger.ONE.shiftLeft(320);
        System.out.println(ones.add(BigInteger.ONE).equals(power) + " " + power.subtract(BigInteger.ONE).equals(ones));
        System.out.println(ones.add(ones).toString(16));
        System.out.println(power.subtract(ones) + " " + ones.subtract(power) + " " + ones.negate().add(power));
        System.out.println(ones.add(BigInteger.valueOf(0xFFFFFFFFL)).toString(16));
        System.out.println(power.add(BigInteger.ONE).subtract(BigInteger.TWO).toString(16));
        System.out.println(BigInteger.ZERO.add(ones).equals(ones) + " " + ones.subtract(ones) + " " + ones.add(BigInteger.ZERO).bitLength());
        for (int s = 0; s <= 70; s++) {
            BigInteger v = ones.shiftLeft(s).add(BigInteger.valueOf(s));
            if (s % 7 == 0) System.out.println(s + " " + v.toString(16));
            fold(v);
            fold(v.shiftRight(s));
            fold(BigInteger.valueOf(-12345678901L).shiftLeft(s));
        }
        System.out.println(ones.pow(3).divide(ones.add(BigInteger.TEN)) + " " + ones.pow(3).mod(ones.subtract(BigInteger.TEN)));
        System.out.println(power.pow(2).divideAndRemainder(ones)[1] + " " + power.divide(BigInteger.valueOf(0xFFFFFFFFL)).toString(16));
        Random random = new Random(42);
        for (int i = 0; i < 3000; i++) {
            BigInteger a = new BigInteger(1 + random.nextInt(1280), random);
            BigInteger b = new BigInteger(1 + random.nextInt(700), random).add(BigInteger.ONE);
            if (random.nextBoolean()) a = a.negate();
            if (random.nextInt(4) == 0) b = b.negate();
            fold(a.add(b));
            fold(a.subtract(b));
            fold(b.subtract(a));
            fold(a.multiply(b));
            fold(a.divide(b));
            fold(a.remainder(b));
            fold(a.shiftLeft(random.nextInt(100)));
            fold(a.multiply(a).divide(b));
            if (a.signum() > 0) fold(a.sqrt());
            fold(a.gcd(b));
        }
        System.out.println("checksum " + checksum);
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= 300; i++) f = f.multiply(BigInteger.valueOf(i));
        System.out.println(f.toString().length() + " " + f.mod(BigInteger.valueOf(1_000_000_007L)) + " " + f.toString().substring(0, 30));
    }
}
