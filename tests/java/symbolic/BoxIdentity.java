// rpf-expect: assertion
// rpf-paths: 5
// rpf-witness: 1000
//
// Autoboxing keeps a symbolic value: Integer.valueOf(x) gives the cached box of x for
// -128 <= x <= 127 and a new box otherwise, so two boxings of x are the same object exactly
// inside the cache, and the cached box of 5 is a's exactly when x == 5. Unboxing and
// equals() see x itself. Paths:
//   1. -128 <= x <= 127, x == 5: a == b, a == five             -> ends normally
//   1'. -128 <= x <= 127, x != 5: a == b, a != five            -> ends normally
//   2. x < -128: the class library's range check fails low; a != b, x < 1000 -> ends normally
//   3. 127 < x < 1000: fails high; a != b, x < 1000            -> ends normally
//   4. x >= 1000: a != b and x < 1000 fails                    -> AssertionError
import org.sosy_lab.sv_benchmarks.Verifier;

public class BoxIdentity {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Integer a = x;
        Integer b = x;
        assert a.intValue() == x;
        assert a.equals(b);
        Integer five = 5;
        if (a == b) {
            assert x <= 127;
            if (a == five) {
                assert x == 5;
            }
        } else {
            assert x < 1000;
        }
    }
}
