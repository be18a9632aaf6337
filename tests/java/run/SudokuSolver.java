// Mini-application: a backtracking Sudoku solver with bitmask candidate tracking and a
// most-constrained-cell heuristic, plus an N-Queens counter (N = 1..8) and a validity check
// of the solved grid. Prints the puzzle, the solution and search statistics.
public class SudokuSolver {
    static int[][] grid = new int[9][9];
    static int[] rows = new int[9], cols = new int[9], boxes = new int[9];
    static long nodes = 0;

    static void place(int r, int c, int v, boolean on) {
        int bit = 1 << v;
        int b = (r / 3) * 3 + c / 3;
        if (on) {
            rows[r] |= bit; cols[c] |= bit; boxes[b] |= bit; grid[r][c] = v;
        } else {
            rows[r] &= ~bit; cols[c] &= ~bit; boxes[b] &= ~bit; grid[r][c] = 0;
        }
    }

    static boolean solve() {
        nodes++;
        int bestR = -1, bestC = -1, bestMask = 0, bestCount = 10;
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                if (grid[r][c] != 0) continue;
                int used = rows[r] | cols[c] | boxes[(r / 3) * 3 + c / 3];
                int mask = ~used & 0x3FE;
                int count = Integer.bitCount(mask);
                if (count < bestCount) {
                    bestCount = count; bestR = r; bestC = c; bestMask = mask;
                    if (count == 0) return false;
                }
            }
        }
        if (bestR < 0) return true;
        for (int v = 1; v <= 9; v++) {
            if ((bestMask & (1 << v)) == 0) continue;
            place(bestR, bestC, v, true);
            if (solve()) return true;
            place(bestR, bestC, v, false);
        }
        return false;
    }

    static void print(int[][] g) {
        for (int r = 0; r < 9; r++) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < 9; c++) {
                sb.append(g[r][c] == 0 ? "." : String.valueOf(g[r][c]));
                if (c == 2 || c == 5) sb.append(" |");
                if (c < 8) sb.append(' ');
            }
            System.out.println(sb);
            if (r == 2 || r == 5) System.out.println("------+-------+------");
        }
    }

    static boolean valid(int[][] g) {
        for (int i = 0; i < 9; i++) {
            int rm = 0, cm = 0, bm = 0;
            for (int j = 0; j < 9; j++) {
                rm |= 1 << g[i][j];
                cm |= 1 << g[j][i];
                bm |= 1 << g[(i / 3) * 3 + j / 3][(i % 3) * 3 + j % 3];
            }
            if (rm != 0x3FE || cm != 0x3FE || bm != 0x3FE) return false;
        }
        return true;
    }

    static int queens(int n, int row, int colsMask, int d1, int d2) {
        if (row == n) return 1;
        int count = 0;
        int avail = ~(colsMask | d1 | d2) & ((1 << n) - 1);
        while (avail != 0) {
            int bit = avail & -avail;
            avail -= bit;
            count += queens(n, row + 1, colsMask | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
        }
        return count;
    }

    public static void main(String[] args) {
        String puzzle =
                "530070000" +
                "600195000" +
                "098000060" +
                "800060003" +
                "400803001" +
                "700020006" +
                "060000280" +
                "000419005" +
                "000080079";
        int clues = 0;
        for (int i = 0; i < 81; i++) {
            int v = puzzle.charAt(i) - '0';
            if (v != 0) {
                place(i / 9, i % 9, v, true);
                clues++;
            }
        }
        System.out.println("puzzle with " + clues + " clues:");
        print(grid);
        boolean ok = solve();
        System.out.println("solved: " + ok + ", search nodes: " + nodes);
        print(grid);
        System.out.println("valid: " + valid(grid));
        int checksum = 0;
        for (int r = 0; r < 9; r++) checksum = checksum * 31 + grid[r][r];
        System.out.println("diagonal checksum " + checksum);
        int[][] broken = new int[9][9];
        for (int r = 0; r < 9; r++) broken[r] = grid[r].clone();
        broken[0][0] = broken[0][1];
        System.out.println("broken grid valid: " + valid(broken));
        StringBuilder q = new StringBuilder();
        for (int n = 1; n <= 8; n++) q.append(n).append(':').append(queens(n, 0, 0, 0, 0)).append(' ');
        System.out.println("n-queens solutions " + q.toString().trim());
        System.out.println("done");
    }
}
