import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** JUnit 5 tests of a counter: one lost update only some interleavings show, one that holds. */
class CounterTest {
    static class Counter {
        int value;

        void increment() {
            int v = value;
            value = v + 1;
        }

        synchronized void incrementAtomically() {
            value++;
        }
    }

    final Counter counter = new Counter();

    @Test
    void incrementsAreNotLost() throws InterruptedException {
        Thread other = new Thread(counter::increment);
        other.start();
        counter.increment();
        other.join();
        assertEquals(2, counter.value);
    }

    @Test
    @DisplayName("synchronized increments are never lost")
    void synchronizedIncrements() throws InterruptedException {
        Thread other = new Thread(counter::incrementAtomically);
        other.start();
        counter.incrementAtomically();
        other.join();
        assertEquals(2, counter.value);
    }

    @Test
    void divisionByZeroThrows() {
        assertThrows(ArithmeticException.class, () -> System.out.println(1 / counter.value));
    }

    @Test
    @Disabled("waiting for the counter to saturate")
    void saturates() {
        fail("disabled tests do not run");
    }
}
