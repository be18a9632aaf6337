// Exercises writing to System.err deliberately: stdout and stderr are separate streams;
// only the first stderr line is compared. Also System.err.printf/flush/print.
// Exits normally.
// Expected: exit status 0, stderr first line
//   warning: this is the first stderr line
public class StderrOutput {
    public static void main(String[] args) {
        System.out.println("stdout line 1");
        System.err.println("warning: this is the first stderr line");
        System.out.println("stdout line 2");
        System.err.printf("second stderr line %d%n", 2);
        System.err.flush();
        int sum = 0;
        for (int i = 0; i < 10; i++) sum += i;
        System.out.println("sum " + sum);
        System.err.print("stderr without newline");
        System.out.println("done");
    }
}
