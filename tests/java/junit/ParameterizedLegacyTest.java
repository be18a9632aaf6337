import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.Collection;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/** A JUnit 4 runner rpf junit does not provide: reported unsupported, not run. */
@RunWith(Parameterized.class)
public class ParameterizedLegacyTest {
    @Parameterized.Parameters
    public static Collection<Object[]> data() {
        return Arrays.asList(new Object[][] {{1}, {2}});
    }

    private final int x;

    public ParameterizedLegacyTest(int x) {
        this.x = x;
    }

    @Test
    public void positive() {
        assertTrue(x > 0);
    }
}
