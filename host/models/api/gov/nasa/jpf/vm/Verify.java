/*
 * rpf's implementation of Java PathFinder's Verify API. Programs compiled against JPF's jar or
 * against this class run unchanged: inside rpf this model class always wins over any class of
 * the same name on the class path, and every method is implemented by the model checker.
 * Outside rpf (plain java) the natives are unavailable.
 */
package gov.nasa.jpf.vm;

public class Verify {
    private Verify() {}

    /** A nondeterministic int in [min, max]; every value is explored. */
    public static native int getInt(int min, int max);

    /** An int from the heuristic ChoiceGenerator configured as {@code <key>.class}. */
    public static native int getInt(String key);

    /** A double from the heuristic ChoiceGenerator configured as {@code <key>.class}. */
    public static native double getDouble(String key);

    /** A nondeterministic boolean; false is explored first. */
    public static native boolean getBoolean();

    /** A nondeterministic boolean, explored false first if {@code falseFirst}. */
    public static native boolean getBoolean(boolean falseFirst);

    /** A nondeterministic int in [0, max]. */
    public static native int random(int max);

    /** A nondeterministic boolean. */
    public static native boolean randomBool();

    /** One of the given ints. */
    public static native int getIntFromList(int... values);

    /** One of the given longs. */
    public static native long getLongFromList(long... values);

    /** One of the given doubles. */
    public static native double getDoubleFromList(double... values);

    /** Prunes the current path if {@code condition} holds. */
    public static native void ignoreIf(boolean condition);

    /** Starts a section that runs without thread switches. */
    public static native void beginAtomic();

    /** Ends a section started by {@link #beginAtomic()}. */
    public static native void endAtomic();

    /** Ends the current transition (a scheduling point), like JPF's {@code breakTransition}. */
    public static native void breakTransition(String reason);

    /** True when running under rpf (or JPF). */
    public static native boolean isRunningInJPF();
}
