// Exercises multi-dimensional arrays: rectangular (multianewarray), jagged, partially
// specified dimensions, 3-D long arrays, shallow clone of 2-D arrays, deepToString/deepEquals.
import java.util.Arrays;

public class MultiDimArrays {
    public static void main(String[] args) {
        int[][] grid = new int[3][4];
        for (int r = 0; r < 3; r++) for (int c = 0; c < 4; c++) grid[r][c] = r * 10 + c;
        System.out.println(Arrays.deepToString(grid));
        System.out.println("rows " + grid.length + " cols " + grid[0].length);
        int[][] jag = new int[4][];
        for (int r = 0; r < jag.length; r++) {
            jag[r] = new int[r + 1];
            for (int c = 0; c <= r; c++) jag[r][c] = (r == c || c == 0) ? 1 : jag[r - 1][c - 1] + jag[r - 1][c];
        }
        System.out.println("pascal " + Arrays.deepToString(jag));
        long[][][] cube = new long[2][3][4];
        long v = 0;
        for (long[][] plane : cube) for (long[] row : plane) for (int k = 0; k < row.length; k++) row[k] = v++ * v;
        System.out.println("cube " + Arrays.deepToString(cube));
        System.out.println("cube[1][2][3] = " + cube[1][2][3]);
        int[][] shallow = grid.clone();
        shallow[0][0] = -1;
        shallow[1] = new int[]{7, 7};
        System.out.println("after clone edits grid " + Arrays.deepToString(grid));
        System.out.println("shallow " + Arrays.deepToString(shallow));
        System.out.println("row shared " + (shallow[0] == grid[0]) + ", row 1 shared " + (shallow[1] == grid[1]));
        String[][] names = {{"a", "b"}, {"c"}, {}};
        System.out.println(Arrays.deepToString(names) + " " + names[2].length);
        Object[] mixed = {new int[]{1, 2}, new String[]{"x"}, new double[][]{{1.5}}, null};
        System.out.println("mixed " + Arrays.deepToString(mixed));
        int[][] a1 = {{1, 2}, {3}};
        int[][] a2 = {{1, 2}, {3}};
        System.out.println("equals " + Arrays.equals(a1, a2) + " deepEquals " + Arrays.deepEquals(a1, a2));
        System.out.println("deepHashCode " + Arrays.deepHashCode(a1));
        char[][][] partial = new char[2][2][];
        System.out.println("partial " + (partial[1][1] == null));
        boolean[][] bools = new boolean[2][3];
        bools[1][2] = true;
        System.out.println(Arrays.deepToString(bools));
        int[][] transposed = new int[4][3];
        for (int r = 0; r < 3; r++) for (int c = 0; c < 4; c++) transposed[c][r] = grid[r][c];
        System.out.println("transposed " + Arrays.deepToString(transposed));
        int[][] m1 = {{1, 2}, {3, 4}}, m2 = {{5, 6}, {7, 8}};
        int[][] prod = new int[2][2];
        for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) for (int k = 0; k < 2; k++) prod[i][j] += m1[i][k] * m2[k][j];
        System.out.println("product " + Arrays.deepToString(prod));
        System.out.println("class names " + grid.getClass().getName() + " " + cube.getClass().getName() + " " + names.getClass().getName());
        System.out.println("done");
    }
}
