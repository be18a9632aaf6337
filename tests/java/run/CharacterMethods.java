// Exercises java.lang.Character: isDigit/isLetter/isLetterOrDigit/isWhitespace/isUpperCase/
// isLowerCase/isAlphabetic, toUpperCase/toLowerCase (char and code point), getNumericValue,
// digit/forDigit, Character.toChars/toString(int)/isSupplementaryCodePoint, getType,
// isJavaIdentifierStart/Part, MIN/MAX constants, and compare.
public class CharacterMethods {
    public static void main(String[] args) {
        char[] cs = {'a', 'Z', '5', ' ', '\t', '\n', '_', '$', '!', '\u00e9', '\u00c9', '\u03a9', '\u0660', '\u2163', '\u65e5', '\u00bd', '\u00df'};
        for (char c : cs) {
            System.out.println("U+" + String.format("%04X", (int) c) + " digit=" + Character.isDigit(c) + " letter=" + Character.isLetter(c)
                    + " letterOrDigit=" + Character.isLetterOrDigit(c) + " ws=" + Character.isWhitespace(c) + " upper=" + Character.isUpperCase(c)
                    + " lower=" + Character.isLowerCase(c) + " toUpper=U+" + String.format("%04X", (int) Character.toUpperCase(c))
                    + " toLower=U+" + String.format("%04X", (int) Character.toLowerCase(c)) + " numeric=" + Character.getNumericValue(c)
                    + " type=" + Character.getType(c) + " idStart=" + Character.isJavaIdentifierStart(c) + " idPart=" + Character.isJavaIdentifierPart(c));
        }
        System.out.println("getNumericValue a..z: " + Character.getNumericValue('a') + " " + Character.getNumericValue('z') + " " + Character.getNumericValue('Z'));
        System.out.println("digit " + Character.digit('7', 10) + " " + Character.digit('b', 16) + " " + Character.digit('g', 16) + " forDigit " + Character.forDigit(11, 16) + " " + (int) Character.forDigit(20, 10));
        int cp = 0x1F600;
        char[] pair = Character.toChars(cp);
        System.out.println("toChars " + Integer.toHexString(pair[0]) + " " + Integer.toHexString(pair[1]) + " supplementary " + Character.isSupplementaryCodePoint(cp) + " valid " + Character.isValidCodePoint(0x110000));
        System.out.println("toCodePoint " + Integer.toHexString(Character.toCodePoint(pair[0], pair[1])) + " toString " + Character.toString(cp).length() + " isLetter(cp) " + Character.isLetter(cp));
        System.out.println("Deseret upper/lower " + Integer.toHexString(Character.toLowerCase(0x10400)) + " " + Integer.toHexString(Character.toUpperCase(0x10428)));
        System.out.println("isAlphabetic " + Character.isAlphabetic('\u2163') + " isLetter " + Character.isLetter('\u2163'));
        System.out.println("MIN/MAX " + (int) Character.MIN_VALUE + " " + (int) Character.MAX_VALUE + " radix " + Character.MIN_RADIX + " " + Character.MAX_RADIX + " MAX_CODE_POINT " + Integer.toHexString(Character.MAX_CODE_POINT));
        System.out.println("compare " + Character.compare('a', 'b') + " " + Character.valueOf('x').compareTo('a'));
        System.out.println("isSpaceChar nbsp " + Character.isSpaceChar('\u00a0') + " isWhitespace nbsp " + Character.isWhitespace('\u00a0'));
        System.out.println("titlecase " + Character.isTitleCase('\u01c5') + " toTitleCase " + Integer.toHexString(Character.toTitleCase('\u01c6')));
        System.out.println("isISOControl " + Character.isISOControl('\u0007') + " isDefined " + Character.isDefined('\uffff'));
        StringBuilder sb = new StringBuilder();
        for (char c : "Hello World 123".toCharArray()) sb.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
        System.out.println("swapcase " + sb);
        System.out.println("unicode blocks " + Character.UnicodeBlock.of('\u03a9') + " " + Character.UnicodeBlock.of('a'));
        System.out.println("done");
    }
}
