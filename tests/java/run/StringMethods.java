// Exercises common String methods: join, split (regex, limit, trailing empties), replace,
// replaceAll with groups, substring, indexOf/lastIndexOf, chars(), compareTo,
// equalsIgnoreCase, case conversion, trim/strip/isBlank/repeat/lines, startsWith,
// contains, matches, intern and ==, String.valueOf(char[]), toCharArray, hashCode.
import java.util.*;
import java.util.stream.*;

public class StringMethods {
    public static void main(String[] args) {
        System.out.println(String.join(", ", "a", "b", "c") + " | " + String.join("-", List.of("x", "y")));
        String csv = "a,b,,c,,";
        System.out.println(Arrays.toString(csv.split(",")) + " " + csv.split(",").length);
        System.out.println(Arrays.toString(csv.split(",", -1)) + " " + Arrays.toString(csv.split(",", 2)));
        System.out.println(Arrays.toString("one  two\tthree".split("\\s+")));
        System.out.println(Arrays.toString("a1b22c333d".split("\\d+")));
        System.out.println(Arrays.toString("".split(",")) + " " + "".split(",").length);
        System.out.println(Arrays.toString("a.b.c".split("\\.")) + " " + Arrays.toString("abc".split("")));
        System.out.println("replace " + "banana".replace('a', 'o') + " " + "banana".replace("an", "AN"));
        System.out.println("replaceAll " + "2024-01-15".replaceAll("(\\d+)-(\\d+)-(\\d+)", "$3/$2/$1") + " " + "a  b   c".replaceAll(" +", " "));
        System.out.println("replaceFirst " + "aaa".replaceFirst("a", "b"));
        String s = "Hello, World";
        System.out.println("substring " + s.substring(7) + " " + s.substring(0, 5) + " [" + s.substring(5, 5) + "]");
        System.out.println("indexOf " + s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf("World") + " " + s.indexOf("xyz") + " " + s.lastIndexOf('o') + " " + s.lastIndexOf("l", 5));
        System.out.println("chars " + s.chars().filter(Character::isUpperCase).count() + " " + s.chars().map(Character::toUpperCase).mapToObj(c -> String.valueOf((char) c)).collect(Collectors.joining()));
        System.out.println("compareTo " + "apple".compareTo("banana") + " " + "b".compareTo("a") + " " + "abc".compareTo("ab") + " " + "A".compareTo("a") + " " + "same".compareTo("same"));
        System.out.println("compareToIgnoreCase " + "ABC".compareToIgnoreCase("abd"));
        System.out.println("equalsIgnoreCase " + "HeLLo".equalsIgnoreCase("hello") + " " + "a".equalsIgnoreCase(null));
        System.out.println("case " + s.toUpperCase() + " " + s.toLowerCase());
        String padded = "  \t padded \n ";
        System.out.println("trim [" + padded.trim() + "] strip [" + padded.strip() + "] stripLeading [" + padded.stripLeading().replace("\n", "\\n") + "] stripTrailing [" + padded.stripTrailing() + "]");
        System.out.println("isBlank " + "   ".isBlank() + " " + "".isEmpty() + " " + " x ".isBlank());
        System.out.println("repeat " + "ab".repeat(3) + " [" + "x".repeat(0) + "]");
        System.out.println("lines " + "l1\nl2\r\nl3\n".lines().collect(Collectors.toList()) + " count " + "a\n\nb".lines().count());
        System.out.println("startsWith " + s.startsWith("Hell") + " " + s.startsWith("World", 7) + " endsWith " + s.endsWith("ld"));
        System.out.println("contains " + s.contains(", ") + " matches " + "abc123".matches("[a-z]+\\d+") + " " + "abc".matches("b"));
        String a1 = "inter" + "ned";
        String a2 = new StringBuilder("inter").append("ned").toString();
        System.out.println("intern: " + (a1 == "interned") + " " + (a2 == "interned") + " " + (a2.intern() == "interned"));
        char[] cs = {'d', 'a', 't', 'a'};
        String fromChars = String.valueOf(cs);
        cs[0] = 'X';
        System.out.println("valueOf(char[]) " + fromChars + " copyValueOf " + String.copyValueOf(cs, 1, 2) + " new String " + new String(cs, 0, 2));
        System.out.println("toCharArray " + Arrays.toString("hey".toCharArray()));
        System.out.println("hashCode " + "".hashCode() + " " + "a".hashCode() + " " + s.hashCode() + " " + "polygenelubricants".hashCode());
        System.out.println("charAt " + s.charAt(4) + " codePointAt " + s.codePointAt(0));
        System.out.println("valueOf variants " + String.valueOf(1) + String.valueOf(2.5) + String.valueOf((Object) null));
        System.out.println("concat/isEmpty " + "".concat("x").isEmpty());
        System.out.println("chained " + "  Mixed Case Words  ".strip().toLowerCase().replace(' ', '_'));
        System.out.println("regionMatches " + "Hello".regionMatches(true, 1, "XELLX", 1, 3));
        System.out.println("indent/translateEscapes " + "x\\ty".translateEscapes().length() + " " + "a\nb".indent(2).replace("\n", "|"));
        System.out.println("done");
    }
}
