// Exercises switch forms: classic switch with fallthrough and default in the middle,
// switch on strings (including hash-colliding "Aa"/"BB"), switch on char, switch
// expressions with -> and yield, multiple case labels, var, and pattern instanceof.
import java.util.*;

public class SwitchPatterns {
    static String classic(int n) {
        StringBuilder sb = new StringBuilder();
        switch (n) {
            case 1:
                sb.append("one ");
            case 2:
                sb.append("two ");
                break;
            default:
                sb.append("default ");
            case 3:
                sb.append("three ");
            case 4:
                sb.append("four ");
                break;
            case 100:
                sb.append("hundred ");
        }
        return sb.toString().trim();
    }

    static int strSwitch(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "AaAa": return 3;
            case "BBBB": return 4;
            case "AaBB": return 5;
            case "": return 6;
            default: return -1;
        }
    }

    static String charKind(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
            case ' ': return "space";
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': return "digit";
            default: return Character.isLetter(c) ? "consonant" : "other";
        }
    }

    static String expr(Object o) {
        if (o instanceof Integer i && i > 10) return "big int " + i;
        if (o instanceof Integer i) return "int " + i;
        if (o instanceof String s) return "string of " + s.length();
        if (!(o instanceof Double d)) return "unknown";
        return "double " + (d * 2);
    }

    static int daysIn(int month, boolean leap) {
        return switch (month) {
            case 4, 6, 9, 11 -> 30;
            case 2 -> {
                if (leap) yield 29;
                yield 28;
            }
            default -> {
                if (month < 1 || month > 12) throw new IllegalArgumentException("bad month " + month);
                yield 31;
            }
        };
    }

    static String sparse(int v) {
        return switch (v) {
            case -1000000 -> "min";
            case 0 -> "zero";
            case 7 -> "seven";
            case 1 << 20 -> "2^20";
            case Integer.MAX_VALUE -> "max";
            default -> "other(" + v + ")";
        };
    }

    public static void main(String[] args) {
        for (int n : new int[]{1, 2, 3, 4, 5, 100}) System.out.println("classic(" + n + ") = " + classic(n));
        System.out.println("hash Aa=" + "Aa".hashCode() + " BB=" + "BB".hashCode() + " AaAa=" + "AaAa".hashCode() + " BBBB=" + "BBBB".hashCode());
        for (String s : new String[]{"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "", "aa"}) System.out.print(s + "->" + strSwitch(s) + " ");
        System.out.println();
        StringBuilder kinds = new StringBuilder();
        for (char c : "hi 2u!".toCharArray()) kinds.append(charKind(c)).append(',');
        System.out.println(kinds);
        for (Object o : new Object[]{5, 50, "hey", 1.5, 'c'}) System.out.println(expr(o));
        int total = 0;
        for (int m = 1; m <= 12; m++) total += daysIn(m, false);
        System.out.println("days in year " + total + " leap feb " + daysIn(2, true));
        try {
            daysIn(13, false);
        } catch (IllegalArgumentException e) {
            System.out.println("caught " + e.getMessage());
        }
        for (int v : new int[]{-1000000, 0, 7, 1 << 20, Integer.MAX_VALUE, 8}) System.out.print(sparse(v) + " ");
        System.out.println();
        var list = new ArrayList<String>();
        list.add("var works");
        var count = 10L;
        var ratio = count / 4.0;
        for (var s : list) System.out.println(s + " " + count + " " + ratio);
        String day = "TUE";
        var type = switch (day) {
            case "SAT", "SUN" -> "weekend";
            case "MON", "TUE", "WED", "THU", "FRI" -> "weekday";
            default -> "unknown";
        };
        System.out.println(day + " is " + type);
        char grade = 'B';
        int points = switch (grade) { case 'A' -> 4; case 'B' -> 3; case 'C' -> 2; default -> 0; };
        System.out.println("points " + points);
        String result = switch (points) {
            case 4:
                yield "excellent";
            case 3:
            case 2:
                yield "ok";
            default:
                yield "fail";
        };
        System.out.println("old-style yield " + result);
        System.out.println("done");
    }
}
