// rpf-expect: assertion
// rpf-race: no (single-threaded)
//
// What `Runtime.freeMemory()` reports must follow from the state. `branch()` chooses whether
// to allocate a thousand arrays it drops at once; after it returns, the two paths differ
// only in that garbage, and the choice that follows stores a state for each. On the path
// that allocated nothing free memory has not dropped, so the assertion fails there (as it
// does on the JVM). A checker that counted garbage in free memory would let the state of
// the path explored first (which allocated) stand for the other, match it, and report
// nothing. Under the checker free memory counts what is reachable, as if a collection had
// just run: both paths see no drop, and the failure is found.
import gov.nasa.jpf.vm.Verify;

public class FreeMemoryByEitherBranch {
    static void branch() {
        if (!Verify.getBoolean()) {
            for (int i = 0; i < 1000; i++) {
                byte[] garbage = new byte[16];
            }
        }
    }

    public static void main(String[] args) {
        long before = Runtime.getRuntime().freeMemory();
        branch();
        Verify.getBoolean();
        long drop = before - Runtime.getRuntime().freeMemory();
        assert drop >= 64 * 1000 : "free memory dropped by " + drop;
    }
}
