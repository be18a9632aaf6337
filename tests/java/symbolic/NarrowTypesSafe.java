// rpf-expect: none
// rpf-paths: 2
//
// nondetByte/Short/Char return values of their own type, so after widening to int they stay
// in -128..127, -32768..32767 and 0..65535 (char is unsigned: i2c zero-extends). A tool that
// models them as unconstrained ints would report false alarms here. Narrowing a negative
// short to char keeps its 16 bits, giving 0x8000..0xFFFF.
// Paths (no range assert can fail, so only s < 0 forks):
//   1. s < 0,  (char) s >= 0x8000 holds        -> ends normally
//   2. s >= 0                                  -> ends normally
import org.sosy_lab.sv_benchmarks.Verifier;

public class NarrowTypesSafe {
    public static void main(String[] args) {
        byte b = Verifier.nondetByte();
        short s = Verifier.nondetShort();
        char c = Verifier.nondetChar();
        int i = b;
        assert i >= -128 && i <= 127;
        assert s >= Short.MIN_VALUE && s <= Short.MAX_VALUE;
        assert c >= 0 && c <= 0xFFFF;
        if (s < 0) {
            assert (char) s >= 0x8000;
        }
    }
}
