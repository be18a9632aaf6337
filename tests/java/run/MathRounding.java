// Exercises Math.round/floor/ceil/rint/abs on positive, negative, half-way, NaN, infinite
// and huge values for both float and double; also floorDiv/floorMod and strict results.
public class MathRounding {
    public static void main(String[] args) {
        double[] vals = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1.4999999,
                -1.0000001, 3.7, -3.7, 1e16 + 1, 1e20, -1e20, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Long.MAX_VALUE, 4503599627370497.0};
        for (double v : vals) {
            System.out.println(v + ": round=" + Math.round(v) + " floor=" + Math.floor(v) + " ceil=" + Math.ceil(v)
                    + " rint=" + Math.rint(v) + " abs=" + Math.abs(v));
        }
        float[] fvals = {0.5f, -0.5f, 2.5f, -2.5f, 1e10f, -1e10f, Float.NaN, Float.NEGATIVE_INFINITY, 8388609.5f};
        for (float f : fvals) {
            System.out.println(f + "f: round=" + Math.round(f) + " abs=" + Math.abs(f));
        }
        System.out.println("abs int min = " + Math.abs(Integer.MIN_VALUE) + ", abs long min = " + Math.abs(Long.MIN_VALUE));
        System.out.println("abs(-0.0) = " + Math.abs(-0.0) + ", abs(-0.0f) = " + Math.abs(-0.0f));
        int[][] pairs = {{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 3}, {Integer.MIN_VALUE, -1}};
        for (int[] p : pairs) {
            System.out.println("floorDiv(" + p[0] + "," + p[1] + ")=" + Math.floorDiv(p[0], p[1])
                    + " floorMod=" + Math.floorMod(p[0], p[1]));
        }
        System.out.println("floorMod long = " + Math.floorMod(-10L, 3L) + " " + Math.floorDiv(-10L, 3L));
        double x = 1.0;
        for (int i = 0; i < 20; i++) x = x * 1.1 + 0.1;
        System.out.println("iterated = " + x);
        float y = 1.0f;
        for (int i = 0; i < 20; i++) y = y * 1.1f + 0.1f;
        System.out.println("iterated float = " + y);
        System.out.println("fma-free sum = " + (0.1 * 3 + 0.7 / 3 - 1e-17));
        System.out.println("ulp(1.0) = " + Math.ulp(1.0) + ", nextUp(1.0) = " + Math.nextUp(1.0) + ", nextDown(1f) = " + Math.nextDown(1.0f));
        System.out.println("toIntExact ok = " + Math.toIntExact(123L));
        System.out.println("done");
    }
}
