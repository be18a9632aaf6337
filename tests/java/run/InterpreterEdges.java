/*
 * The interpreter's inner loop at its edges: every operand-stack shuffle javac emits (dup_x1,
 * dup_x2, dup2, dup2_x1, dup2_x2 with ints, longs and doubles), shifts by out-of-range counts,
 * MIN_VALUE / -1, NaN and -0.0 through every comparison and conversion, narrowing casts,
 * switches at their extremes, numeric ldc constants, the faults the loop hands over (division
 * by zero, bounds with their messages, null arrays, array stores of the wrong type), and
 * System.arraycopy of a range of every primitive array type (substring included).
 */
public class InterpreterEdges {
    int fi;
    long fl;
    double fd;
    static long sl;
    static double sd;

    static String shifts() {
        StringBuilder sb = new StringBuilder();
        int[] counts = {0, 1, 31, 32, 33, 63, 64, 65, -1, -31, -32, -33, -64, Integer.MIN_VALUE, Integer.MAX_VALUE};
        int i = 0x80000001;
        long l = 0x8000000000000001L;
        for (int c : counts) {
            sb.append(c).append(": ")
                .append(i << c).append(' ').append(i >> c).append(' ').append(i >>> c).append(' ')
                .append(l << c).append(' ').append(l >> c).append(' ').append(l >>> c).append('\n');
        }
        return sb.toString();
    }

    static String division() {
        StringBuilder sb = new StringBuilder();
        int[] is = {Integer.MIN_VALUE, -7, -1, 0, 1, 7, Integer.MAX_VALUE};
        long[] ls = {Long.MIN_VALUE, -7L, -1L, 0L, 1L, 7L, Long.MAX_VALUE};
        for (int a : is) {
            for (int b : is) {
                try {
                    sb.append(a / b).append(',').append(a % b);
                } catch (ArithmeticException e) {
                    sb.append("int:").append(e.getMessage());
                }
                sb.append(' ');
            }
            sb.append('\n');
        }
        for (long a : ls) {
            for (long b : ls) {
                try {
                    sb.append(a / b).append(',').append(a % b);
                } catch (ArithmeticException e) {
                    sb.append("long:").append(e.getMessage());
                }
                sb.append(' ');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String floats() {
        StringBuilder sb = new StringBuilder();
        double[] ds = {Double.NaN, Double.NEGATIVE_INFINITY, -1e300, -1.5, -0.0, 0.0, 1.5, 1e300,
            Double.POSITIVE_INFINITY, Double.MIN_VALUE, 2147483648.5, -2147483649.5, 9.3e18, -9.3e18};
        for (double a : ds) {
            float f = (float) a;
            sb.append(a).append(' ').append(f).append(' ')
                .append((int) a).append(' ').append((long) a).append(' ')
                .append((int) f).append(' ').append((long) f).append(' ')
                .append(-a).append(' ').append(-f).append(' ')
                .append(a % 3.0).append(' ').append(f % 3.0f).append(' ')
                .append(1.0 / a).append(' ').append(1.0f / f).append('\n');
            for (double b : ds) {
                float g = (float) b;
                sb.append(a < b ? 'l' : '-').append(a > b ? 'g' : '-').append(a == b ? 'e' : '-')
                    .append(a <= b ? 'L' : '-').append(a >= b ? 'G' : '-').append(a != b ? 'n' : '-')
                    .append(f < g ? 'l' : '-').append(f > g ? 'g' : '-').append(f == g ? 'e' : '-')
                    .append(Double.compare(a, b)).append(Float.compare(f, g)).append(' ');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String narrowing() {
        StringBuilder sb = new StringBuilder();
        int[] is = {Integer.MIN_VALUE, -32769, -32768, -129, -128, -1, 0, 127, 128, 255, 256, 32767, 32768, 65535, 65536, Integer.MAX_VALUE};
        for (int v : is) {
            sb.append((byte) v).append(' ').append((short) v).append(' ').append((int) (char) v)
                .append(' ').append((long) v).append(' ').append((float) v).append(' ').append((double) v)
                .append(' ').append((int) (long) v).append(' ').append(-v).append('\n');
        }
        long[] ls = {Long.MIN_VALUE, -4294967296L, -1L, 0L, 4294967295L, Long.MAX_VALUE};
        for (long v : ls) {
            sb.append((int) v).append(' ').append((float) v).append(' ').append((double) v)
                .append(' ').append(-v).append(' ').append(Long.compare(v, 0)).append('\n');
        }
        return sb.toString();
    }

    static int sw(int k) {
        switch (k) {
            case Integer.MIN_VALUE: return 1;
            case -1: return 2;
            case 0: return 3;
            case 1: return 4;
            case 2: return 5;
            case 3: return 6;
            case Integer.MAX_VALUE: return 7;
            default: return 0;
        }
    }

    static int dense(int k) {
        switch (k) {
            case 10: return 1;
            case 11: return 2;
            case 12: return 3;
            case 13: return 4;
            case 14: return 5;
            default: return -1;
        }
    }

    String shuffles() {
        StringBuilder sb = new StringBuilder();
        int[] ia = new int[3];
        long[] la = new long[3];
        double[] da = new double[3];
        int a = (this.fi = 5);          // dup_x1
        long b = (this.fl = 6L);        // dup2_x1
        double c = (this.fd = 7.5);     // dup2_x1
        int d = (ia[1] = 8);            // dup_x2
        long e = (la[1] = 9L);          // dup2_x2 (long into long array)
        double f = (da[2] = 10.25);     // dup2_x2
        la[2]++;                        // dup2 of array and index
        la[2] += 40;
        da[0] -= 0.5;
        ia[2] <<= 3;
        long g = sl++;                  // dup2 of a long
        double h = ++sd;
        long k = (sl = 100L);           // dup2
        this.fl += 3;
        this.fi *= -2;
        sb.append(a).append(' ').append(b).append(' ').append(c).append(' ').append(d).append(' ')
            .append(e).append(' ').append(f).append(' ').append(g).append(' ').append(h).append(' ')
            .append(k).append(' ').append(java.util.Arrays.toString(ia)).append(java.util.Arrays.toString(la))
            .append(java.util.Arrays.toString(da)).append(' ').append(fi).append(' ').append(fl).append(' ')
            .append(fd).append(' ').append(sl).append(' ').append(sd);
        return sb.toString();
    }

    static String constants() {
        long big = 0x7fffffffffffL;
        double pi = 3.141592653589793;
        float ff = 1.0e-40f;
        int large = 1_000_000_007;
        return big + " " + pi + " " + ff + " " + large + " " + (big * large) + " " + (pi * ff) + " "
            + Long.MIN_VALUE + " " + Double.MAX_VALUE + " " + Float.MIN_NORMAL;
    }

    static String faults() {
        StringBuilder sb = new StringBuilder();
        int[] small = new int[2];
        int[] none = null;
        Object[] strings = new String[1];
        int[] indices = {-1, 2, Integer.MIN_VALUE, 1};
        for (int i : indices) {
            try {
                sb.append(small[i]).append(' ');
                small[i] = 4;
            } catch (ArrayIndexOutOfBoundsException e) {
                sb.append(e.getMessage()).append('\n');
            }
        }
        try {
            sb.append(none[0]);
        } catch (NullPointerException e) {
            sb.append("npe load\n");
        }
        try {
            none[0] = 1;
        } catch (NullPointerException e) {
            sb.append("npe store\n");
        }
        try {
            sb.append(none.length);
        } catch (NullPointerException e) {
            sb.append("npe length\n");
        }
        try {
            strings[0] = Integer.valueOf(1);
        } catch (ArrayStoreException e) {
            sb.append(e.getMessage()).append('\n');
        }
        strings[0] = null;
        strings[0] = "ok";
        Object o = null;
        String s = (String) o;
        sb.append(s).append(' ').append(strings[0]).append('\n');
        return sb.toString();
    }

    // System.arraycopy between distinct arrays of every primitive type, from the middle of a
    // larger source (only the copied range is read), with edge values.
    static String copies() {
        StringBuilder sb = new StringBuilder();
        boolean[] z = new boolean[50];
        byte[] b = new byte[50];
        char[] c = new char[50];
        short[] s = new short[50];
        int[] i = new int[50];
        long[] l = new long[50];
        float[] f = new float[50];
        double[] d = new double[50];
        for (int k = 0; k < 50; k++) {
            z[k] = k % 3 == 0;
            b[k] = (byte) (k * 37);
            c[k] = (char) (0xfff0 + k);
            s[k] = (short) (k * 2011);
            i[k] = k % 2 == 0 ? Integer.MIN_VALUE + k : Integer.MAX_VALUE - k;
            l[k] = k % 2 == 0 ? Long.MIN_VALUE + k : Long.MAX_VALUE - k;
            f[k] = k % 5 == 0 ? Float.NaN : k % 5 == 1 ? -0.0f : k / 7.0f;
            d[k] = k % 5 == 0 ? Double.NaN : k % 5 == 1 ? -0.0 : k / 7.0;
        }
        boolean[] z2 = new boolean[8];
        byte[] b2 = new byte[8];
        char[] c2 = new char[8];
        short[] s2 = new short[8];
        int[] i2 = new int[8];
        long[] l2 = new long[8];
        float[] f2 = new float[8];
        double[] d2 = new double[8];
        System.arraycopy(z, 40, z2, 1, 6);
        System.arraycopy(b, 40, b2, 1, 6);
        System.arraycopy(c, 40, c2, 1, 6);
        System.arraycopy(s, 40, s2, 1, 6);
        System.arraycopy(i, 40, i2, 1, 6);
        System.arraycopy(l, 40, l2, 1, 6);
        System.arraycopy(f, 40, f2, 1, 6);
        System.arraycopy(d, 40, d2, 1, 6);
        System.arraycopy(i, 49, i2, 7, 1);
        sb.append(java.util.Arrays.toString(z2)).append(java.util.Arrays.toString(b2))
            .append(java.util.Arrays.toString(c2).length()).append(java.util.Arrays.toString(s2))
            .append(java.util.Arrays.toString(i2)).append(java.util.Arrays.toString(l2))
            .append(java.util.Arrays.toString(f2)).append(java.util.Arrays.toString(d2)).append('\n');
        String text = "the quick brown fox jumps over the lazy dog";
        for (int k = 0; k + 5 <= text.length(); k += 4) {
            sb.append(text.substring(k, k + 5)).append('|');
        }
        sb.append(new String(c, 45, 5).length()).append('\n');
        try {
            System.arraycopy(i, 45, i2, 0, 6);
        } catch (ArrayIndexOutOfBoundsException e) {
            sb.append(e.getMessage()).append('\n');
        }
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.print(shifts());
        System.out.print(division());
        System.out.print(floats());
        System.out.print(narrowing());
        int[] keys = {Integer.MIN_VALUE, -2, -1, 0, 1, 2, 3, 4, 9, 10, 12, 14, 15, Integer.MAX_VALUE};
        for (int k : keys) {
            System.out.print(sw(k) + "/" + dense(k) + " ");
        }
        System.out.println();
        System.out.println(new InterpreterEdges().shuffles());
        System.out.println(constants());
        System.out.print(faults());
        System.out.print(copies());
    }
}
