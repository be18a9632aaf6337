/*
 * Floating point with arrays: estimates the spectral norm of the infinite matrix
 * a(i,j) = 1 / ((i+j)(i+j+1)/2 + i + 1) restricted to n x n, with ten rounds of the power
 * method on A^T A. Measures double loops over arrays and small static calls.
 * Argument: n, the matrix size (default 700). Prints the norm.
 */
public class SpectralNorm {
    static double a(int i, int j) {
        return 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1);
    }

    static void mulA(double[] v, double[] out) {
        int n = v.length;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) sum += a(i, j) * v[j];
            out[i] = sum;
        }
    }

    static void mulAt(double[] v, double[] out) {
        int n = v.length;
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) sum += a(j, i) * v[j];
            out[i] = sum;
        }
    }

    static void mulAtA(double[] v, double[] out, double[] tmp) {
        mulA(v, tmp);
        mulAt(tmp, out);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 700;
        double[] u = new double[n], v = new double[n], tmp = new double[n];
        java.util.Arrays.fill(u, 1.0);
        for (int round = 0; round < 10; round++) {
            mulAtA(u, v, tmp);
            mulAtA(v, u, tmp);
        }
        double uv = 0, vv = 0;
        for (int i = 0; i < n; i++) {
            uv += u[i] * v[i];
            vv += v[i] * v[i];
        }
        System.out.printf("%.9f%n", Math.sqrt(uv / vv));
    }
}
