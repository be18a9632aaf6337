package org.sosy_lab.sv_benchmarks;

/**
 * Replays the inputs rpf reported for a violation on the real JVM: each {@code nondet*} call
 * returns the next value of the system property {@code rpf.inputs} (whitespace separated, in
 * call order). A run that needs more values than given, or whose {@code assume} fails, exits
 * with status 98 or 97, so that inputs that do not lead to the violation are caught.
 */
public final class Verifier {
    private static final String[] INPUTS = System.getProperty("rpf.inputs", "").trim().split("\\s+");
    private static int next = 0;

    private Verifier() {}

    private static String take() {
        if (next >= INPUTS.length || INPUTS[next].isEmpty()) {
            System.exit(98);
        }
        return INPUTS[next++];
    }

    public static void assume(boolean condition) {
        if (!condition) {
            System.exit(97);
        }
    }

    public static boolean nondetBoolean() {
        String v = take();
        return v.equals("1") || v.equals("true");
    }

    public static byte nondetByte() { return Byte.parseByte(take()); }

    public static short nondetShort() { return Short.parseShort(take()); }

    public static char nondetChar() { return (char) Integer.parseInt(take()); }

    public static int nondetInt() { return Integer.parseInt(take()); }

    public static long nondetLong() { return Long.parseLong(take()); }

    // Java literals as Float.toString/Double.toString write them, also NaN, Infinity and
    // -Infinity, which parseFloat/parseDouble read.
    public static float nondetFloat() { return Float.parseFloat(take()); }

    public static double nondetDouble() { return Double.parseDouble(take()); }

    /** Consumes inputs as rpf's model does: length booleans, then the characters. */
    public static String nondetString() {
        int bound = Integer.getInteger("rpf.string_bound", 8);
        int length = 0;
        while (length < bound && nondetBoolean()) {
            length++;
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = nondetChar();
        }
        return new String(chars);
    }
}
