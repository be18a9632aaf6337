/*
 * The interpreter runs frequent instruction sequences as single register-form instructions
 * (operands from locals and small constants, results into locals or fields). This program
 * goes through each sequence javac emits for them with edge values, and through every way
 * one can fail part-way (division by zero, null, index out of bounds, array store type),
 * printing results, exception messages and the line each exception comes from.
 */
public class RegisterForms {
    static final class Point {
        double x;
        int n;
        long l;
    }

    static void report(String what, Throwable t) {
        System.out.println(what + ": " + t.getClass().getName() + ": " + t.getMessage()
                + " (line " + t.getStackTrace()[0].getLineNumber() + ")");
    }

    static void ints(int a, int b) {
        int r1 = a + b, r2 = a - b, r3 = a * b, r4 = a & b, r5 = a | b, r6 = a ^ b;
        int r7 = a << b, r8 = a >> b, r9 = a >>> b;
        System.out.println("ii " + r1 + " " + r2 + " " + r3 + " " + r4 + " " + r5 + " " + r6
                + " " + r7 + " " + r8 + " " + r9);
        int k1 = a + 7, k2 = a * -3, k3 = a >> 33, k4 = a & 0x7f, k5 = a - 32767, k6 = a / 3;
        int k7 = a % -5, k8 = a >>> 31, k9 = a << 40;
        System.out.println("ik " + k1 + " " + k2 + " " + k3 + " " + k4 + " " + k5 + " " + k6
                + " " + k7 + " " + k8 + " " + k9);
        int s = a * b + b;
        s = (s ^ a) - b;
        s = (s + 1) & 255;
        int t = (a + b) * (a - b) >> 2;
        int u = (t | 3) % 7 + (s << 1);
        System.out.println("is " + s + " " + t + " " + u + " " + ((a + 1) * 2) + " " + (b - (a >>> 3)));
    }

    static void longs(long x, long y, int sh) {
        long r1 = x + y, r2 = x - y, r3 = x * y, r4 = x & y, r5 = x | y, r6 = x ^ y;
        long r7 = x << sh, r8 = x >> sh, r9 = x >>> sh;
        System.out.println("ll " + r1 + " " + r2 + " " + r3 + " " + r4 + " " + r5 + " " + r6
                + " " + r7 + " " + r8 + " " + r9);
        long k1 = x + 1L, k2 = x + 2L, k3 = x * -300L, k4 = x << 3, k5 = x >>> 63, k6 = x / 7L;
        long k7 = x % 1000L, k8 = x - 100000L;
        System.out.println("lk " + k1 + " " + k2 + " " + k3 + " " + k4 + " " + k5 + " " + k6
                + " " + k7 + " " + k8);
        boolean lt = x < y, eq = x == y, gt = x > y;
        System.out.println("lc " + lt + " " + eq + " " + gt + " " + Long.compare(x, y));
    }

    static void floats(float p, float q, double d, double e) {
        float f1 = p + q, f2 = p - q, f3 = p * q, f4 = p / q, f5 = p % q;
        double d1 = d + e, d2 = d - e, d3 = d * e, d4 = d / e, d5 = d % e;
        System.out.println("ff " + f1 + " " + f2 + " " + f3 + " " + f4 + " " + f5);
        System.out.println("dd " + d1 + " " + d2 + " " + d3 + " " + d4 + " " + d5);
        double z = 2.0 * d * e + d;
        z = z * z - e;
        System.out.println("dz " + z + " " + (d * d + e * e));
        System.out.println("fc " + (p < q) + " " + (p > q) + " " + (p <= q) + " " + (p >= q)
                + " " + (p == q) + " " + (p != q));
        System.out.println("dc " + (d < e) + " " + (d > e) + " " + (d <= e) + " " + (d >= e)
                + " " + (d == e) + " " + (d != e));
    }

    // Comparisons of a computed value with a local or a small long constant, then a branch
    // (`load b; xcmp; if` and `const k; xcmp; if`), as a primality loop's test makes them.
    static int longCompares(long x, long y) {
        int taken = 0;
        if (x + 1 > y) taken += 1;
        if (x * 2 < y) taken += 2;
        if (x % 7 == 0) taken += 4;
        if (x - y >= 2) taken += 8;
        if (x + y != -100) taken += 16;
        if (x * 3 <= 127) taken += 32;
        if ((x ^ y) > 200) taken += 64;
        if (x - 1 == Long.MAX_VALUE) taken += 128;
        long bound = Math.min(Math.abs(x), 10_000);
        for (long d = 3; d * d <= bound; d += 2) {
            if (bound % d == 0) taken += 256;
        }
        return taken;
    }

    static int floatCompares(float p, float q, double d, double e) {
        int taken = 0;
        if (p * 2 > q) taken += 1;
        if (p + 1 < q) taken += 2;
        if (p - q >= p) taken += 4;
        if (p * q <= q) taken += 8;
        if (d * 2 > e) taken += 16;
        if (d + 1 < e) taken += 32;
        if (d - e == d) taken += 64;
        if (d * e != e) taken += 128;
        return taken;
    }

    static int divide(int a, int b) {
        try {
            int q = a / b;
            return q;
        } catch (ArithmeticException ex) {
            report("idiv " + a + " " + b, ex);
        }
        try {
            int r = a % b;
            return r;
        } catch (ArithmeticException ex) {
            report("irem " + a + " " + b, ex);
        }
        try {
            return a / 0;
        } catch (ArithmeticException ex) {
            report("idiv by constant", ex);
        }
        int sum = 1;
        try {
            sum = sum + 10 / b;
        } catch (ArithmeticException ex) {
            report("idiv on the stack", ex);
        }
        return sum;
    }

    static long divideLong(long x, long y) {
        try {
            long q = x / y;
            long r = x % y;
            return q + r;
        } catch (ArithmeticException ex) {
            report("ldiv " + x + " " + y, ex);
            return -1;
        }
    }

    static int branches(int a, int b) {
        int taken = 0;
        if (a < b) taken += 1;
        if (a >= b) taken += 2;
        if (a == 0) taken += 4;
        if (a != 0) taken += 8;
        if (a < 100) taken += 16;
        if (a > -5) taken += 32;
        if (a <= 127) taken += 64;
        if (b > 0) taken += 128;
        for (int i = 0; i < b; i++) taken += 3;
        for (int j = b; j > -3; j--) taken ^= j;
        return taken;
    }

    static void arrays(int[] ints, long[] longs, Object[] objs, int i, int v) {
        try {
            int t = ints[i];
            ints[i] = v;
            longs[i] = v;
            int sum = 0;
            for (int k = 0; k < ints.length; k++) sum += ints[k];
            System.out.println("arrays " + t + " " + ints[i] + " " + longs[i] + " " + sum);
            longs[0] = longs[i];
            ints[2] = ints[i];
            objs[0] = objs[i];
            System.out.println("moved " + longs[0] + " " + ints[2] + " " + objs[0]);
        } catch (RuntimeException ex) {
            report("arrays " + i, ex);
        }
        try {
            Object o = v;
            Object none = null;
            objs[i] = none;
            objs[i] = o;
            objs[0] = objs[i];
            System.out.println("stored " + objs[i] + " " + objs[0]);
        } catch (RuntimeException ex) {
            report("object array " + i, ex);
        }
    }

    // `a[i] = b[j]` with all four operands in locals (the `ArrayMoveLL` form with the target
    // pushed first), for every element type; the source element is read before the
    // destination is checked, as each failure's message shows.
    static void moves(int[] a, int i, int[] b, int j, Object[] to, Object[] from) {
        try {
            a[i] = b[j];
            System.out.println("move " + a[i] + " " + java.util.Arrays.toString(a));
        } catch (RuntimeException ex) {
            report("move " + i + " " + j, ex);
        }
        try {
            to[i] = from[j];
            System.out.println("move ref " + to[i]);
        } catch (RuntimeException ex) {
            report("move ref " + i + " " + j, ex);
        }
    }

    static void reverse(int[] a, int n) {
        for (int lo = 0, hi = n; lo < hi; lo++, hi--) {
            int t = a[lo];
            a[lo] = a[hi];
            a[hi] = t;
        }
    }

    static void moveKinds(int i, int j) {
        byte[] b1 = {1, -128, 127}, b2 = {0, 0, 0};
        boolean[] z1 = {true, false, true}, z2 = new boolean[3];
        char[] c1 = {'a', '\uffff', 'z'}, c2 = new char[3];
        short[] s1 = {-32768, 1, 32767}, s2 = new short[3];
        long[] l1 = {Long.MIN_VALUE, -1, Long.MAX_VALUE}, l2 = new long[3];
        float[] f1 = {-0.0f, Float.NaN, 1e-45f}, f2 = new float[3];
        double[] d1 = {-0.0, Double.NaN, Double.MIN_VALUE}, d2 = new double[3];
        b2[i] = b1[j];
        z2[i] = z1[j];
        c2[i] = c1[j];
        s2[i] = s1[j];
        l2[i] = l1[j];
        f2[i] = f1[j];
        d2[i] = d1[j];
        System.out.println("kinds " + b2[i] + " " + z2[i] + " " + (int) c2[i] + " " + s2[i] + " "
                + l2[i] + " " + Float.floatToRawIntBits(f2[i]) + " "
                + Double.doubleToRawLongBits(d2[i]));
    }

    // `k op p.n` with the field read in the middle: division by zero and null fail part-way.
    static void localOpField(Point p, int k) {
        try {
            int q = k % p.n;
            long r = k * p.l;
            System.out.println("localOpField " + q + " " + r + " " + (k - p.n));
        } catch (ArithmeticException | NullPointerException ex) {
            report("localOpField", ex);
        }
        // `(k op p.n) op2 m`, failing in either operation.
        int zero = k - k;
        try {
            System.out.println("localOpFieldLocal " + (k / p.n * k));
        } catch (ArithmeticException | NullPointerException ex) {
            report("localOpFieldLocal first", ex);
        }
        try {
            System.out.println("localOpFieldLocal " + (k * p.n % zero));
        } catch (ArithmeticException | NullPointerException ex) {
            report("localOpFieldLocal second", ex);
        }
        double m = k * 0.5;
        System.out.println("localOpFieldLocal " + (p == null ? 0 : m * p.x * m));
    }

    static void fields(Point p, double d, int k) {
        try {
            p.x += d;
            p.x *= 2.0;
            p.x -= d / 4;
            p.x /= 0.5;
            p.n += k;
            p.n = p.n * k;
            p.l -= k;
            double x = p.x;
            double w = d * p.x;
            int m = k - p.n;
            System.out.println("fields " + x + " " + p.n + " " + p.l + " " + w + " " + m);
        } catch (NullPointerException ex) {
            report("fields", ex);
        }
    }

    public static void main(String[] args) {
        int[][] intPairs = {{5, 3}, {-7, 2}, {Integer.MIN_VALUE, -1}, {Integer.MAX_VALUE, 31},
            {0, 0}, {123456, -33}, {-1, 65}};
        for (int[] pair : intPairs) {
            ints(pair[0], pair[1]);
            System.out.println("div " + divide(pair[0], pair[1]) + " br " + branches(pair[0], pair[1]));
        }
        long[][] longPairs = {{5, 3}, {Long.MIN_VALUE, -1}, {-9_000_000_000L, 7}, {1, 0},
            {Long.MAX_VALUE, Long.MIN_VALUE}};
        for (long[] pair : longPairs) {
            longs(pair[0], pair[1], (int) pair[1]);
            System.out.println("ldiv " + divideLong(pair[0], pair[1]) + " lcmp "
                    + longCompares(pair[0], pair[1]) + " " + longCompares(pair[1], pair[0]));
        }
        float[] fs = {1.5f, -0.0f, 0.0f, Float.NaN, Float.POSITIVE_INFINITY, 3e38f};
        double[] ds = {2.25, -0.0, 0.0, Double.NaN, Double.NEGATIVE_INFINITY, 1e308};
        for (int i = 0; i < fs.length; i++) {
            for (int j = 0; j < fs.length; j += 2) {
                floats(fs[i], fs[j], ds[i], ds[j]);
                System.out.println("fcmp " + floatCompares(fs[i], fs[j], ds[i], ds[j]));
            }
        }
        int[] ints = {1, 2, 3};
        long[] longs = new long[3];
        Object[] strings = new String[3];
        for (int i = -1; i <= 3; i++) {
            arrays(ints, longs, strings, i, 40 + i);
        }
        arrays(null, longs, strings, 0, 1);
        arrays(ints, null, new Object[3], 1, 2);
        int[][] moveCases = {{0, 2}, {2, 0}, {1, 1}, {3, 0}, {0, 3}, {-1, 0}, {0, -1}, {5, -2}};
        for (int[] c : moveCases) {
            moves(new int[] {10, 20, 30}, c[0], new int[] {7, 8, 9}, c[1], new String[3],
                    new Object[] {"s", 5, null});
        }
        moves(null, 0, new int[] {1}, 0, null, new Object[] {null});
        moves(new int[1], 0, null, 0, new Object[1], null);
        moves(null, 0, null, 0, null, null);
        int[] same = {1, 2, 3, 4, 5, 6};
        reverse(same, 5);
        reverse(same, 3);
        System.out.println("reversed " + java.util.Arrays.toString(same));
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                moveKinds(i, j);
            }
        }
        Point p = new Point();
        fields(p, 1.25, 3);
        fields(p, Double.NaN, Integer.MIN_VALUE);
        fields(null, 1.0, 1);
        localOpField(p, 7);
        localOpField(new Point(), 7);
        localOpField(null, 7);
    }
}
