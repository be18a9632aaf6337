// Floating-point parameters and results in generated tests: scale(x, k) with
// +symbolic.method=Scale.scale(sym#sym) has three paths: x is NaN (returns 0.0), x > 1e300
// (returns Infinity), otherwise x * k (a double). The tests call it with Double.NaN, a huge
// value and an ordinary one, and compare the results exactly.
public class Scale {
    public static void main(String[] args) {
        scale(1.0, 2);
    }

    static double scale(double x, int k) {
        if (x != x) {
            return 0.0;
        }
        if (x > 1e300) {
            return Double.POSITIVE_INFINITY;
        }
        return x * k;
    }
}
