// Parameters of every integral type, one concrete (con): check(l, s, c, f, k) with
// +symbolic.method=Mixed.check(sym#sym#sym#sym#con). k is 7 as main passes it. Paths:
//   f true and l > k (long compare)  -> returns 1
//   otherwise c > 'z' -> returns 2, else s < 0 -> returns 3, else returns s + c
// f false: 3 paths; f true: l > 7 (1 path) or l <= 7 (3 paths): 7 in all.
public class Mixed {
    public static void main(String[] args) {
        int r = new Mixed().check(0L, (short) 0, 'a', false, 7);
        if (r == -1) {
            throw new AssertionError("never");
        }
    }

    int check(long l, short s, char c, boolean f, int k) {
        if (f && l > k) {
            return 1;
        }
        if (c > 'z') {
            return 2;
        }
        if (s < 0) {
            return 3;
        }
        return s + c;
    }
}
