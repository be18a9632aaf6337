// Exercises char arithmetic: char + int promotion, ++ on chars, compound assignment on
// chars, char comparison, casting, char in loops, and char printing vs int printing.
public class CharArithmetic {
    public static void main(String[] args) {
        char c = 'a';
        System.out.println(c + 1);
        System.out.println((char) (c + 1));
        System.out.println("" + c + 1);
        c++;
        System.out.println(c);
        c += 2;
        System.out.println(c);
        c -= 'a' - 'A';
        System.out.println(c);
        StringBuilder sb = new StringBuilder();
        for (char ch = 'z'; ch >= 'q'; ch--) sb.append(ch);
        System.out.println(sb);
        char max = Character.MAX_VALUE;
        max++;
        System.out.println("max+1 wraps to " + (int) max);
        char zero = 0;
        zero--;
        System.out.println("0-1 wraps to " + (int) zero);
        String word = "Hello, World";
        int sum = 0;
        for (char ch : word.toCharArray()) sum += ch;
        System.out.println("sum of chars = " + sum);
        char[] rot = word.toCharArray();
        for (int i = 0; i < rot.length; i++) {
            char ch = rot[i];
            if (ch >= 'a' && ch <= 'z') rot[i] = (char) ('a' + (ch - 'a' + 13) % 26);
            else if (ch >= 'A' && ch <= 'Z') rot[i] = (char) ('A' + (ch - 'A' + 13) % 26);
        }
        System.out.println("rot13 = " + new String(rot));
        System.out.println("'7' - '0' = " + ('7' - '0'));
        System.out.println("(char) 65 = " + (char) 65 + ", (char) 0x3A9 = " + (char) 0x3A9);
        char a = 'x', b = 'y';
        System.out.println("a < b " + (a < b) + ", a == 120 " + (a == 120));
        System.out.println("ternary char/int: " + (true ? 'x' : 0) + " " + (true ? 'x' : sum));
        int[] counts = new int[26];
        for (char ch : "the quick brown fox jumps over the lazy dog".toCharArray())
            if (ch != ' ') counts[ch - 'a']++;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 26; i++) if (counts[i] > 1) out.append((char) ('a' + i)).append(counts[i]);
        System.out.println("letter counts>1: " + out);
        char u = '\u00e9';
        System.out.println("e-acute code " + (int) u + " upper " + Character.toUpperCase(u));
        System.out.println("done");
    }
}
