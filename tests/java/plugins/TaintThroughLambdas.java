// rpf-race: no (single thread)
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

// Taint fixture: Secrets.pin() is the source, Log.write(int) the sink. The pin reaches the
// sink only through code rpf generates for invokedynamic: a lambda captures it, and a method
// reference calls the sink.
public class TaintThroughLambdas {
    static class Secrets {
        static int pin() {
            return 4711;
        }

        static int other() {
            return 1;
        }
    }

    static class Log {
        static int last;

        static void write(int value) {
            last = value;
        }
    }

    public static void main(String[] args) {
        int p = Secrets.pin();
        IntSupplier captured = () -> p;
        IntConsumer sink = Log::write;
        sink.accept(captured.getAsInt() + Secrets.other());
        System.out.println("done");
    }
}
