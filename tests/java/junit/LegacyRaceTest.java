import static org.junit.Assert.assertTrue;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.JUnit4;

/** JUnit 4 with its default runner named: a check-then-act race on a shared flag. */
@RunWith(JUnit4.class)
public class LegacyRaceTest {
    static boolean taken;
    static int takers;

    static void take() {
        if (!taken) {
            taken = true;
            takers++;
        }
    }

    @Test
    public void onlyOneTaker() throws InterruptedException {
        Thread a = new Thread(LegacyRaceTest::take);
        a.start();
        take();
        a.join();
        assertTrue("takers: " + takers, takers == 1);
    }
}
