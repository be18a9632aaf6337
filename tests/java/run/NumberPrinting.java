// Exercises Double.toString/Float.toString on tricky values (shortest-repr, scientific
// notation thresholds, subnormals, extremes) and string concatenation of floats/doubles.
public class NumberPrinting {
    public static void main(String[] args) {
        double[] ds = {0.1, 0.2, 0.3, 1e-5, 1e-3, 0.001, 0.0001, 1e7, 9999999.0, 1e6, 12345678.9, 1.0E21, 1e22, 1e23,
                123456789.123, 100.0, 1.0, -1.0, 0.0, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL,
                4.9e-324 * 3, 2.2250738585072014E-308 / 2, 1.0 / 3, 2.0 / 3, 100.0 / 3, Math.PI, Math.E, 5e-324,
                1.7976931348623157e308, 123e45, 0.5, 0.25, 0.125, 1.1, 2.675, 1e-7, 1.234e-10, 9.999999999999999e22,
                2e-3, 3.0e10, 4.35, 0.30000000000000004, 1e16, 1.2345678901234567e16, 1e15 + 0.3};
        for (double d : ds) System.out.println("d: " + d);
        float[] fs = {0.1f, 1e-5f, 1e7f, 1e10f, 100.0f / 3, 1.0f / 3, Float.MAX_VALUE, Float.MIN_VALUE, Float.MIN_NORMAL,
                Float.MIN_VALUE * 7, 3.4e38f, 16777216f, 16777217f, 0.3f, 1.1f, 123456.78f, 1234567.8f, 12345678f, 1e-3f, 9.9e-4f,
                -0.0f, 2.5f, 33.333332f};
        for (float f : fs) System.out.println("f: " + f);
        System.out.println("Double.toString(1e21) = " + Double.toString(1e21));
        System.out.println("Float.toString(1.0E-10f) = " + Float.toString(1.0E-10f));
        System.out.println("String.valueOf(2e-300) = " + String.valueOf(2e-300));
        System.out.println("Double.valueOf(\"1e3\") = " + Double.valueOf("1e3"));
        System.out.println("float as double: " + (double) 0.1f + " " + (double) 100.0f / 3);
        double acc = 0;
        for (int i = 0; i < 10; i++) acc += 0.1;
        System.out.println("sum of ten 0.1 = " + acc);
        StringBuilder sb = new StringBuilder();
        sb.append(1.5).append(' ').append(2.5f).append(' ').append(1e100).append(' ').append(-1e-100);
        System.out.println("sb: " + sb);
        double up = 1.5, down = 1.5;
        for (int e = 1; e <= 8; e++) {
            up *= 10;
            down /= 10;
            System.out.println("1.5e" + e + " = " + up + ", 1.5e-" + e + " = " + down);
        }
        System.out.println("done");
    }
}
