// Exercises float/double special values: NaN comparisons, -0.0 behaviour, infinities,
// % on doubles and floats, Double.compare/equals semantics, float precision.
public class FloatDoubleSpecial {
    public static void main(String[] args) {
        double nan = Double.NaN, pinf = Double.POSITIVE_INFINITY, ninf = Double.NEGATIVE_INFINITY;
        double nz = -0.0;
        System.out.println("nan==nan " + (nan == nan) + " nan!=nan " + (nan != nan));
        System.out.println("nan<1 " + (nan < 1) + " nan>1 " + (nan > 1) + " nan<=nan " + (nan <= nan));
        System.out.println("Double.isNaN " + Double.isNaN(0.0 / 0.0));
        System.out.println("0.0/0.0 = " + (0.0 / 0.0) + ", 1/0.0 = " + (1 / 0.0) + ", 1/-0.0 = " + (1 / nz));
        System.out.println("-0.0 == 0.0 " + (nz == 0.0) + ", compare " + Double.compare(nz, 0.0) + ", equals " + Double.valueOf(nz).equals(0.0));
        System.out.println("min(0.0,-0.0) = " + Math.min(0.0, nz) + ", max(-0.0,0.0) = " + Math.max(nz, 0.0));
        System.out.println("min(nan,1) = " + Math.min(nan, 1.0) + ", max(1,nan) = " + Math.max(1.0, nan));
        System.out.println("compare(nan, inf) = " + Double.compare(nan, pinf) + ", Double.valueOf(nan).equals(nan) " + Double.valueOf(nan).equals(nan));
        System.out.println("inf-inf = " + (pinf - pinf) + ", inf*0 = " + (pinf * 0) + ", inf+1 = " + (pinf + 1) + ", -inf*-1 = " + (ninf * -1));
        System.out.println("-0.0 printed: " + nz + ", 0.0*-1 = " + (0.0 * -1) + ", -0.0+0.0 = " + (nz + 0.0));
        System.out.println("5.5%2 = " + (5.5 % 2) + ", -5.5%2 = " + (-5.5 % 2) + ", 5.5%-2 = " + (5.5 % -2));
        System.out.println("1%0.0 = " + (1 % 0.0) + ", inf%2 = " + (pinf % 2) + ", 2%inf = " + (2 % pinf) + ", -0.0%1 = " + (nz % 1));
        System.out.println("5.5f%2.5f = " + (5.5f % 2.5f) + ", 10.0 % 3.3 = " + (10.0 % 3.3));
        System.out.println("0.1+0.2 = " + (0.1 + 0.2) + ", ==0.3 " + (0.1 + 0.2 == 0.3));
        System.out.println("0.1f+0.2f = " + (0.1f + 0.2f));
        float ff = 16777216f;
        System.out.println("16777216f+1 = " + (ff + 1) + ", double: " + (16777216.0 + 1));
        System.out.println("1e308*10 = " + (1e308 * 10) + ", -1e308*10 = " + (-1e308 * 10));
        System.out.println("Double.MIN_VALUE/2 = " + (Double.MIN_VALUE / 2) + ", Float.MIN_VALUE = " + Float.MIN_VALUE);
        System.out.println("float NaN==NaN " + (Float.NaN == Float.NaN) + " Float.compare(-0f,0f) " + Float.compare(-0f, 0f));
        System.out.println("doubleToLongBits(-0.0) = " + Long.toHexString(Double.doubleToLongBits(nz)));
        System.out.println("doubleToLongBits(NaN) = " + Long.toHexString(Double.doubleToLongBits(nan)));
        System.out.println("floatToIntBits(1.5f) = " + Integer.toHexString(Float.floatToIntBits(1.5f)));
        System.out.println("longBitsToDouble = " + Double.longBitsToDouble(0x400921FB54442D18L));
        System.out.println("intBitsToFloat = " + Float.intBitsToFloat(0x40490fdb));
        double d = 1.0;
        for (int i = 0; i < 10; i++) d /= 3;
        System.out.println("1/3^10 = " + d);
        System.out.println("(float)0.1 = " + (float) 0.1 + ", (double)0.1f = " + (double) 0.1f);
        System.out.println("Double.isInfinite " + Double.isInfinite(pinf) + " isFinite " + Double.isFinite(1e300));
        System.out.println("Math.signum(-0.0) = " + Math.signum(nz) + ", copySign = " + Math.copySign(3.0, nz));
        System.out.println("sqrt(-1) = " + Math.sqrt(-1) + ", sqrt(-0.0) = " + Math.sqrt(nz));
        System.out.println("ternary with nan: " + (nan > 0 ? "pos" : nan <= 0 ? "nonpos" : "unordered"));
        System.out.println("done");
    }
}
