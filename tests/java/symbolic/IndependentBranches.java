// rpf-expect: none
// rpf-paths: 4
//
// Two independent branches on two arbitrary ints; each side of each branch is feasible
// whatever the other one took, so there are 2 * 2 paths. count ends as 0, 1 or 2, and the
// assert holds on all of them. a % 2 uses a constant divisor, so it cannot throw.
// Paths:
//   1. a even, b > 100   (count 2)                 -> ends normally
//   2. a even, b <= 100  (count 1)                 -> ends normally
//   3. a odd,  b > 100   (count 1)                 -> ends normally
//   4. a odd,  b <= 100  (count 0)                 -> ends normally
// ("a odd" includes negative odd a, where a % 2 == -1.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class IndependentBranches {
    public static void main(String[] args) {
        int a = Verifier.nondetInt();
        int b = Verifier.nondetInt();
        int count = 0;
        if (a % 2 == 0) {
            count++;
        }
        if (b > 100) {
            count++;
        }
        assert count >= 0 && count <= 2;
    }
}
