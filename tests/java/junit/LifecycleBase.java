import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** A superclass whose lifecycle methods JUnit runs around its subclass's. */
abstract class LifecycleBase {
    static final StringBuilder LOG = new StringBuilder();

    @BeforeAll
    static void baseBeforeAll() {
        LOG.append("baseBeforeAll ");
    }

    @BeforeEach
    void baseBeforeEach() {
        LOG.append("baseBeforeEach ");
    }

    /** Overridden by the subclass without an annotation: JUnit then runs neither. */
    @BeforeEach
    void overridden() {
        LOG.append("overridden-in-base ");
    }

    @AfterEach
    void baseAfterEach() {
        LOG.append("baseAfterEach ");
    }

    @AfterAll
    static void baseAfterAll() {
        LOG.append("baseAfterAll");
        String expected = "baseBeforeAll beforeAll new baseBeforeEach beforeEach test afterEach"
                + " baseAfterEach afterAll baseAfterAll";
        if (!LOG.toString().equals(expected)) {
            throw new AssertionError("lifecycle order was: " + LOG);
        }
        System.out.println("lifecycle: " + LOG);
    }
}
