// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: v=0 | v=3 | v=6 | v=9 | v=12 | v=15
//
// Verify.getBitFlip(5, 2, 4) flips exactly two of the low four bits of 0b0101, each pair of
// positions once: {0,1} -> 0b0110 = 6, {0,2} -> 0b0000 = 0, {0,3} -> 0b1100 = 12,
// {1,2} -> 0b0011 = 3, {1,3} -> 0b1111 = 15, {2,3} -> 0b1001 = 9; no other value has exactly
// two of those bits different from 5. The byte flip of -128 changes exactly one of its eight
// bits on each of its eight paths (asserted; it adds no outcomes).
import gov.nasa.jpf.vm.Verify;

public class OutcomeBitFlip {
    public static void main(String[] args) {
        long v = Verify.getBitFlip(5L, 2, 4);
        byte b = Verify.getBitFlip((byte) -128, 1);
        assert Integer.bitCount((b ^ -128) & 0xff) == 1 : "b=" + b;
        System.out.println("OUTCOME: v=" + v);
    }
}
