package rpf.junit;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import gov.nasa.jpf.vm.Verify;

/**
 * Runs one JUnit test as the program `rpf junit` checks: the host reads the test class's
 * annotations and passes the lifecycle as steps, so no JUnit engine runs inside the VM.
 *
 * <p>Arguments: the test class, then steps in order. {@code new} creates the test instance;
 * {@code setup:Class#method} runs unless an earlier step failed; {@code test:Class#method}
 * likewise, and is the test; {@code cleanup:Class#method} always runs; {@code expect:Class}
 * (JUnit 4's {@code expected}) makes the test pass only by throwing that exception. The first
 * failure is thrown from {@code main}, later ones are added to it as suppressed; an
 * assumption that failed ends the path unchecked, as JUnit skips such a test.
 */
public final class TestRunner {
    private TestRunner() {}

    public static void main(String[] args) throws Throwable {
        ClassLoader loader = ClassLoader.getSystemClassLoader();
        Class<?> testClass = Class.forName(args[0], true, loader);
        Object instance = null;
        Throwable failure = null;
        String expected = null;
        for (int i = 1; i < args.length; i++) {
            String step = args[i];
            int colon = step.indexOf(':');
            String kind = colon < 0 ? step : step.substring(0, colon);
            String what = colon < 0 ? "" : step.substring(colon + 1);
            if (kind.equals("expect")) {
                expected = what;
                continue;
            }
            if (failure != null && !kind.equals("cleanup")) {
                continue;
            }
            try {
                if (kind.equals("new")) {
                    instance = construct(testClass);
                } else {
                    call(what, instance, loader);
                    if (kind.equals("test") && expected != null) {
                        failure = new AssertionError("Expected exception: " + expected);
                    }
                }
            } catch (Throwable thrown) {
                if (kind.equals("test") && expected != null) {
                    if (!Class.forName(expected, false, loader).isInstance(thrown)) {
                        failure = new AssertionError("Unexpected exception, expected<" + expected
                                + "> but was<" + thrown.getClass().getName() + ">", thrown);
                    }
                } else if (failure == null) {
                    failure = thrown;
                } else if (failure != thrown) {
                    failure.addSuppressed(thrown);
                }
            }
        }
        if (failure != null) {
            Verify.ignoreIf(aborted(failure));
            throw failure;
        }
    }

    private static Object construct(Class<?> testClass) throws Throwable {
        Constructor<?> constructor = testClass.getDeclaredConstructor();
        constructor.setAccessible(true);
        try {
            return constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void call(String member, Object instance, ClassLoader loader) throws Throwable {
        int hash = member.indexOf('#');
        Class<?> declaring = Class.forName(member.substring(0, hash), false, loader);
        Method method = declaring.getDeclaredMethod(member.substring(hash + 1));
        boolean isStatic = Modifier.isStatic(method.getModifiers());
        if (!isStatic && instance == null) {
            return; // cleaning up after the instance could not be created
        }
        method.setAccessible(true);
        try {
            method.invoke(isStatic ? null : instance);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Whether a failed assumption (JUnit 5's or JUnit 4's) ended the test. */
    private static boolean aborted(Throwable failure) {
        for (Class<?> c = failure.getClass(); c != null; c = c.getSuperclass()) {
            String name = c.getName();
            if (name.equals("org.opentest4j.TestAbortedException")
                    || name.equals("org.junit.internal.AssumptionViolatedException")) {
                return true;
            }
        }
        return false;
    }
}
