// Exercises long arithmetic: overflow, division/remainder with negatives, MIN_VALUE / -1,
// long shifts (distance masked by 63), >>>, mixing int and long, and l2i truncation.
public class LongOverflow {
    static long id(long x) { return x; }

    public static void main(String[] args) {
        long max = Long.MAX_VALUE, min = Long.MIN_VALUE;
        System.out.println("max+1 = " + (max + 1));
        System.out.println("min-1 = " + (min - 1));
        System.out.println("max*3 = " + (max * 3));
        System.out.println("min/-1 = " + (min / id(-1)));
        System.out.println("min%-1 = " + (min % id(-1)));
        System.out.println("-7L/2 = " + (-7L / 2) + ", -7L%2 = " + (-7L % 2) + ", 7L%-2 = " + (7L % -2));
        int[] dists = {0, 1, 31, 32, 63, 64, 65, -1, -64};
        for (int d : dists) {
            System.out.println("1L<<" + d + " = " + (1L << d) + "  -1L>>>" + d + " = " + (-1L >>> d) + "  min>>" + d + " = " + (min >> d));
        }
        int big = 2000000000;
        long wrong = big * 2;
        long right = big * 2L;
        System.out.println("int*int into long = " + wrong + ", with long = " + right);
        long f = 1;
        for (int i = 1; i <= 25; i++) {
            f *= i;
            System.out.println(i + "! mod 2^64 = " + f);
        }
        System.out.println("(int)max = " + (int) max + ", (int)0x123456789L = " + (int) 0x123456789L);
        System.out.println("(int)min = " + (int) min + ", (short)0x12345678ABCDL = " + (short) 0x12345678ABCDL);
        long h = 1125899906842597L;
        String s = "differential";
        for (int i = 0; i < s.length(); i++) h = 31 * h + s.charAt(i);
        System.out.println("long hash = " + h);
        System.out.println("Long.compare = " + Long.compare(min, 0) + " " + Long.signum(-5L));
        System.out.println("unsigned = " + Long.toUnsignedString(-1L) + " " + Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10));
        System.out.println("compareUnsigned = " + Long.compareUnsigned(-1L, 1L));
        long m = 0x8000_0000L;
        System.out.println("0x80000000L = " + m + ", as int = " + (int) m);
        System.out.println("done");
    }
}
