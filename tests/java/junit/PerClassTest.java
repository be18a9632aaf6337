import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** With one instance per class, @BeforeAll may be an instance method. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PerClassTest {
    int prepared;

    @BeforeAll
    void prepare() {
        prepared = 42;
    }

    @Test
    void seesThePreparation() {
        assertEquals(42, prepared);
    }
}
