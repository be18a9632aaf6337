import gov.nasa.jpf.util.TypeRef;
import gov.nasa.jpf.util.test.TestJPF;
import org.junit.Test;

/**
 * Tests in JPF's own style: each test says what its search must find with a verify call,
 * and the body behind it is what is checked.
 */
public class JpfStyleTest extends TestJPF {
    int d;
    static int shared;
    static final Object A = new Object();
    static final Object B = new Object();
    static final String[] NOT_CONSTANT = {"+vm.por=false"};

    public static void main(String[] args) {
        runTestsOfThisClass(args);
    }

    @Test
    public void noViolation() {
        if (verifyNoPropertyViolation()) {
            d += 42;
            assertEquals(42, d);
        }
    }

    @Test
    public void assertionWithDetails() {
        if (verifyAssertionErrorDetails("wrong answer..")) {
            assert d == 42 : "wrong answer..";
        }
    }

    @Test
    public void nullPointer() {
        if (verifyUnhandledException("java.lang.NullPointerException")) {
            String s = d > 0 ? "x" : null;
            s.length();
        }
    }

    @Test
    public void anyUncaughtException() {
        if (verifyPropertyViolation(new TypeRef("gov.nasa.jpf.vm.NoUncaughtExceptionsProperty"))) {
            throw new IllegalStateException("uncaught");
        }
    }

    @Test
    public void lockOrderDeadlock() throws InterruptedException {
        if (verifyDeadlock()) {
            Thread t = new Thread(() -> {
                synchronized (B) {
                    synchronized (A) {
                        shared++;
                    }
                }
            });
            t.start();
            synchronized (A) {
                synchronized (B) {
                    shared++;
                }
            }
            t.join();
        }
    }

    /** Only an interleaving where both threads read before either writes breaks it. */
    @Test
    public void raceFoundBySearch() throws InterruptedException {
        if (verifyAssertionError()) {
            Thread t = new Thread(() -> shared = shared + 1);
            t.start();
            shared = shared + 1;
            t.join();
            assert shared == 2 : "lost update";
        }
    }

    @Test
    public void raceMissedExpectation() throws InterruptedException {
        if (verifyNoPropertyViolation()) {
            Thread t = new Thread(() -> shared = shared + 1);
            t.start();
            shared = shared + 1;
            t.join();
            assertEquals("lost update", 2, shared);
        }
    }

    @Test
    public void wrongException() {
        if (verifyUnhandledException("java.lang.IllegalStateException")) {
            throw new IllegalArgumentException("not the one");
        }
    }

    @Test
    public void expectedErrorNeverHappens() {
        if (verifyAssertionError()) {
            assert d == 0;
        }
    }

    @Test
    public void settingsOfTheVerifyCall() {
        if (verifyNoPropertyViolation("+vm.assertions=false")) {
            assert false : "assertions are off for this test";
        }
    }

    /** The checker's own settings too: a depth limit cuts the search short. */
    @Test
    public void searchSettingsOfTheVerifyCall() {
        if (verifyNoPropertyViolation("+search.depth_limit=1")) {
            int a = gov.nasa.jpf.vm.Verify.getInt(0, 1);
            int b = gov.nasa.jpf.vm.Verify.getInt(0, 1);
            d = a + b;
        }
    }

    @Test
    public void badSettings() {
        if (verifyNoPropertyViolation("+search.depth_limit=deep")) {
            d++;
        }
    }

    @Test
    public void settingsNotConstant() {
        if (verifyNoPropertyViolation(NOT_CONSTANT)) {
            d++;
        }
    }
}
