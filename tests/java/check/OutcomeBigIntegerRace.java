// rpf-expect: none
// rpf-race: yes (the static field `total` is read and written by both threads without a lock)
// rpf-outcomes: add-then-multiply | multiply-then-add | add-only | multiply-only
//
// Big-number arithmetic shared between threads, through the BigInteger methods rpf runs as
// intrinsics (magnitude add, multiplyByInt, the shifts and multiply-subtract of division).
// Thread A sets `total = total.add(2^70)`, thread B `total = total.multiply(3)` on the
// unsynchronized static field: both updates land in either order, or one overwrites the
// other (lost update), so the four results are (T + 2^70) * 3, T * 3 + 2^70, T + 2^70 and
// T * 3 for T = 10^30. Main names which one it got, after checking it through division
// and remainder (anything else would print "other").
import java.math.BigInteger;

public class OutcomeBigIntegerRace {
    static final BigInteger T = BigInteger.TEN.pow(30);
    static final BigInteger A = BigInteger.ONE.shiftLeft(70);
    static final BigInteger THREE = BigInteger.valueOf(3);
    static BigInteger total = T;

    public static void main(String[] args) throws InterruptedException {
        Thread adder = new Thread(() -> {
            BigInteger seen = total;
            total = seen.add(A);
        });
        Thread multiplier = new Thread(() -> {
            BigInteger seen = total;
            total = seen.multiply(THREE);
        });
        adder.start();
        multiplier.start();
        adder.join();
        multiplier.join();
        BigInteger r = total;
        String outcome;
        if (r.equals(T.add(A).multiply(THREE)) && r.divide(THREE).subtract(A).equals(T)) {
            outcome = "add-then-multiply";
        } else if (r.equals(T.multiply(THREE).add(A)) && r.subtract(A).remainder(THREE).signum() == 0) {
            outcome = "multiply-then-add";
        } else if (r.subtract(A).equals(T)) {
            outcome = "add-only";
        } else if (r.divideAndRemainder(THREE)[0].equals(T) && r.mod(THREE).signum() == 0) {
            outcome = "multiply-only";
        } else {
            outcome = "other " + r;
        }
        System.out.println("OUTCOME: " + outcome);
    }
}
