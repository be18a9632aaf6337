// rpf-expect: none
// rpf-paths: 6
//
// A loop whose bound n is symbolic, restricted by Verifier.assume to 0..5 (other n are pruned,
// not paths). The loop test i <= n forks each time it is evaluated, so there is one path per
// value of n; on each path n is fixed and sum == 1 + ... + n == n * (n + 1) / 2 holds.
// Paths: n == 0, 1, 2, 3, 4, 5 (the loop exits after n iterations)    -> 6, all normal.
// (A sixth iteration would need n >= 6, infeasible under the assumption.)
import org.sosy_lab.sv_benchmarks.Verifier;

public class LoopSum {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0 && n <= 5);
        int sum = 0;
        for (int i = 1; i <= n; i++) {
            sum += i;
        }
        assert sum == n * (n + 1) / 2;
    }
}
