import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import gov.nasa.jpf.vm.Verify;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Verify's choices inside tests, assumptions that prune paths, and a composed annotation. */
class ChoicesTest {
    /** A composed annotation: JUnit runs methods carrying it as tests. */
    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @Test
    @interface CheckedTest {}

    int limit;

    @BeforeEach
    void chooseLimit() {
        limit = Verify.getInt(1, 3);
    }

    @CheckedTest
    void everyLimitIsSmall() {
        assertTrue(limit < 3, "limit " + limit);
    }

    @Test
    void assumptionsPrunePaths() {
        assumeTrue(limit != 2);
        assertNotEquals(2, limit);
    }
}
