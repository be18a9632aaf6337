// Exercises Integer/Long bit utilities: bitCount, reverse, reverseBytes, highestOneBit,
// lowestOneBit, numberOfLeadingZeros, numberOfTrailingZeros, rotateLeft/rotateRight (with
// large/negative distances), signum, and manual bit tricks.
public class BitOps {
    public static void main(String[] args) {
        int[] is = {0, 1, -1, 6, 0x80000000, 0x7FFFFFFF, 0x12345678, 1 << 20, -256};
        for (int x : is) {
            System.out.println(Integer.toHexString(x) + ": bitCount " + Integer.bitCount(x) + " reverse " + Integer.toHexString(Integer.reverse(x))
                    + " reverseBytes " + Integer.toHexString(Integer.reverseBytes(x)) + " highest " + Integer.toHexString(Integer.highestOneBit(x))
                    + " lowest " + Integer.toHexString(Integer.lowestOneBit(x)) + " nlz " + Integer.numberOfLeadingZeros(x) + " ntz " + Integer.numberOfTrailingZeros(x));
        }
        for (int d : new int[]{0, 4, 31, 32, 36, -4}) {
            System.out.println("rotate 0x12345678 by " + d + ": left " + Integer.toHexString(Integer.rotateLeft(0x12345678, d)) + " right " + Integer.toHexString(Integer.rotateRight(0x12345678, d)));
        }
        long[] ls = {0L, -1L, 1L << 63, 0x0123456789ABCDEFL, 1L << 40};
        for (long x : ls) {
            System.out.println(Long.toHexString(x) + ": bitCount " + Long.bitCount(x) + " reverse " + Long.toHexString(Long.reverse(x))
                    + " reverseBytes " + Long.toHexString(Long.reverseBytes(x)) + " highest " + Long.toHexString(Long.highestOneBit(x))
                    + " lowest " + Long.toHexString(Long.lowestOneBit(x)) + " nlz " + Long.numberOfLeadingZeros(x) + " ntz " + Long.numberOfTrailingZeros(x)
                    + " rotl13 " + Long.toHexString(Long.rotateLeft(x, 13)) + " rotr70 " + Long.toHexString(Long.rotateRight(x, 70)));
        }
        System.out.println("signum " + Integer.signum(-5) + Integer.signum(0) + Integer.signum(9) + " " + Long.signum(Long.MIN_VALUE));
        System.out.println("Short.reverseBytes " + Short.reverseBytes((short) 0x1234) + " Character.reverseBytes " + (int) Character.reverseBytes('\u1234'));
        int v = 0b1011_0110;
        System.out.println("binary literal " + v + " isolate lowest " + (v & -v) + " clear lowest " + (v & (v - 1)) + " power of two? " + ((64 & 63) == 0));
        int mask = 0;
        for (int bit : new int[]{1, 3, 5, 30}) mask |= 1 << bit;
        System.out.println("mask " + Integer.toBinaryString(mask) + " test bit 3 " + ((mask >> 3) & 1) + " test bit 4 " + ((mask >> 4) & 1));
        int pop = 0;
        for (int x = 0xF0F0; x != 0; x &= x - 1) pop++;
        System.out.println("kernighan popcount " + pop);
        long gray = 0;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            gray = i ^ (i >> 1);
            sb.append(Long.toBinaryString(gray)).append(' ');
        }
        System.out.println("gray codes " + sb.toString().trim());
        System.out.println("xor swap: " + xorSwap(17, 42));
        System.out.println("compress " + Integer.toHexString(Integer.highestOneBit(1000) << 1) + " log2(1000) " + (31 - Integer.numberOfLeadingZeros(1000)));
        System.out.println("done");
    }

    static String xorSwap(int a, int b) {
        a ^= b;
        b ^= a;
        a ^= b;
        return a + "," + b;
    }
}
