// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// The intern table is part of the state. `maybe()` chooses whether the literal "ab" is
// loaded (and so interned) before main interns its own run-time "ab". After `maybe()`
// returns, the two paths hold the same objects and frames; they differ only in which object
// the table holds for "ab" (the literal, now unreachable, or none), and the choice that
// follows stores a state for each. On the path that loaded the literal, `x.intern()` returns
// the literal and x is not the interned string: the assertion fails. A checker that matched
// the two states would cut that path off as visited and report nothing.
import gov.nasa.jpf.vm.Verify;

public class InternedByEitherBranch {
    static void maybe() {
        if (Verify.getBoolean()) {
            "ab".length();
        }
    }

    public static void main(String[] args) {
        String x = new StringBuilder("a").append('b').toString();
        maybe();
        Verify.getBoolean();
        x.intern();
        assert x == "ab" : "the literal was interned first";
    }
}
