// Exercises java.lang.Math/StrictMath: sqrt, pow (special cases), sin/cos/tan, asin/acos/atan,
// atan2 quadrants, exp, log, log10, log1p, expm1, cbrt, hypot, sinh/cosh/tanh, toRadians/
// toDegrees, floorDiv/floorMod, abs of MIN_VALUE, the *Exact family with "integer overflow" /
// "long overflow" messages, signum, max/min.
// Math.* transcendental results are printed rounded to 12 significant digits (the spec allows
// 1 ulp of implementation freedom); StrictMath results (bit-exact fdlibm) are printed in full.
public class MathFunctions {
    static String r(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) return String.valueOf(d);
        return String.format("%.11e", d);
    }

    public static void main(String[] args) {
        System.out.println("sqrt " + Math.sqrt(2) + " " + Math.sqrt(144) + " " + Math.sqrt(1e-300));
        System.out.println("pow " + r(Math.pow(2, 10)) + " " + r(Math.pow(2, -2)) + " " + r(Math.pow(2, 0.5)) + " " + r(Math.pow(-8, 1.0 / 3)) + " " + r(Math.pow(0, 0)) + " " + r(Math.pow(-1, Double.POSITIVE_INFINITY)) + " " + r(Math.pow(10, 308) * 10));
        double[] angles = {0, Math.PI / 6, Math.PI / 4, Math.PI / 2, Math.PI, 1, -2.5, 100};
        for (double a : angles) System.out.println("x=" + a + " sin " + r(Math.sin(a)) + " cos " + r(Math.cos(a)) + " tan " + r(Math.tan(a)));
        System.out.println("asin/acos/atan " + r(Math.asin(0.5)) + " " + r(Math.acos(0.5)) + " " + r(Math.atan(1)) + " " + r(Math.asin(2)));
        int[][] q = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, -1}, {0, 1}, {0, 0}};
        for (int[] p : q) System.out.print("atan2(" + p[0] + "," + p[1] + ")=" + r(Math.atan2(p[0], p[1])) + " ");
        System.out.println();
        System.out.println("atan2 signed zero " + r(Math.atan2(0.0, -0.0)) + " " + r(Math.atan2(-0.0, -0.0)));
        System.out.println("exp " + r(Math.exp(1)) + " " + r(Math.exp(-1)) + " " + r(Math.exp(710)) + " " + r(Math.exp(0.5)));
        System.out.println("log " + r(Math.log(Math.E)) + " " + r(Math.log(10)) + " " + r(Math.log(0)) + " " + r(Math.log(-1)) + " log10 " + r(Math.log10(1000)) + " " + r(Math.log10(2)));
        System.out.println("log1p/expm1 " + r(Math.log1p(1e-10)) + " " + r(Math.expm1(1e-10)));
        System.out.println("cbrt " + r(Math.cbrt(27)) + " " + r(Math.cbrt(-8)) + " " + r(Math.cbrt(2)));
        System.out.println("hypot " + r(Math.hypot(3, 4)) + " " + r(Math.hypot(1e200, 1e200)) + " " + r(Math.hypot(1, 1)));
        System.out.println("hyperbolic " + r(Math.sinh(1)) + " " + r(Math.cosh(1)) + " " + r(Math.tanh(0.5)));
        System.out.println("deg/rad " + Math.toRadians(180) + " " + Math.toDegrees(Math.PI / 3));
        System.out.println("floorDiv " + Math.floorDiv(-7, 2) + " floorMod " + Math.floorMod(-7, 2) + " " + Math.floorMod(7, -3));
        System.out.println("abs " + Math.abs(Integer.MIN_VALUE) + " " + Math.abs(Long.MIN_VALUE) + " " + Math.abs(-7));
        try {
            Math.addExact(Integer.MAX_VALUE, 1);
        } catch (ArithmeticException e) {
            System.out.println("addExact: " + e.getMessage());
        }
        try {
            Math.multiplyExact(1L << 40, 1L << 30);
        } catch (ArithmeticException e) {
            System.out.println("multiplyExact long: " + e.getMessage());
        }
        try {
            Math.subtractExact(Integer.MIN_VALUE, 1);
        } catch (ArithmeticException e) {
            System.out.println("subtractExact: " + e.getMessage());
        }
        try {
            Math.negateExact(Integer.MIN_VALUE);
        } catch (ArithmeticException e) {
            System.out.println("negateExact: " + e.getMessage());
        }
        try {
            Math.toIntExact(1L << 31);
        } catch (ArithmeticException e) {
            System.out.println("toIntExact: " + e.getMessage());
        }
        try {
            Math.incrementExact(Long.MAX_VALUE);
        } catch (ArithmeticException e) {
            System.out.println("incrementExact: " + e.getMessage());
        }
        System.out.println("exact ok " + Math.addExact(2, 3) + " " + Math.multiplyExact(100000, 20000) + " " + Math.multiplyHigh(Long.MAX_VALUE, 4));
        System.out.println("signum " + Math.signum(-3.5) + " " + Math.signum(0.0) + " " + Integer.signum(-9) + " max/min " + Math.max(3, 7) + " " + Math.min(-2L, 5L) + " " + Math.max(1.5f, 2.5f));
        System.out.println("StrictMath " + StrictMath.sin(1) + " " + StrictMath.sqrt(3) + " " + StrictMath.pow(1.1, 100));
        System.out.println("constants " + Math.PI + " " + Math.E);
        double acc = 0;
        for (int i = 1; i <= 1000; i++) acc += 1.0 / ((double) i * i);
        System.out.println("basel partial " + acc + " pi est " + Math.sqrt(acc * 6));
        System.out.println("fma " + Math.fma(2.0, 3.0, 1.0) + " scalb " + Math.scalb(1.5, 4) + " getExponent " + Math.getExponent(1024.0) + " IEEEremainder " + Math.IEEEremainder(10, 3));
        System.out.println("done");
    }
}
