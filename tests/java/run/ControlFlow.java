// Exercises control flow: labeled break/continue across nested loops, do/while, while with
// complex conditions, short-circuit evaluation, ternary chains, compound assignment with
// implicit narrowing (byte += 300, char *= 2, short -= ...), integer caching in loops,
// long comparisons, switch fallthrough on char, and loop edge cases.
public class ControlFlow {
    static int calls = 0;
    static boolean t(String tag) { calls++; System.out.print(tag + " "); return true; }
    static boolean f(String tag) { calls++; System.out.print(tag + " "); return false; }

    public static void main(String[] args) {
        outer:
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                if (j == 3) continue outer;
                if (i == 3) break outer;
                System.out.print(i + "" + j + " ");
            }
        }
        System.out.println();
        int found = -1;
        search:
        {
            int[][] grid = {{1, 2, 3}, {4, 42, 6}, {7, 8, 9}};
            for (int[] row : grid) {
                for (int v : row) {
                    if (v == 42) {
                        found = v;
                        break search;
                    }
                }
            }
            System.out.println("not printed");
        }
        System.out.println("found " + found);
        int n = 0;
        do {
            n += 3;
        } while (n < 10);
        System.out.println("do/while " + n);
        int k = 100;
        do k++; while (false);
        System.out.println("do once " + k);
        int a = 0, b = 10;
        while (a < b && a * b < 50) { a++; b--; }
        System.out.println("while a=" + a + " b=" + b);
        boolean r1 = f("A") && t("B");
        System.out.println("-> " + r1);
        boolean r2 = t("C") || f("D");
        System.out.println("-> " + r2);
        boolean r3 = f("E") & t("F");
        System.out.println("-> " + r3 + " (non-short-circuit)");
        boolean r4 = t("G") ^ t("H");
        System.out.println("-> " + r4 + " calls " + calls);
        for (int x = -2; x <= 2; x++) System.out.print((x < 0 ? "neg" : x == 0 ? "zero" : x == 1 ? "one" : "many") + " ");
        System.out.println();
        byte by = 10;
        by += 300;
        System.out.println("byte += 300 -> " + by);
        by -= -200;
        System.out.println("byte -= -200 -> " + by);
        by *= 3;
        System.out.println("byte *= 3 -> " + by);
        by >>= 1;
        System.out.println("byte >>= 1 -> " + by);
        by >>>= 1;
        System.out.println("byte >>>= 1 -> " + by);
        short sh = 32767;
        sh++;
        System.out.println("short ++ -> " + sh);
        sh -= 1.5;
        System.out.println("short -= 1.5 -> " + sh);
        char ch = '0';
        ch *= 2;
        System.out.println("char *= 2 -> " + (int) ch + " '" + ch + "'");
        int iv = 7;
        iv *= 2.5;
        System.out.println("int *= 2.5 -> " + iv);
        iv += 3.99;
        System.out.println("int += 3.99 -> " + iv);
        long lv = 1;
        lv <<= 65;
        System.out.println("long <<= 65 -> " + lv);
        float fl = 1;
        fl /= 3;
        System.out.println("float /= 3 -> " + fl);
        long big1 = 9_000_000_000L, big2 = 9_000_000_001L;
        System.out.println("long compare " + (big1 < big2) + " " + (big1 == big2 - 1) + " " + ((int) big1 == (int) big2));
        String vowels = "";
        for (char c : "programming language".toCharArray()) {
            switch (c) {
                case 'a':
                case 'e':
                    vowels += Character.toUpperCase(c);
                case 'i':
                case 'o':
                case 'u':
                    vowels += c;
                    break;
                case ' ':
                    vowels += '_';
                default:
            }
        }
        System.out.println("fallthrough vowels " + vowels);
        int same = 0;
        for (int i = 120; i < 135; i++) {
            Integer x = i, y = i;
            if (x == y) same++;
        }
        System.out.println("cached boxes in 120..134: " + same);
        int count = 0;
        for (int i = 0, j = 10; i < j; i += 2, j--) count++;
        System.out.println("multi-var for " + count);
        for (int i = Integer.MAX_VALUE - 2; i > 0 && i <= Integer.MAX_VALUE - 0; i++) {
            count++;
            if (count > 20) break;
        }
        System.out.println("overflowing loop terminated, count " + count);
        int w = 0;
        while (true) {
            if (++w >= 5) break;
        }
        System.out.println("while(true) " + w);
        int i = 0;
        i = i++ + i++;
        System.out.println("i = i++ + i++ -> " + i);
        int j = 5;
        j += j++ * --j;
        System.out.println("j += j++ * --j -> " + j);
        int[] arr = {0, 0, 0};
        int idx = 0;
        arr[idx] = idx = 2;
        System.out.println("arr[idx] = idx = 2 -> " + java.util.Arrays.toString(arr) + " idx " + idx);
        System.out.println("done");
    }
}
