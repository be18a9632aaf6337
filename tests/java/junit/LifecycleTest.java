import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** JUnit's lifecycle order across a class hierarchy. */
class LifecycleTest extends LifecycleBase {
    LifecycleTest() {
        LOG.append("new ");
    }

    @BeforeAll
    static void beforeAll() {
        LOG.append("beforeAll ");
    }

    @BeforeEach
    void beforeEach() {
        LOG.append("beforeEach ");
    }

    @Override
    void overridden() {
        LOG.append("overridden ");
    }

    @Test
    void runsInOrder() {
        LOG.append("test ");
    }

    @AfterEach
    void afterEach() {
        LOG.append("afterEach ");
    }

    @AfterAll
    static void afterAll() {
        LOG.append("afterAll ");
    }
}
