// rpf-expect: assertion
// rpf-paths: 3
// rpf-witness: 42
//
// Symbolic array elements keep their values through System.arraycopy and Arrays.copyOf
// (whose copies are made by the VM's native arraycopy). Paths:
//   1. x == 42: the copy b holds 42                 -> AssertionError
//   2. x != 42, x == 43: the copy c holds 43         -> AssertionError
//   3. x != 42, x != 43                             -> ends normally
import org.sosy_lab.sv_benchmarks.Verifier;

public class ArrayCopyInput {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int[] a = new int[] {x, 1};
        int[] b = java.util.Arrays.copyOf(a, 2);
        int[] c = new int[2];
        System.arraycopy(a, 0, c, 0, 2);
        assert b[0] != 42;
        assert c[0] != 43;
    }
}
