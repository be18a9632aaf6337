// Exercises primitive conversions: i2b, i2c, i2s, l2i, i2f, l2f, l2d, f2i/d2i/f2l/d2l of NaN,
// infinities and huge values, rounding toward zero, and narrowing chains.
public class PrimitiveConversions {
    public static void main(String[] args) {
        int[] ints = {0, 127, 128, 255, 256, -129, 65535, 65536, 0x12345678, -1, Integer.MIN_VALUE};
        for (int i : ints) {
            System.out.println(i + " -> byte " + (byte) i + " char " + (int) (char) i + " short " + (short) i + " float " + (float) i);
        }
        long[] longs = {0L, 0xFFFFFFFFL, 0x100000000L, Long.MAX_VALUE, Long.MIN_VALUE, -1L, 123456789012345L};
        for (long l : longs) {
            System.out.println(l + "L -> int " + (int) l + " float " + (float) l + " double " + (double) l + " byte " + (byte) l);
        }
        double[] ds = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e10, -1e10, 1e20, -1e20,
                2.9, -2.9, 0.5, -0.5, 2147483647.5, -2147483648.7, 9.3e18, -9.3e18, -0.0, Double.MIN_VALUE};
        for (double d : ds) {
            System.out.println(d + " -> int " + (int) d + " long " + (long) d + " float " + (float) d
                    + " short " + (short) d + " byte " + (byte) d + " char " + (int) (char) d);
        }
        float[] fs = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 3e9f, -3e9f, 1e19f, -1e19f, 1.99f, -1.99f, Float.MAX_VALUE};
        for (float f : fs) {
            System.out.println(f + "f -> int " + (int) f + " long " + (long) f + " double " + (double) f);
        }
        char c = 'A';
        int ci = c + 1;
        char c2 = (char) ci;
        System.out.println("char math: " + ci + " " + c2 + " " + (char) -1 + "|" + (int) (char) -1);
        byte b = (byte) 0x80;
        System.out.println("byte 0x80 = " + b + ", unsigned = " + (b & 0xFF) + ", Byte.toUnsignedInt = " + Byte.toUnsignedInt(b));
        short s = (short) 0x8001;
        System.out.println("short 0x8001 = " + s + ", to char = " + (int) (char) s);
        long big = 16777217L;
        System.out.println("16777217 -> float " + (float) big + " -> back " + (long) (float) big);
        long huge = (1L << 53) + 1;
        System.out.println("2^53+1 -> double " + (double) huge + " -> back " + (long) (double) huge);
        System.out.println("int->float->int 123456789: " + (int) (float) 123456789);
        System.out.println("(int)'\u4e2d' = " + (int) '\u4e2d' + ", (byte)'\u4e2d' = " + (byte) '\u4e2d');
        System.out.println("done");
    }
}
