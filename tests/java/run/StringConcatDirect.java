// Differential test of rpf's direct string concatenation (invokedynamic
// makeConcatWithConstants joined in one step where every argument is a String, null, or an
// integral, char or boolean value, and by the generated StringBuilder code otherwise): edge
// values of every formatted type, Latin-1 and UTF-16 constants and arguments in every
// pairing, null Strings and Objects, Objects that are Strings at run time, floats and
// doubles beside direct parts, empty results (always a new String), long Strings, and the
// evaluation order of toString calls.
public class StringConcatDirect {
    static final StringBuilder calls = new StringBuilder();

    static final class Named {
        final String name;
        Named(String name) { this.name = name; }
        public String toString() {
            calls.append(name);
            return name;
        }
    }

    static String join(String a, int b, String c) { return a + b + c; }

    static void show(String label, String s) {
        StringBuilder codes = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0x7e) codes.append(' ').append((int) s.charAt(i));
        }
        System.out.println(label + " [" + s + "] len=" + s.length() + " hash=" + s.hashCode() + codes);
    }

    public static void main(String[] args) {
        int[] ints = {0, 1, -1, 9, 10, -10, 99, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1};
        for (int i : ints) show("int", "<" + i + ">");
        long[] longs = {0L, -1L, 999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE, (long) Integer.MIN_VALUE - 1};
        for (long l : longs) show("long", "<" + l + ">");
        byte by = Byte.MIN_VALUE;
        short sh = Short.MIN_VALUE;
        show("byte/short", by + "|" + sh + "|" + (byte) 127 + "|" + (short) -1);
        boolean t = true, f = false;
        show("bool", t + "," + f + "," + (t && f));
        char[] chars = {'a', '\0', '\u007f', '\u00ff', '\u0100', '\u4e2d', '\uffff', '\ud83d'};
        for (char c : chars) show("char", "<" + c + ">");
        show("char only", "" + '\u00e9');
        show("char utf16", "" + '\u4e2d');

        String latin = "caf\u00e9", wide = "\u4e2d\u6587", emoji = "\ud83d\ude00", empty = "", nul = null;
        show("latin+latin", latin + "-" + latin);
        show("latin+wide", latin + wide);
        show("wide+latin", wide + "|" + latin);
        show("wide const", "\u4e2d:" + latin + ":" + 5);
        show("emoji", "<" + emoji + emoji + ">");
        show("null string", "x" + nul + "y" + nul);
        show("empty parts", empty + empty + "" + empty);
        Object on = null;
        Object os = "str";
        Object ow = wide;
        show("objects", on + "/" + os + "/" + ow);
        show("mixed", 1 + "a" + 2L + 'b' + true + nul + latin + 3.5 + 'c' + 1.25f + wide);
        show("floats", "f" + Float.NaN + Double.NEGATIVE_INFINITY + (-0.0) + 1e21 + Float.MIN_VALUE);

        // A new String every time, never the argument itself or a literal.
        String s = "abc";
        String same = "" + s;
        String blank = "" + empty;
        System.out.println("identity " + (same == s) + " " + same.equals(s) + " " + (blank == "") + " " + blank.isEmpty());
        System.out.println("intern " + ((s + "d").intern() == "abcd") + " " + (join("ab", 1, "c") == "ab1c"));

        // toString runs once per Object argument, left to right.
        Named x = new Named("X"), y = new Named("Y");
        show("named", x + "+" + y + "+" + x + 7);
        System.out.println("calls " + calls);

        // Long Strings (beyond the direct path's limit) and long results.
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 5000; i++) big.append((char) ('a' + i % 26));
        String longer = big.toString();
        String joined = "[" + longer + "]" + longer.length();
        System.out.println("long " + joined.length() + " " + joined.substring(0, 8) + " " + joined.substring(joined.length() - 8) + " " + joined.hashCode());
        String acc = "";
        for (int i = 0; i < 300; i++) acc = acc + i + (i % 50 == 0 ? wide : ",");
        System.out.println("acc " + acc.length() + " " + acc.hashCode() + " " + acc.substring(0, 20));

        // Many arguments (javac splits a concatenation beyond 200 argument slots).
        int a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9;
        String many = "" + a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a0 + a1 + a2 + a3 + a4 + a5
                + a6 + a7 + a8 + a9 + 'x' + a0 + 10L + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;
        show("many", many);
        System.out.println("done");
    }
}
