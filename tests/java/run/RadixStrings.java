// Exercises Integer/Long radix conversions: toHexString, toBinaryString, toOctalString,
// toString(x, radix), unsigned variants, and Character.forDigit/digit.
public class RadixStrings {
    public static void main(String[] args) {
        int[] is = {0, 1, 255, -1, -255, Integer.MAX_VALUE, Integer.MIN_VALUE, 0xCAFEBABE, 1000000};
        for (int i : is) {
            System.out.println(i + ": hex=" + Integer.toHexString(i) + " bin=" + Integer.toBinaryString(i)
                    + " oct=" + Integer.toOctalString(i) + " r36=" + Integer.toString(i, 36) + " r7=" + Integer.toString(i, 7));
        }
        long[] ls = {0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 0xDEADBEEFCAFEL, 1234567890123456789L};
        for (long l : ls) {
            System.out.println(l + "L: hex=" + Long.toHexString(l) + " oct=" + Long.toOctalString(l)
                    + " r2=" + Long.toString(l, 2) + " r36=" + Long.toString(l, 36) + " r16=" + Long.toString(l, 16));
        }
        System.out.println("binary long -1: " + Long.toBinaryString(-1L));
        System.out.println("radix out of range -> 10: " + Integer.toString(255, 99) + " " + Long.toString(255L, 1));
        System.out.println("unsigned radix: " + Integer.toUnsignedString(-16, 16) + " " + Long.toUnsignedString(-16L, 2));
        for (int d = 0; d < 36; d += 5) System.out.print(Character.forDigit(d, 36));
        System.out.println();
        System.out.println("digit('f',16)=" + Character.digit('f', 16) + " digit('z',36)=" + Character.digit('z', 36) + " digit('9',8)=" + Character.digit('9', 8));
        System.out.println("hex upper: " + Integer.toHexString(48879).toUpperCase());
        System.out.println("Integer.toString(-0) = " + Integer.toString(-0));
        System.out.println("done");
    }
}
