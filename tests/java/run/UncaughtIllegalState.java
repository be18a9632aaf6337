// Exercises main throwing an uncaught IllegalStateException("bad state") after producing output;
// finally blocks on the way out still run.
// Expected: exit status 1, stderr first line
//   Exception in thread "main" java.lang.IllegalStateException: bad state
public class UncaughtIllegalState {
    static int step = 0;

    static void check(boolean ok) {
        step++;
        System.out.println("check " + step + " ok=" + ok);
        if (!ok) throw new IllegalStateException("bad state");
    }

    public static void main(String[] args) {
        try {
            check(true);
            check(1 + 1 == 2);
            check("a".isEmpty());
            check(true);
        } finally {
            System.out.println("finally runs, step=" + step);
        }
        System.out.println("not reached");
    }
}
