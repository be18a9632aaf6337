import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.After;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Ignore;
import org.junit.Test;

/** JUnit 4: lifecycle, expected exceptions (thrown and not), @Ignore. */
public class LegacyListTest {
    static int classSetUps;
    private List<Integer> list;

    @BeforeClass
    public static void setUpClass() {
        classSetUps++;
    }

    @Before
    public void setUp() {
        list = new ArrayList<>();
    }

    @Test
    public void addsOne() {
        list.add(1);
        assertEquals(1, list.size());
        assertEquals(1, classSetUps);
    }

    @Test(expected = IndexOutOfBoundsException.class)
    public void emptyListHasNoFirst() {
        list.get(0);
    }

    @Test(expected = IllegalStateException.class)
    public void expectsWhatIsNotThrown() {
        list.add(2);
    }

    @Ignore("flaky on Tuesdays")
    @Test
    public void ignored() {
        throw new AssertionError("ignored tests do not run");
    }

    @After
    public void tearDown() {
        list = null;
    }

    @AfterClass
    public static void tearDownClass() {
        classSetUps--;
    }
}
