// Exercises arrays of all primitive types and Object: default values, element stores with
// implicit conversions, length, array initializers, loops, and array clone() independence.
import java.util.Arrays;

public class PrimitiveArrays {
    public static void main(String[] args) {
        boolean[] z = new boolean[2];
        byte[] b = new byte[3];
        char[] c = new char[2];
        short[] s = new short[2];
        int[] i = new int[4];
        long[] l = new long[2];
        float[] f = new float[2];
        double[] d = new double[2];
        String[] str = new String[2];
        System.out.println("defaults: " + z[0] + " " + b[0] + " " + (int) c[0] + " " + s[0] + " " + i[0] + " " + l[0] + " " + f[0] + " " + d[0] + " " + str[0]);
        System.out.println("lengths: " + z.length + b.length + c.length + s.length + i.length + l.length + f.length + d.length);
        b[0] = (byte) 130; b[1] = -1; b[2] = 127; b[2]++;
        System.out.println("bytes " + Arrays.toString(b));
        c[0] = 'J'; c[1] = (char) ('J' + 1);
        System.out.println("chars " + Arrays.toString(c) + " " + new String(c));
        s[0] = Short.MAX_VALUE; s[0]++; s[1] = (short) -70000;
        System.out.println("shorts " + Arrays.toString(s));
        for (int k = 0; k < i.length; k++) i[k] = k * k - 3;
        System.out.println("ints " + Arrays.toString(i));
        l[0] = Long.MIN_VALUE; l[1] = l[0] - 1;
        System.out.println("longs " + Arrays.toString(l));
        f[0] = 1.25f; f[1] = f[0] / 0;
        d[0] = 1e-300 * 1e-300; d[1] = -d[0];
        System.out.println("floats " + Arrays.toString(f) + " doubles " + Arrays.toString(d));
        z[1] = !z[0];
        System.out.println("booleans " + Arrays.toString(z));
        int[] lit = {5, 4, 3, 2, 1};
        int[] copy = lit.clone();
        copy[0] = 99;
        System.out.println("clone independent: " + Arrays.toString(lit) + " vs " + Arrays.toString(copy));
        System.out.println("clone != original " + (copy != lit) + ", same class " + (copy.getClass() == lit.getClass()));
        long total = 0;
        for (int v : lit) total += v;
        System.out.println("sum " + total);
        Object[] objs = {1, "two", 3.0, 'c', null, new int[]{1}};
        for (Object o : objs) System.out.print((o == null ? "null" : o.getClass().getSimpleName()) + ";");
        System.out.println();
        int[] empty = {};
        System.out.println("empty " + empty.length + " " + Arrays.toString(empty));
        char[] hello = {'h', 'e', 'l', 'l', 'o'};
        System.out.println(hello);
        System.out.println("valueOf " + String.valueOf(hello, 1, 3));
        double[] ds = new double[5];
        Arrays.setAll(ds, k -> k / 2.0);
        System.out.println("setAll " + Arrays.toString(ds));
        int[] arr = new int[3];
        int idx = 0;
        arr[idx++] = idx;
        arr[idx] = idx++ * 10;
        System.out.println("eval order " + Arrays.toString(arr) + " idx=" + idx);
        System.out.println("done");
    }
}
