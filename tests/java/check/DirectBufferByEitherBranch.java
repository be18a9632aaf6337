// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// Off-heap memory is part of the state. `put()` chooses the byte it writes into a direct
// buffer (memory outside the Java heap, `Unsafe.allocateMemory`). After it returns, the two
// paths hold the same objects and frames and differ only in that byte; the choice that follows
// stores a state for each. On the path that wrote 1 the assertion fails. A checker that left
// off-heap memory out of its states would match the second path to the first and report
// nothing.
import gov.nasa.jpf.vm.Verify;
import java.nio.ByteBuffer;

public class DirectBufferByEitherBranch {
    static final ByteBuffer buffer = ByteBuffer.allocateDirect(8);

    static void put() {
        buffer.put(0, (byte) (Verify.getBoolean() ? 1 : 0));
    }

    public static void main(String[] args) {
        put();
        Verify.getBoolean();
        assert buffer.get(0) == 0 : "the byte was 1";
    }
}
