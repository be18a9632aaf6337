// Exercises non-ASCII strings: Latin-1 (e-acute), Greek (Omega), CJK, and a surrogate pair
// emoji; printing them, length vs codePointCount, charAt vs codePointAt, toUpperCase of
// non-ASCII, Character.toChars, String from code points, getBytes(UTF-8) lengths.
// Source uses \\u escapes only; output is UTF-8.
import java.nio.charset.StandardCharsets;
import java.util.*;
import java.util.stream.*;

public class UnicodeStrings {
    public static void main(String[] args) {
        String e = "caf\u00e9";
        String omega = "\u03a9mega";
        String cjk = "\u65e5\u672c";
        String emoji = "hi\uD83D\uDE00!";
        String[] all = {e, omega, cjk, emoji};
        for (String s : all) {
            System.out.println(s + " length=" + s.length() + " codePoints=" + s.codePointCount(0, s.length())
                    + " utf8bytes=" + s.getBytes(StandardCharsets.UTF_8).length + " hash=" + s.hashCode());
        }
        System.out.println("codepoints of emoji string: " + emoji.codePoints().mapToObj(Integer::toHexString).collect(Collectors.toList()));
        System.out.println("chars of emoji string: " + emoji.chars().mapToObj(Integer::toHexString).collect(Collectors.toList()));
        System.out.println("charAt(2) high surrogate: " + Character.isHighSurrogate(emoji.charAt(2)) + " codePointAt(2)=" + emoji.codePointAt(2));
        System.out.println("upper: " + e.toUpperCase() + " " + omega.toUpperCase() + " lower: " + omega.toLowerCase());
        System.out.println("sigma lower: " + "\u03a3".toLowerCase() + " german sharp s upper: " + "stra\u00dfe".toUpperCase());
        char[] pair = Character.toChars(0x1F600);
        System.out.println("toChars len " + pair.length + " -> " + new String(pair));
        System.out.println("fromCodePoints: " + new String(new int[]{0x48, 0x3A9, 0x1F680, 0x65E5}, 0, 4));
        System.out.println("charCount " + Character.charCount(0x1F600) + " " + Character.charCount('a'));
        System.out.println("isLetter: " + Character.isLetter('\u00e9') + " " + Character.isLetter('\u65e5') + " " + Character.isLetter(0x1F600));
        System.out.println("reverse with StringBuilder: " + new StringBuilder(emoji + cjk).reverse());
        byte[] utf8 = cjk.getBytes(StandardCharsets.UTF_8);
        StringBuilder hex = new StringBuilder();
        for (byte b : utf8) hex.append(String.format("%02x", b & 0xff));
        System.out.println("utf8 of cjk " + hex + " decoded back " + new String(utf8, StandardCharsets.UTF_8));
        System.out.println("latin1 bytes of cafe " + Arrays.toString(e.getBytes(StandardCharsets.ISO_8859_1)));
        System.out.println("utf16 length " + emoji.getBytes(StandardCharsets.UTF_16BE).length);
        System.out.println("compare: " + e.compareTo("cafe") + " " + "\u00e9".equals("\u0065\u0301"));
        List<String> sorted = new ArrayList<>(List.of(cjk, omega, e, emoji, "Zebra", "apple"));
        Collections.sort(sorted);
        System.out.println("sorted: " + sorted);
        System.out.println("substring across: " + emoji.substring(0, 4) + " indexOf emoji " + emoji.indexOf("\uD83D\uDE00"));
        System.out.println("mixed: \u00c5ngstr\u00f6m \u00bd \u20ac100 \u2603");
        System.out.println("done");
    }
}
