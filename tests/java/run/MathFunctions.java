// Exercises java.lang.Math/StrictMath: sqrt, pow (special cases), sin/cos/tan, asin/acos/atan,
// atan2 quadrants, exp, log, log10, log1p, expm1, cbrt, hypot, sinh/cosh/tanh, toRadians/
// toDegrees, floorDiv/floorMod, abs of MIN_VALUE, the *Exact family with "integer overflow" /
// "long overflow" messages, signum, max/min.
public class MathFunctions {
    public static void main(String[] args) {
        System.out.println("sqrt " + Math.sqrt(2) + " " + Math.sqrt(144) + " " + Math.sqrt(1e-300));
        System.out.println("pow " + Math.pow(2, 10) + " " + Math.pow(2, -2) + " " + Math.pow(2, 0.5) + " " + Math.pow(-8, 1.0 / 3) + " " + Math.pow(0, 0) + " " + Math.pow(-1, Double.POSITIVE_INFINITY) + " " + Math.pow(10, 308) * 10);
        double[] angles = {0, Math.PI / 6, Math.PI / 4, Math.PI / 2, Math.PI, 1, -2.5, 100};
        for (double a : angles) System.out.println("x=" + a + " sin " + Math.sin(a) + " cos " + Math.cos(a) + " tan " + Math.tan(a));
        System.out.println("asin/acos/atan " + Math.asin(0.5) + " " + Math.acos(0.5) + " " + Math.atan(1) + " " + Math.asin(2));
        int[][] q = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, -1}, {0, 1}, {0, 0}};
        for (int[] p : q) System.out.print("atan2(" + p[0] + "," + p[1] + ")=" + Math.atan2(p[0], p[1]) + " ");
        System.out.println();
        System.out.println("atan2 signed zero " + Math.atan2(0.0, -0.0) + " " + Math.atan2(-0.0, -0.0));
        System.out.println("exp " + Math.exp(1) + " " + Math.exp(-1) + " " + Math.exp(710) + " " + Math.exp(0.5));
        System.out.println("log " + Math.log(Math.E) + " " + Math.log(10) + " " + Math.log(0) + " " + Math.log(-1) + " log10 " + Math.log10(1000) + " " + Math.log10(2));
        System.out.println("log1p/expm1 " + Math.log1p(1e-10) + " " + Math.expm1(1e-10));
        System.out.println("cbrt " + Math.cbrt(27) + " " + Math.cbrt(-8) + " " + Math.cbrt(2));
        System.out.println("hypot " + Math.hypot(3, 4) + " " + Math.hypot(1e200, 1e200) + " " + Math.hypot(1, 1));
        System.out.println("hyperbolic " + Math.sinh(1) + " " + Math.cosh(1) + " " + Math.tanh(0.5));
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
