// Exercises an uncaught exception that has a cause chain; the first stderr line reports only
// the top-level exception (the "Caused by:" lines come later).
// Expected: exit status 1, stderr first line
//   Exception in thread "main" java.lang.RuntimeException: service failed
public class UncaughtWithCause {
    static void lowLevel() throws java.io.IOException {
        throw new java.io.IOException("disk unavailable");
    }

    static void service() {
        try {
            lowLevel();
        } catch (java.io.IOException e) {
            System.out.println("service caught: " + e.getMessage());
            throw new RuntimeException("service failed", e);
        }
    }

    public static void main(String[] args) {
        System.out.println("calling service");
        service();
        System.out.println("not reached");
    }
}
