// Differential test of rpf's String/StringBuilder/Integer/Long intrinsics: every edge the
// intrinsics either handle or hand back to the JDK's bytecode (growth, inflation, bounds,
// nulls, hash caching, MIN_VALUE digits, UTF-16 strings in every coder pairing).
import java.util.*;

public class StringIntrinsics {
    static final String[] WORDS = {
        "", "a", "abc", "abd", "ab", "\u00e9t\u00e9", "\u00ff", "\u0100", "\u4e2d\u6587",
        "x\u4e2d", "f5a5a608", "polygenelubricants", "\uD83D\uDE00", "AaBB", "BBAa", "null",
    };

    public static void main(String[] args) {
        for (String w : WORDS) {
            System.out.println("[" + w + "] len=" + w.length() + " hash=" + w.hashCode()
                    + " hashAgain=" + w.hashCode() + " empty=" + w.isEmpty());
            StringBuilder chars = new StringBuilder();
            for (int i = 0; i < w.length(); i++) chars.append((int) w.charAt(i)).append(',');
            System.out.println("  chars " + chars);
            for (String v : WORDS) {
                int c = w.compareTo(v);
                System.out.print(Integer.signum(c) == 0 ? "=" : c < 0 ? "<" : ">");
                System.out.print(c + (w.equals(v) ? "E" : "") + " ");
            }
            System.out.println();
        }
        // Strings built at run time are distinct objects from the literals.
        String built = new StringBuilder("ab").append('c').toString();
        System.out.println(built.equals("abc") + " " + (built == "abc") + " " + built.equals(null)
                + " " + built.equals((Object) new StringBuilder("abc")) + " " + "abc".equals(built));
        String utf = new String(new char[] {'x', '\u4e2d'});
        System.out.println(utf.equals("x\u4e2d") + " " + utf.equals("x") + " " + utf.hashCode());
        // Bounds and nulls: the JDK's own exceptions and messages.
        try {
            System.out.println("abc".charAt(3));
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("charAt(3): " + e.getMessage());
        }
        try {
            System.out.println("\u4e2d".charAt(-1));
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("charAt(-1): " + e.getMessage());
        }
        try {
            System.out.println("abc".compareTo(null));
        } catch (NullPointerException e) {
            System.out.println("compareTo(null): NullPointerException");
        }
        // Appends: growth from the default capacity, every type, null, and coder changes.
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) sb.append(i).append(' ');
        System.out.println(sb.length() + " " + sb);
        sb.setLength(0);
        sb.append((String) null).append('|').append(Integer.MIN_VALUE).append('|')
                .append(Integer.MAX_VALUE).append('|').append(Long.MIN_VALUE).append('|')
                .append(Long.MAX_VALUE).append('|').append(0).append('|').append(-1L).append('|')
                .append(-9).append('|').append(1000000000).append('|').append(999999999L);
        System.out.println(sb);
        StringBuilder latin = new StringBuilder(4);
        latin.append("ab").append('\u00ff').append('\u0100').append("cd").append("\u4e2d").append(12);
        System.out.println(latin + " " + latin.length());
        StringBuilder wide = new StringBuilder("\u4e2d");
        wide.append("plain").append('z').append(-42).append(7L).append("\u6587").append((String) null);
        System.out.println(wide + " " + wide.length() + " " + wide.reverse());
        StringBuilder exact = new StringBuilder(3);
        exact.append("abc").append("").append('d');
        System.out.println(exact + " " + exact.capacity());
        StringBuffer buffer = new StringBuffer();
        buffer.append("x").append(5).append(6L).append('y').append("\u4e2d");
        System.out.println(buffer);
        // The digit writers behind toString.
        long[] numbers = {0, 1, -1, 9, 10, -10, 99, 100, Integer.MAX_VALUE, Integer.MIN_VALUE,
            Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 53), 123456789012345L};
        for (long n : numbers) {
            System.out.println(Long.toString(n) + " " + Integer.toString((int) n) + " "
                    + String.valueOf(n).length() + " " + ("" + (int) n).length());
        }
        // Sorting and hashing through the collections.
        List<String> list = new ArrayList<>(Arrays.asList(WORDS));
        Collections.sort(list);
        System.out.println(list);
        Map<String, Integer> map = new HashMap<>();
        for (String w : WORDS) map.merge(w + w.length(), w.length(), Integer::sum);
        System.out.println(new TreeMap<>(map));
        // Copies of byte ranges, builders of every capacity, and the integer Math helpers.
        byte[] bytes = "abcdef".getBytes();
        System.out.println(Arrays.toString(Arrays.copyOfRange(bytes, 1, 4)) + " "
                + Arrays.toString(Arrays.copyOfRange(bytes, 4, 9)) + " "
                + Arrays.copyOfRange(bytes, 6, 6).length + " " + Arrays.copyOfRange(bytes, 0, 0).length);
        try {
            Arrays.copyOfRange(bytes, 4, 2);
        } catch (IllegalArgumentException e) {
            System.out.println("copyOfRange(4, 2): " + e.getMessage());
        }
        try {
            Arrays.copyOfRange(bytes, -1, 2);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copyOfRange(-1, 2): ArrayIndexOutOfBoundsException");
        }
        try {
            Arrays.copyOfRange(bytes, 7, 9);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("copyOfRange(7, 9): ArrayIndexOutOfBoundsException");
        }
        System.out.println((new StringBuilder().toString() == "") + " " + (new StringBuilder(0).append("") + "|")
                + new StringBuilder(0).append('q').append(1).length() + " " + new StringBuilder(1000).capacity());
        try {
            new StringBuilder(-1);
        } catch (NegativeArraySizeException e) {
            System.out.println("StringBuilder(-1): " + e.getMessage());
        }
        StringBuilder inflated = new StringBuilder("abc");
        inflated.append('\u4e2d');
        String fromWide = inflated.toString();
        System.out.println(fromWide + " " + fromWide.length() + " " + fromWide.substring(1, 3) + " " + fromWide.substring(3));
        int[] ints = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 42, -42};
        long[] longs = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 40)};
        StringBuilder math = new StringBuilder();
        for (int x : ints) for (int y : ints) math.append(Math.min(x, y)).append(',').append(Math.max(x, y)).append(';');
        for (int x : ints) math.append(Math.abs(x)).append(' ');
        for (long x : longs) for (long y : longs) math.append(Math.min(x, y) ^ Math.max(x, y)).append(',');
        for (long x : longs) math.append(Math.abs(x)).append(' ');
        System.out.println(math.toString().hashCode() + " " + math.length());
        System.out.println(math.substring(0, 80));
        try {
            @SuppressWarnings({"unchecked", "rawtypes"})
            int c = ((Comparable) "a").compareTo(Integer.valueOf(1));
            System.out.println(c);
        } catch (ClassCastException e) {
            System.out.println("compareTo(Integer): ClassCastException");
        }
        StringBuilder grown = new StringBuilder();
        grown.ensureCapacity(5);
        grown.append((CharSequence) new StringBuilder("seq")).insert(0, "in-").append(new char[] {'c', 'h'});
        grown.ensureCapacity(100);
        System.out.println(grown + " " + grown.capacity() + " " + new StringBuilder("\u4e2d").append(1L).append('x').append(2));
        String longer = "x".repeat(1000);
        System.out.println(longer.hashCode() + " " + (longer + "y").compareTo(longer) + " "
                + longer.concat("\u4e2d").hashCode());
        // toCharArray: a new array each time, in both coders, up to the JDK's char tables
        // (about 10,000 chars) and beyond the intrinsic's bound (the bytecode copies).
        for (String w : WORDS) {
            char[] a = w.toCharArray();
            char[] b = w.toCharArray();
            if (a.length > 0) a[0] = '#';
            System.out.print(Arrays.toString(b) + (a == b) + new String(a) + " ");
        }
        System.out.println();
        for (int n : new int[] {9_999, 65_536, 65_537, 70_000}) {
            String mixed = "\u4e2d".repeat(n / 2) + "z".repeat(n - n / 2);
            String narrow = "q".repeat(n);
            char[] w = mixed.toCharArray(), q = narrow.toCharArray();
            System.out.println(n + " " + w.length + " " + (int) w[0] + " " + (int) w[n - 1] + " "
                    + Arrays.hashCode(w) + " " + q.length + " " + Arrays.hashCode(q)
                    + " " + Character.toUpperCase('\u01c5') + Character.isLetter('\u4e2d'));
        }
    }
}
