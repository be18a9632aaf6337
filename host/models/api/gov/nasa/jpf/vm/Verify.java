/*
 * rpf's implementation of Java PathFinder's Verify API, with every public method of jpf-core's
 * class. Programs compiled against JPF's jar or against this class run unchanged: inside rpf
 * this model class always wins over any class of the same name on the class path. A method
 * that has no counterpart in rpf is a native rpf answers by stopping the check as
 * `unsupported`, naming the method and why (under `rpf run` it throws
 * UnsupportedOperationException): no method goes missing.
 */
package gov.nasa.jpf.vm;

public class Verify {
    private Verify() {}

    /** What {@link #getValue(String)} returns for a key never put. */
    public static final int NO_VALUE = -1;

    /** Log levels of {@link #log(String, int, String)}. */
    public static final int SEVERE = 1;
    public static final int WARNING = 2;
    public static final int INFO = 3;
    public static final int FINE = 4;
    public static final int FINER = 5;
    public static final int FINEST = 6;

    // ----- Choices: every value is explored.

    /** A nondeterministic int in [min, max]. */
    public static native int getInt(int min, int max);

    /** An int from the heuristic ChoiceGenerator configured as {@code <key>.class}. */
    public static native int getInt(String key);

    /** A double from the heuristic ChoiceGenerator configured as {@code <key>.class}. */
    public static native double getDouble(String key);

    /** An object from a reference ChoiceGenerator configured as {@code <key>.class}. */
    public static native Object getObject(String key);

    /** A nondeterministic boolean; false is explored first. */
    public static native boolean getBoolean();

    /** A nondeterministic boolean, explored false first if {@code falseFirst}. */
    public static native boolean getBoolean(boolean falseFirst);

    /** A nondeterministic int in [0, max] (JPF's older name for {@code getInt(0, max)}). */
    public static native int random(int max);

    /** A nondeterministic boolean (JPF's older name for {@link #getBoolean()}). */
    public static native boolean randomBool();

    /** JPF's placeholder for a nondeterministic object: always null, as in JPF. */
    public static Object randomObject(String type) {
        return null;
    }

    /** One of the given ints. */
    public static native int getIntFromList(int... values);

    /** One of the given longs. */
    public static native long getLongFromList(long... values);

    /** One of the given floats. */
    public static native float getFloatFromList(float... values);

    /** One of the given doubles. */
    public static native double getDoubleFromList(double... values);

    /**
     * {@code v} with exactly {@code nBit} of its low {@code len} bits flipped, every such choice
     * of bits explored once (positions are chosen in increasing order).
     */
    public static long getBitFlip(long v, int nBit, int len) {
        if (nBit < 0 || len < 0 || len > 64 || nBit > len) {
            throw new IllegalArgumentException(
                    "cannot flip " + nBit + " of the low " + len + " bits");
        }
        int next = 0;
        for (int k = 0; k < nBit; k++) {
            int position = getInt(next, len - (nBit - k));
            v ^= 1L << position;
            next = position + 1;
        }
        return v;
    }

    /** {@code v} with {@code nBit} of its 64 bits flipped, every choice explored. */
    public static long getBitFlip(long v, int nBit) {
        return getBitFlip(v, nBit, 64);
    }

    /** {@code v} with {@code nBit} of its 32 bits flipped, every choice explored. */
    public static int getBitFlip(int v, int nBit) {
        return (int) getBitFlip((long) v, nBit, 32);
    }

    /** {@code v} with {@code nBit} of its 16 bits flipped, every choice explored. */
    public static short getBitFlip(short v, int nBit) {
        return (short) getBitFlip((long) v, nBit, 16);
    }

    /** {@code v} with {@code nBit} of its 16 bits flipped, every choice explored. */
    public static char getBitFlip(char v, int nBit) {
        return (char) getBitFlip((long) v, nBit, 16);
    }

    /** {@code v} with {@code nBit} of its 8 bits flipped, every choice explored. */
    public static byte getBitFlip(byte v, int nBit) {
        return (byte) getBitFlip((long) v, nBit, 8);
    }

    /** An object of {@code clazz} built from JSON with choices in it. */
    public static native <T> T createFromJSON(Class<T> clazz, String json);

    // ----- Values shared by all paths: they survive backtracking (the program's behaviour may
    // ----- then depend on the order of the search, as in JPF).

    /** Counter {@code id}, 0 until set. */
    public static native int getCounter(int id);

    /** Sets counter {@code id} to 0. */
    public static void resetCounter(int id) {
        setCounter(id, 0);
    }

    /** Sets counter {@code id}. */
    public static native void setCounter(int id, int val);

    /** Adds one to counter {@code id}; its new value. */
    public static native int incrementCounter(int id);

    /** Stores {@code value} under {@code key}. */
    public static native void putValue(String key, int value);

    /** The value stored under {@code key}, or {@link #NO_VALUE}. */
    public static native int getValue(String key);

    /** Sets bit {@code bit} of bit set {@code id}. */
    public static native void setBitInBitSet(int id, int bit, boolean value);

    /** Bit {@code bit} of bit set {@code id}, false until set. */
    public static native boolean getBitInBitSet(int id, int bit);

    // ----- Path output and traces.

    /** Prints the output of the current path. */
    public static native void printPathOutput(String msg);

    /** Prints the output of the current path if {@code cond}. */
    public static void printPathOutput(boolean cond, String msg) {
        if (cond) {
            printPathOutput(msg);
        }
    }

    /** Saves the trace of the current path. */
    public static native void storeTrace(String fileName, String comment);

    /** Saves the trace of the current path if {@code cond}. */
    public static void storeTraceIf(boolean cond, String fileName, String comment) {
        if (cond) {
            storeTrace(fileName, comment);
        }
    }

    /** Saves the trace of the current path and ends the search. */
    public static void storeTraceAndTerminate(String fileName, String comment) {
        storeTrace(fileName, comment);
        terminateSearch();
    }

    /** Saves the trace of the current path and ends the search if {@code cond}. */
    public static void storeTraceAndTerminateIf(boolean cond, String fileName, String comment) {
        if (cond) {
            storeTraceAndTerminate(fileName, comment);
        }
    }

    /**
     * Whether a stored trace is being replayed: always false, since rpf --replay follows a path
     * only if the program behaves on it as it did when the trace was found.
     */
    public static boolean isTraceReplay() {
        return false;
    }

    /** Adds a comment to the current transition of the trace. */
    public static native void addComment(String s);

    // ----- Search control.

    /** Prunes the current path if {@code condition} holds. */
    public static native void ignoreIf(boolean condition);

    /** A hint for heuristic searches; rpf's searches take no hints, so it has no effect. */
    public static void interesting(boolean cond) {}

    /** A hint for heuristic searches; rpf's searches take no hints, so it has no effect. */
    public static void boring(boolean cond) {}

    /** Ends the search (a check then ends incomplete); no effect under rpf run. */
    public static native void terminateSearch();

    /** Ends the current transition (a scheduling point). */
    public static native void breakTransition(String reason);

    /** Ends the current transition with a choice in [min, max]. */
    public static native int breakTransition(String reason, int min, int max);

    /** Starts a section that runs without thread switches. */
    public static native void beginAtomic();

    /** Ends a section started by {@link #beginAtomic()}. */
    public static native void endAtomic();

    /** JPF's value for its user heuristic; rpf has none, so it is only remembered. */
    public static native void setHeuristicSearchValue(int n);

    /** Sets the user heuristic's value back to 0. */
    public static void resetHeuristicSearchValue() {
        setHeuristicSearchValue(0);
    }

    /** The value last set by {@link #setHeuristicSearchValue(int)}. */
    public static native int getHeuristicSearchValue();

    /** Spins for {@code duration} outside a model checker; under rpf it returns at once. */
    public static void busyWait(long duration) {}

    /** Whether the model checker matches states (true under the checker). */
    public static native boolean vmIsMatchingStates();

    /** True when running under rpf (or JPF). */
    public static native boolean isRunningInJPF();

    // ----- Sharedness.

    /** Whether {@code o} is reachable from more than one thread. */
    public static native boolean isShared(Object o);

    /** Forces {@code o}'s sharedness. */
    public static native void setShared(Object o, boolean isShared);

    /** Freezes {@code o}'s sharedness. */
    public static native void freezeSharedness(Object o, boolean freeze);

    // ----- Attributes: rpf's value attributes belong to plugins (symbolic execution, taint).

    public static native void setFieldAttribute(Object o, String fieldName, int val);

    public static native int getFieldAttribute(Object o, String fieldName);

    public static native void addFieldAttribute(Object o, String fieldName, int val);

    public static native int[] getFieldAttributes(Object o, String fieldName);

    public static native void setLocalAttribute(String varName, int val);

    public static native int getLocalAttribute(String varName);

    public static native void addLocalAttribute(String varName, int val);

    public static native int[] getLocalAttributes(String varName);

    public static native void setElementAttribute(Object arr, int idx, int val);

    public static native int getElementAttribute(Object arr, int idx);

    public static native void addElementAttribute(Object arr, int idx, int val);

    public static native int[] getElementAttributes(Object arr, int idx);

    public static native void setObjectAttribute(Object o, int val);

    public static native int getObjectAttribute(Object o);

    public static native void addObjectAttribute(Object o, int val);

    public static native int[] getObjectAttributes(Object o);

    // ----- Configuration.

    /** Sets configuration keys ({@code key=value}) while the program runs. */
    public static native void setProperties(String... p);

    /** The configuration's value of {@code key}, or null. */
    public static native String getProperty(String key);

    // ----- Printing: straight to rpf's standard output, outside the program's streams (no
    // ----- objects of the program are touched, so printing adds no scheduling points).

    public static native void print(String s);

    public static native void println(String s);

    public static void println() {
        println("");
    }

    public static void print(String s, int i) {
        print(s + " : " + i);
    }

    public static void print(String s, boolean b) {
        print(s + " : " + b);
    }

    public static void print(String... args) {
        for (String s : args) {
            print(s);
        }
    }

    /** Prints the current thread's name and {@code s}. */
    public static void threadPrint(String s) {
        print(Thread.currentThread().getName() + ": " + s);
    }

    /** {@link #threadPrint(String)} and a newline. */
    public static void threadPrintln(String s) {
        threadPrint(s);
        println();
    }

    // ----- Logging, through rpf's diagnostics (SEVERE and WARNING show without -v).

    public static native void log(String loggerId, int logLevel, String msg);

    public static void log(String loggerId, int logLevel, String msg, String arg) {
        log(loggerId, logLevel, msg + arg);
    }

    public static void log(String loggerId, int logLevel, String format, Object... args) {
        log(loggerId, logLevel, String.format(format, args));
    }

    // ----- Everything else.

    /** JPF records its native peer here; rpf needs none. */
    public static void setPeerClass(Class<?> cls) {}

    /** The program's clock (virtual under the checker). */
    public static long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    /**
     * Whether the method calling this one was called from code of class {@code refClsName} (or a
     * subclass).
     */
    public static native boolean isCalledFromClass(String refClsName);

    /** A label for tools; no effect. */
    public static void atLabel(String label) {}

    /** A label for tools; no effect. */
    public static void atLabel(int label) {}

    /** An instrumentation point for tools; no effect. */
    public static void instrumentPoint(String label) {}

    /** An instrumentation point for tools; no effect. */
    public static void instrumentPointDeep(String label) {}

    /** An instrumentation point for tools; no effect. */
    public static void instrumentPointDeepRecur(String label, int depth) {}

    /** Fails with an AssertionError unless {@code cond} (JPF's older assertion). */
    @Deprecated
    public static void assertTrue(boolean cond) {
        if (!cond) {
            throw new AssertionError("assertTrue failed");
        }
    }

    /** Prints {@code s} and fails with an AssertionError unless {@code cond}. */
    @Deprecated
    public static void assertTrue(String s, boolean cond) {
        if (!cond) {
            println(s);
            assertTrue(false);
        }
    }

    /** Writes {@code object} to a file by Java serialization. */
    public static native void writeObjectToFile(Object object, String fileName);

    /** Reads an object written by {@link #writeObjectToFile(Object, String)}. */
    public static native <T> T readObjectFromFile(Class<T> clazz, String fileName);
}
