// Exercises array exceptions: ArrayIndexOutOfBoundsException (negative and too large
// indexes, messages), NegativeArraySizeException (message), ArrayStoreException on
// covariant arrays (message), NPE on null array access and length.
public class ArrayExceptions {
    static int idx(int x) { return x; }

    public static void main(String[] args) {
        int[] a = new int[3];
        try {
            a[idx(5)] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("1: " + e.getMessage());
        }
        try {
            System.out.println(a[idx(-1)]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("2: " + e.getMessage());
        }
        try {
            String[] s = new String[0];
            System.out.println(s[0]);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("3: " + e);
        }
        try {
            long[][] m = new long[2][2];
            m[1][idx(2)] = 5L;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("4: " + e.getMessage());
        }
        try {
            int[] neg = new int[idx(-5)];
            System.out.println(neg.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("5: " + e);
        }
        try {
            int[][] neg = new int[2][idx(-1)];
            System.out.println(neg.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("6: " + e.getMessage());
        }
        Object[] objs = new String[2];
        try {
            objs[0] = "fine";
            objs[1] = Integer.valueOf(1);
        } catch (ArrayStoreException e) {
            System.out.println("7: " + e);
        }
        System.out.println("objs[0] = " + objs[0] + ", objs[1] = " + objs[1]);
        Number[] nums = new Integer[1];
        try {
            nums[0] = 1.5;
        } catch (ArrayStoreException e) {
            System.out.println("8: " + e.getMessage());
        }
        Object[][] nested = new String[1][1];
        try {
            nested[0] = new Integer[1];
        } catch (ArrayStoreException e) {
            System.out.println("9: " + e.getMessage());
        }
        objs[1] = null;
        System.out.println("storing null is fine: " + objs[1]);
        int[] nul = null;
        try {
            System.out.println(nul.length);
        } catch (NullPointerException e) {
            System.out.println("10: " + e.getClass().getName());
        }
        try {
            nul[0] = 1;
        } catch (NullPointerException e) {
            System.out.println("11: " + e.getClass().getName());
        }
        try {
            "abc".charAt(5);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("12: " + e.getMessage());
        }
        try {
            java.util.List.of(1, 2).get(3);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("13: " + e.getMessage());
        }
        try {
            new java.util.ArrayList<Integer>().get(0);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("14: " + e.getMessage());
        }
        int caught = 0;
        for (int i = -2; i < 5; i++) {
            try {
                a[i] = i;
            } catch (ArrayIndexOutOfBoundsException e) {
                caught++;
            }
        }
        System.out.println("caught " + caught + " a=" + java.util.Arrays.toString(a));
        System.out.println("done");
    }
}
