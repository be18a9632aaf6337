import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A failing @BeforeEach: the test does not run, the @AfterEach does, the setup's exception is the failure. */
class SetupFailureTest {
    @BeforeEach
    void setUp() {
        throw new IllegalStateException("no connection in setUp");
    }

    @Test
    void needsTheConnection() {
        System.out.println("the test ran");
    }

    @AfterEach
    void tearDown() {
        System.out.println("tearDown ran");
    }
}
