// Exercises System.exit(0) called from inside a finally block while an exception is
// propagating: the exception is discarded, exit status is 0, nothing after runs, stderr empty.
// Expected: exit status 0.
public class SystemExitInFinally {
    static void fail() {
        throw new IllegalStateException("this exception is never reported");
    }

    public static void main(String[] args) {
        System.out.println("start");
        try {
            try {
                System.out.println("about to fail");
                fail();
            } finally {
                System.out.println("in finally, calling System.exit(0)");
                System.exit(0);
                System.out.println("not reached 1");
            }
        } catch (RuntimeException e) {
            System.out.println("not reached 2");
        }
        System.out.println("not reached 3");
    }
}
