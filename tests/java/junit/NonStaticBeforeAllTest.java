import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** JUnit rejects an instance @BeforeAll without @TestInstance(PER_CLASS). */
class NonStaticBeforeAllTest {
    @BeforeAll
    void setUpAll() {}

    @Test
    void test() {}
}
