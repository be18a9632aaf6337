/*
 * rpf's implementation of the SV-COMP Java nondeterminism API. Inside rpf this model class wins
 * over any class of the same name on the class path.
 */
package org.sosy_lab.sv_benchmarks;

public final class Verifier {
    private Verifier() {}

    /** Prunes paths where {@code condition} is false. */
    public static native void assume(boolean condition);

    /** A nondeterministic boolean (both values are explored). */
    public static native boolean nondetBoolean();

    /** Nondeterministic values of these types need a heuristic or symbolic ChoiceGenerator. */
    public static native byte nondetByte();

    /** See {@link #nondetByte()}. */
    public static native char nondetChar();

    /** See {@link #nondetByte()}. */
    public static native short nondetShort();

    /** See {@link #nondetByte()}. */
    public static native int nondetInt();

    /** See {@link #nondetByte()}. */
    public static native long nondetLong();

    /** See {@link #nondetByte()}. */
    public static native float nondetFloat();

    /** See {@link #nondetByte()}. */
    public static native double nondetDouble();

    /**
     * A nondeterministic string: every length up to {@link #stringBound()} characters, each
     * character a {@link #nondetChar()} (symbolic under rpf's symbolic execution).
     */
    public static String nondetString() {
        int bound = stringBound();
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

    /** The longest {@link #nondetString()} explored (the symbolic plugin's setting). */
    private static native int stringBound();
}
