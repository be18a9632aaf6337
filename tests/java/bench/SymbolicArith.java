import org.sosy_lab.sv_benchmarks.Verifier;

// Symbolic-execution benchmark: branches on non-linear, wrapping 32-bit arithmetic of three
// inputs (products, remainders, shifts), 2^10 = 1,024 combinations of branch outcomes of
// which the solver must find the feasible ones: the solver dominates.
public class SymbolicArith {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int y = Verifier.nondetInt();
        int z = Verifier.nondetInt();
        int score = 0;
        if (x * y > z) score++;
        if ((x ^ y) < 0) score++;
        if (x % 7 == 3) score++;
        if ((y >>> 3) > z) score++;
        if (x + y + z == 100) score++;
        if (x * 3 < y) score++;
        if ((z & 0xff) == 0x42) score++;
        if (y - z > x) score++;
        if ((x << 5) == y) score++;
        if (z / 3 > y % 11) score++;
        assert score <= 10;
    }
}
