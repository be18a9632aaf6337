import java.util.HashMap;
import java.util.Map;

/**
 * CPU-bound workload for the interpreter benchmark: integer loops, array work, allocation,
 * virtual and interface calls, string building and HashMap traffic. Prints a checksum so both
 * JVMs can be seen to compute the same thing. Argument: scale (default 1).
 */
public class CpuMix {
    interface Shape { double area(); }
    static final class Circle implements Shape { final double r; Circle(double r) { this.r = r; } public double area() { return 3.14159 * r * r; } }
    static final class Rect implements Shape { final double w, h; Rect(double w, double h) { this.w = w; this.h = h; } public double area() { return w * h; } }
    static abstract class Node { abstract int eval(); }
    static final class Lit extends Node { final int v; Lit(int v) { this.v = v; } int eval() { return v; } }
    static final class Add extends Node { final Node a, b; Add(Node a, Node b) { this.a = a; this.b = b; } int eval() { return a.eval() + b.eval(); } }

    static long loops(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += (i * 31) ^ (i >>> 3);
            if ((i & 7) == 0) sum -= i / 3;
        }
        return sum;
    }

    static long sieve(int n) {
        boolean[] composite = new boolean[n + 1];
        long count = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                count += i;
                for (int j = i * 2; j <= n; j += i) composite[j] = true;
            }
        }
        return count;
    }

    static long sort(int n) {
        int[] a = new int[n];
        int x = 12345;
        for (int i = 0; i < n; i++) { x = x * 1103515245 + 12345; a[i] = (x >>> 8) % 100000; }
        for (int gap = n / 2; gap > 0; gap /= 2) {
            for (int i = gap; i < n; i++) {
                int t = a[i], j = i;
                while (j >= gap && a[j - gap] > t) { a[j] = a[j - gap]; j -= gap; }
                a[j] = t;
            }
        }
        return a[0] + a[n / 2] + a[n - 1];
    }

    static double shapes(int n) {
        Shape[] shapes = new Shape[64];
        for (int i = 0; i < shapes.length; i++) shapes[i] = (i % 2 == 0) ? new Circle(i) : new Rect(i, i + 1);
        double total = 0;
        for (int k = 0; k < n; k++) total += shapes[k & 63].area();
        return total;
    }

    static long trees(int n) {
        long total = 0;
        for (int k = 0; k < n; k++) {
            Node t = new Lit(1);
            for (int i = 0; i < 20; i++) t = new Add(t, new Lit(i));
            total += t.eval();
        }
        return total;
    }

    static int strings(int n) {
        int len = 0;
        for (int k = 0; k < n; k++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 10; i++) sb.append(i).append(',');
            String s = sb.toString();
            len += s.length() + s.indexOf("5,") + s.hashCode() % 7;
        }
        return len;
    }

    static long maps(int n) {
        Map<Integer, Integer> m = new HashMap<>();
        for (int i = 0; i < n; i++) m.merge(i % 1000, i, Integer::sum);
        long total = 0;
        for (Map.Entry<Integer, Integer> e : m.entrySet()) total += e.getKey() * (long) e.getValue() % 1009;
        return total;
    }

    public static void main(String[] args) {
        int scale = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        long checksum = 0;
        checksum += loops(3_000_000 * scale);
        checksum += sieve(300_000 * scale);
        checksum += sort(60_000 * scale);
        checksum += (long) shapes(1_000_000 * scale);
        checksum += trees(20_000 * scale);
        checksum += strings(20_000 * scale);
        checksum += maps(300_000 * scale);
        System.out.println("checksum " + checksum);
    }
}
