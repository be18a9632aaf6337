package gov.nasa.jpf.util.test;

import gov.nasa.jpf.util.TypeRef;

/**
 * JPF's base class for tests that check their own bodies, for `rpf junit`. In JPF a test
 * method calls {@code verifyNoPropertyViolation()} (or one of the other {@code verify}
 * methods): on the host JVM the call starts JPF on that method and returns false; inside JPF
 * it returns true, so the body after it is what JPF checks. Under `rpf junit` every test
 * runs inside rpf, so the {@code verify} methods return true, and rpf reads which outcome
 * each test expects, and its settings, from the call in the test method's bytecode before
 * the search starts.
 *
 * <p>The assertions are JPF's: they need no JUnit, and fail with an {@link AssertionError}.
 */
public abstract class TestJPF {
    protected TestJPF() {}

    /** Always true under rpf: tests run inside the model checker. */
    public static boolean isJPFRun() {
        return true;
    }

    /** Always false under rpf: no JUnit engine runs the test method. */
    public static boolean isJUnitRun() {
        return false;
    }

    /** Always false under rpf. */
    public static boolean isRunTestRun() {
        return false;
    }

    /** JPF runs a test class's tests from its {@code main}; rpf runs them with `rpf junit`. */
    protected static void runTestsOfThisClass(String[] testMethods) {
        throw new UnsupportedOperationException(
                "TestJPF tests run with rpf junit -cp ... TestClass, not from main");
    }

    protected boolean verifyNoPropertyViolation(String... jpfArgs) {
        return true;
    }

    protected boolean verifyAssertionError(String... jpfArgs) {
        return true;
    }

    protected boolean verifyAssertionErrorDetails(String details, String... jpfArgs) {
        return true;
    }

    protected boolean verifyUnhandledException(String exceptionClass, String... jpfArgs) {
        return true;
    }

    protected boolean verifyUnhandledExceptionDetails(
            String exceptionClass, String details, String... jpfArgs) {
        return true;
    }

    protected boolean verifyPropertyViolation(TypeRef property, String... jpfArgs) {
        return true;
    }

    protected boolean verifyDeadlock(String... jpfArgs) {
        return true;
    }

    protected boolean verifyJPFException(TypeRef exception, String... jpfArgs) {
        return true;
    }

    public static void fail() {
        throw new AssertionError();
    }

    public static void fail(String message) {
        throw new AssertionError(message);
    }

    public static void fail(String message, String[] args, String cause) {
        StringBuilder text = new StringBuilder(message);
        if (args != null) {
            for (String a : args) {
                text.append(a).append(' ');
            }
        }
        if (cause != null) {
            text.append(':').append(cause);
        }
        fail(text.toString());
    }

    public static void assertTrue(String message, boolean condition) {
        if (!condition) {
            fail(message);
        }
    }

    public static void assertTrue(boolean condition) {
        assertTrue("", condition);
    }

    public static void assertFalse(String message, boolean condition) {
        assertTrue(message, !condition);
    }

    public static void assertFalse(boolean condition) {
        assertFalse("", condition);
    }

    public static void assertEquals(String message, Object expected, Object actual) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            fail(message);
        }
    }

    public static void assertEquals(Object expected, Object actual) {
        assertEquals("", expected, actual);
    }

    public static void assertEquals(String message, int expected, int actual) {
        assertTrue(message, expected == actual);
    }

    public static void assertEquals(int expected, int actual) {
        assertEquals(differ(expected, actual), expected, actual);
    }

    public static void assertEquals(String message, long expected, long actual) {
        assertTrue(message, expected == actual);
    }

    public static void assertEquals(long expected, long actual) {
        assertEquals(differ(expected, actual), expected, actual);
    }

    public static void assertEquals(String message, double expected, double actual) {
        assertTrue(message, expected == actual);
    }

    public static void assertEquals(double expected, double actual) {
        assertEquals(differ(expected, actual), expected, actual);
    }

    public static void assertEquals(String message, float expected, float actual) {
        assertTrue(message, expected == actual);
    }

    public static void assertEquals(float expected, float actual) {
        assertEquals(differ(expected, actual), expected, actual);
    }

    public static void assertEquals(String message, double expected, double actual, double delta) {
        assertTrue(message, Math.abs(expected - actual) <= delta);
    }

    public static void assertEquals(double expected, double actual, double delta) {
        assertEquals(outside(expected, actual, delta), expected, actual, delta);
    }

    public static void assertEquals(String message, float expected, float actual, float delta) {
        assertTrue(message, Math.abs(expected - actual) <= delta);
    }

    public static void assertEquals(float expected, float actual, float delta) {
        assertEquals(outside(expected, actual, delta), expected, actual, delta);
    }

    public static void assertArrayEquals(byte[] expected, byte[] actual) {
        if (expected == null || actual == null) {
            assertTrue("array sizes different", expected == actual);
            return;
        }
        assertTrue("array sizes different", expected.length == actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                fail("array element" + i + " different, expected " + expected[i]
                        + ", actual " + actual[i]);
            }
        }
    }

    public static void assertNotNull(String message, Object o) {
        assertTrue(message, o != null);
    }

    public static void assertNotNull(Object o) {
        assertNotNull("o == null", o);
    }

    public static void assertNull(String message, Object o) {
        assertTrue(message, o == null);
    }

    public static void assertNull(Object o) {
        assertNull("o != null", o);
    }

    public static void assertSame(String message, Object expected, Object actual) {
        assertTrue(message, expected == actual);
    }

    public static void assertSame(Object expected, Object actual) {
        assertSame("expected != actual : " + expected + " != " + actual, expected, actual);
    }

    private static String differ(Object expected, Object actual) {
        return "expected != actual : " + expected + " != " + actual;
    }

    private static String outside(Object expected, Object actual, Object delta) {
        return "Math.abs(expected - actual) > delta : Math.abs(" + expected + " - " + actual
                + ") > " + delta;
    }
}
