// rpf-race: no (single thread)
import gov.nasa.jpf.vm.Verify;

// Taint fixture: Secrets.pin() is the source, Log.write(int) the sink. The pin flows
// through a local, a field, an array element, arithmetic and a call before it reaches the
// sink, on the path where Verify.getBoolean() is true; a constant reaches the sink too,
// which is fine.
public class TaintFlow {
    static class Secrets {
        static int pin() {
            return 4711;
        }
    }

    static class Log {
        static int last;

        static void write(int value) {
            last = value;
        }
    }

    static class Box {
        int held;
    }

    static int scramble(int v) {
        return v * 31 + 7;
    }

    public static void main(String[] args) {
        Log.write(42);
        if (Verify.getBoolean()) {
            int p = Secrets.pin();
            Box box = new Box();
            box.held = p;
            int[] copy = new int[1];
            copy[0] = box.held;
            Log.write(scramble(copy[0]) + 1);
        }
        System.out.println("done");
    }
}
