/*
 * Tight long-arithmetic benchmark: counts the primes below n by trial division with long
 * remainders (odd divisors up to the square root), so the time is dominated by the lrem
 * instruction and a small loop. Argument: n, the upper bound (default 2000000).
 * Prints the count and the sum of the primes found.
 */
public class Primes {
    static boolean isPrime(long n) {
        if (n < 2) return false;
        if (n % 2 == 0) return n == 2;
        for (long d = 3; d * d <= n; d += 2) {
            if (n % d == 0) return false;
        }
        return true;
    }

    public static void main(String[] args) {
        long limit = args.length > 0 ? Long.parseLong(args[0]) : 2000000;
        long count = 0, sum = 0;
        for (long n = 0; n < limit; n++) {
            if (isPrime(n)) {
                count++;
                sum += n;
            }
        }
        System.out.println("primes below " + limit + ": " + count);
        System.out.println("sum " + sum);
    }
}
