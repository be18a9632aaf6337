// Arrays.equals on byte arrays of 8 or more elements compares them eight bytes at a time
// through Unsafe.getLong, a native method that sees a symbolic byte's placeholder only.
// x != 0 violates the assertion; rpf cannot see that path there, so it must not claim
// "no violation": the run is incomplete, naming the native.
import org.sosy_lab.sv_benchmarks.Verifier;

public class ArraysEqualsInput {
    public static void main(String[] args) {
        byte[] a = new byte[16];
        a[3] = Verifier.nondetByte();
        byte[] b = new byte[16];
        assert java.util.Arrays.equals(a, b);
    }
}
