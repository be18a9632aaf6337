// Exercises System.arraycopy: forward and backward overlapping copies within the same
// array, copying between object arrays, zero-length copies, and the exceptions for bad
// ranges and type mismatches (messages printed).
import java.util.Arrays;

public class ArrayCopyOverlap {
    public static void main(String[] args) {
        int[] a = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        System.arraycopy(a, 0, a, 2, 6);
        System.out.println("shift right " + Arrays.toString(a));
        int[] b = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        System.arraycopy(b, 3, b, 1, 7);
        System.out.println("shift left " + Arrays.toString(b));
        char[] c = "abcdefgh".toCharArray();
        System.arraycopy(c, 1, c, 0, 7);
        System.out.println("chars " + new String(c));
        String[] src = {"x", "y", "z"};
        Object[] dst = new Object[5];
        System.arraycopy(src, 0, dst, 1, 3);
        System.out.println("objects " + Arrays.toString(dst));
        System.arraycopy(a, 5, a, 5, 0);
        System.arraycopy(a, 10, a, 0, 0);
        System.out.println("zero length ok");
        try {
            System.arraycopy(a, 8, a, 0, 5);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE: " + e.getMessage());
        }
        try {
            System.arraycopy(a, -1, a, 0, 1);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE: " + e.getMessage());
        }
        try {
            System.arraycopy(a, 0, a, 0, -3);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE: " + e.getMessage());
        }
        try {
            System.arraycopy(a, 0, new long[10], 0, 1);
        } catch (ArrayStoreException e) {
            System.out.println("ASE: " + e.getMessage());
        }
        try {
            System.arraycopy("notarray", 0, a, 0, 1);
        } catch (ArrayStoreException e) {
            System.out.println("ASE: " + e.getMessage());
        }
        try {
            System.arraycopy(null, 0, a, 0, 1);
        } catch (NullPointerException e) {
            System.out.println("NPE caught");
        }
        Object[] mixed = {"s", 1, "t"};
        String[] strs = new String[3];
        try {
            System.arraycopy(mixed, 0, strs, 0, 3);
        } catch (ArrayStoreException e) {
            System.out.println("ASE: " + e.getMessage());
            System.out.println("partial copy " + Arrays.toString(strs));
        }
        long[] big = new long[64];
        for (int i = 0; i < 64; i++) big[i] = 1L << i;
        System.arraycopy(big, 0, big, 32, 32);
        System.out.println("longs " + big[31] + " " + big[32] + " " + big[63]);
        double[] ds = {1.5, 2.5, 3.5};
        double[] dd = new double[3];
        System.arraycopy(ds, 1, dd, 0, 2);
        System.out.println("doubles " + Arrays.toString(dd));
        System.out.println("done");
    }
}
