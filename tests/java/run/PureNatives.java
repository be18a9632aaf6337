// The natives plain execution calls without a frame (Math.sqrt, StrictMath.sqrt and the
// Float/Double raw bit conversions), at their edge values. Every call site runs several times,
// so that the first call (which binds the site) and the later ones (which take the short path)
// are both compared with java. Results are printed as raw bits, so NaN payloads and the sign
// of zero count.
public class PureNatives {
    static final double[] DOUBLES = {
        0.0, -0.0, 1.0, 2.0, -1.0, 0.25, 1e-300, Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000123L),
        4.0000000000000001, 1.9999999999999998,
    };
    static final long[] LONGS = {
        0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x7ff0000000000000L, 0x7ff0000000000001L,
        0xfff8000000000123L, 0x8000000000000000L, 0x3ff0000000000000L,
    };
    static final int[] INTS = {
        0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x7f800000, 0x7f800001, 0xffc00123,
        0x3f800000,
    };

    static String bits(double d) {
        return Long.toHexString(Double.doubleToRawLongBits(d));
    }

    public static void main(String[] args) {
        for (int round = 0; round < 3; round++) {
            StringBuilder out = new StringBuilder("round " + round + ":");
            for (double d : DOUBLES) {
                out.append(' ').append(bits(Math.sqrt(d)));
                out.append('/').append(bits(StrictMath.sqrt(d)));
                out.append('/').append(Long.toHexString(Double.doubleToRawLongBits(d)));
            }
            for (long l : LONGS) {
                out.append(' ').append(bits(Double.longBitsToDouble(l)));
            }
            for (int i : INTS) {
                float f = Float.intBitsToFloat(i);
                out.append(' ').append(Integer.toHexString(Float.floatToRawIntBits(f)));
                out.append('/').append(Integer.toHexString(Float.floatToRawIntBits(-f)));
            }
            System.out.println(out);
        }
        // Pure calls amid other work: a sum of square roots and a hash of bit patterns.
        double sum = 0;
        long hash = 17;
        for (int i = 0; i < 20000; i++) {
            sum += Math.sqrt(i);
            hash = hash * 31 + Double.doubleToRawLongBits(sum) + Float.floatToRawIntBits((float) sum);
        }
        System.out.println("sum " + sum + " hash " + hash);
        System.out.println("hashCode " + Double.hashCode(-0.0) + " " + Float.hashCode(Float.NaN));
    }
}
