// Branch coverage: classify has 12 paths (a <= 0: 4 for b and c; a > 0: 4 for b and c, each
// with a <= 5 or a > 5) and 10 branch edges (5 conditional branches), one of which no input
// reaches (a > 5 && a < 3 cannot hold: the edge into `r = -1`). With
// +symbolic.tests.coverage=branch a few of the 12 paths cover the 9 reachable edges.
public class Classify {
    public static void main(String[] args) {
        int r = classify(1, 2, 3);
        if (r < 0) {
            throw new AssertionError("never");
        }
    }

    static int classify(int a, int b, int c) {
        int r = 0;
        if (a > 0) {
            r += 1;
        }
        if (b > 0) {
            r += 2;
        }
        if (c > 0) {
            r += 4;
        }
        if (a > 5) {
            if (a < 3) {
                r = -1;
            }
        }
        return r;
    }
}
