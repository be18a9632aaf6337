import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Tests rpf junit cannot run as written: each is reported, none silently passes. */
class UnsupportedTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void parameterized(int x) {
        assertTrue(x > 0);
    }

    @Test
    void withTestInfo(TestInfo info) {
        assertTrue(info != null);
    }

    @Test
    void plain() {
        assertTrue(true);
    }
}
