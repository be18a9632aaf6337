// Exercises try/catch/finally control flow: ordering of finally blocks, finally overriding
// return values and exceptions, return value captured before finally modifies a local,
// nested try, rethrow, break/continue through finally, exceptions in catch blocks.
public class TryFinallyOrder {
    static StringBuilder trace = new StringBuilder();

    @SuppressWarnings("finally")
    static int finallyOverridesReturn() {
        try {
            return 1;
        } finally {
            return 2;
        }
    }

    static int returnBeforeFinally() {
        int x = 10;
        try {
            return x;
        } finally {
            x = 20;
            trace.append("[finally x=").append(x).append("]");
        }
    }

    @SuppressWarnings("finally")
    static String finallySwallowsException() {
        try {
            throw new IllegalStateException("lost");
        } finally {
            return "swallowed";
        }
    }

    static void nested(int mode) {
        try {
            trace.append("outer-try ");
            try {
                trace.append("inner-try ");
                if (mode == 1) throw new IllegalArgumentException("m1");
                if (mode == 2) throw new UnsupportedOperationException("m2");
                trace.append("inner-end ");
            } catch (IllegalArgumentException e) {
                trace.append("inner-catch(" + e.getMessage() + ") ");
                throw new RuntimeException("wrapped", e);
            } finally {
                trace.append("inner-finally ");
            }
            trace.append("after-inner ");
        } catch (RuntimeException e) {
            trace.append("outer-catch(" + e.getMessage() + (e.getCause() != null ? "<-" + e.getCause().getMessage() : "") + ") ");
        } finally {
            trace.append("outer-finally");
        }
    }

    static int loopWithFinally() {
        int count = 0;
        for (int i = 0; i < 5; i++) {
            try {
                if (i == 1) continue;
                if (i == 3) break;
                count += 10;
            } finally {
                count++;
            }
        }
        return count;
    }

    static void rethrow() throws Exception {
        try {
            throw new java.io.IOException("io");
        } catch (Exception e) {
            trace.append("rethrowing ");
            throw e;
        }
    }

    static int depth(int n) {
        try {
            if (n == 0) throw new RuntimeException("bottom");
            return depth(n - 1) + 1;
        } finally {
            trace.append(n);
        }
    }

    public static void main(String[] args) {
        System.out.println("finallyOverridesReturn = " + finallyOverridesReturn());
        System.out.println("returnBeforeFinally = " + returnBeforeFinally() + " " + trace);
        System.out.println("finallySwallowsException = " + finallySwallowsException());
        for (int m = 0; m < 3; m++) {
            trace.setLength(0);
            nested(m);
            System.out.println("nested(" + m + "): " + trace);
        }
        System.out.println("loopWithFinally = " + loopWithFinally());
        trace.setLength(0);
        try {
            rethrow();
        } catch (Exception e) {
            System.out.println(trace + "caught " + e);
        }
        trace.setLength(0);
        try {
            depth(5);
        } catch (RuntimeException e) {
            System.out.println("unwound finally order " + trace + " msg " + e.getMessage());
        }
        try {
            try {
                throw new Error("first");
            } catch (Error e) {
                throw new RuntimeException("from catch");
            } finally {
                System.out.println("finally after catch threw");
            }
        } catch (RuntimeException e) {
            System.out.println("outer got " + e.getMessage());
        }
        String s = null;
        try {
            s = "assigned";
            Object o = null;
            o.hashCode();
        } catch (NullPointerException e) {
            System.out.println("s=" + s);
        } finally {
            s = s + "+finally";
        }
        System.out.println("s after " + s);
        System.out.println("done");
    }
}
