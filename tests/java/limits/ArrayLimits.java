import java.lang.reflect.Array;

/**
 * The OutOfMemoryError messages of arrays near and beyond the VM's length limit, for every
 * element type and every way of creating an array (run with a 64 MiB heap).
 */
public class ArrayLimits {
    static String attempt(char kind, int n) {
        try {
            Object o;
            switch (kind) {
                case 'Z': o = new boolean[n]; break;
                case 'B': o = new byte[n]; break;
                case 'C': o = new char[n]; break;
                case 'S': o = new short[n]; break;
                case 'I': o = new int[n]; break;
                case 'J': o = new long[n]; break;
                case 'F': o = new float[n]; break;
                case 'D': o = new double[n]; break;
                case 'L': o = new Object[n]; break;
                case 'M': o = new int[n][2]; break;
                case 'N': o = new int[2][n]; break;
                case 'R': o = Array.newInstance(int.class, n); break;
                case 'Q': o = Array.newInstance(String.class, 3, n); break;
                default: throw new IllegalArgumentException("kind " + kind);
            }
            return "allocated " + Array.getLength(o);
        } catch (OutOfMemoryError e) {
            return e.getMessage();
        }
    }

    public static void main(String[] args) {
        int[] lengths = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 2, 1 << 30, 100_000_000, 1000};
        for (char kind : "ZBCSIJFDLMNRQ".toCharArray()) {
            StringBuilder line = new StringBuilder().append(kind).append(':');
            for (int n : lengths) {
                line.append(' ').append(attempt(kind, n)).append(';');
            }
            System.out.println(line);
        }
        int[] kept = new int[1000];
        int[] copy = kept.clone();
        System.out.println("still running: " + copy.length);
    }
}
