// Exercises System.exit(3) in the middle of the program: output printed before must appear,
// code after (including finally blocks and later statements) must not run.
// Expected: exit status 3, no stderr output.
public class SystemExitMiddle {
    static void work(int i) {
        System.out.println("working " + i);
        if (i == 3) {
            System.out.print("exiting now without newline... ");
            System.out.println("bye");
            System.exit(3);
        }
    }

    public static void main(String[] args) {
        try {
            for (int i = 0; i < 10; i++) work(i);
        } finally {
            System.out.println("finally must NOT run after System.exit");
        }
        System.out.println("not reached");
    }
}
