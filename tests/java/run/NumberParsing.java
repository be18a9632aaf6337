// Exercises number parsing: Integer.parseInt with signs and radix, Long.parseLong,
// Double.parseDouble of various forms, Boolean.parseBoolean, decode, and the exact
// NumberFormatException messages for bad input.
public class NumberParsing {
    static void tryInt(String s) {
        try {
            System.out.println("parseInt(" + s + ") = " + Integer.parseInt(s));
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        }
    }

    static void tryIntRadix(String s, int r) {
        try {
            System.out.println("parseInt(" + s + "," + r + ") = " + Integer.parseInt(s, r));
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        }
    }

    static void tryLong(String s) {
        try {
            System.out.println("parseLong(" + s + ") = " + Long.parseLong(s));
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        }
    }

    static void tryDouble(String s) {
        try {
            System.out.println("parseDouble(" + s + ") = " + Double.parseDouble(s));
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        } catch (NullPointerException e) {
            System.out.println("NPE for null");
        }
    }

    public static void main(String[] args) {
        String[] ints = {"0", "42", "-42", "+42", "007", "2147483647", "-2147483648", "2147483648", "", "abc", "12a", " 1", "-", "+", "1_000"};
        for (String s : ints) tryInt(s);
        tryInt(null);
        tryIntRadix("ff", 16);
        tryIntRadix("-FF", 16);
        tryIntRadix("1010", 2);
        tryIntRadix("zz", 36);
        tryIntRadix("777", 8);
        tryIntRadix("8", 8);
        tryIntRadix("1", 40);
        tryLong("9223372036854775807");
        tryLong("-9223372036854775808");
        tryLong("9223372036854775808");
        tryLong("12L");
        String[] dbls = {"1.5", "-0", "1e10", "1E-3", ".5", "5.", "  3.25  ", "NaN", "-Infinity", "0x1p3", "1d", "2.5f", "1e400", "1e-400", "abc", ""};
        for (String s : dbls) tryDouble(s);
        tryDouble(null);
        System.out.println("Boolean: " + Boolean.parseBoolean("TRUE") + " " + Boolean.parseBoolean("yes") + " " + Boolean.parseBoolean(null));
        System.out.println("decode: " + Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " " + Long.decode("0X7fffffffffffffff"));
        System.out.println("valueOf: " + Integer.valueOf("123") + " " + Short.parseShort("-300") + " " + Byte.parseByte("7f", 16));
        try {
            Byte.parseByte("200");
        } catch (NumberFormatException e) {
            System.out.println("NFE: " + e.getMessage());
        }
        System.out.println("parseUnsignedInt: " + Integer.parseUnsignedInt("4294967295"));
        System.out.println("Float.parseFloat: " + Float.parseFloat("3.4028235e38") + " " + Float.parseFloat("1e-46"));
        System.out.println("done");
    }
}
