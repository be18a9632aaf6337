// Exercises an uncaught ArithmeticException terminating main.
// Expected: exit status 1, stderr first line
//   Exception in thread "main" java.lang.ArithmeticException: / by zero
public class DivByZeroUncaught {
    static int divide(int a, int b) { return a / b; }

    public static void main(String[] args) {
        System.out.println("before: " + divide(10, 2));
        int[] ds = {5, 1, 0, 3};
        for (int d : ds) {
            System.out.println("100/" + d + " = " + divide(100, d));
        }
        System.out.println("not reached");
    }
}
