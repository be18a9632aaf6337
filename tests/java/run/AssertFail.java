// Exercises a failing assert statement (run with -ea): passing asserts first, then a
// failing one with a message expression.
// Expected: exit status 1, stderr first line
//   Exception in thread "main" java.lang.AssertionError: balance must be non-negative but was -5
public class AssertFail {
    static int withdraw(int balance, int amount) {
        int result = balance - amount;
        assert result >= 0 : "balance must be non-negative but was " + result;
        return result;
    }

    public static void main(String[] args) {
        int b = 20;
        b = withdraw(b, 10);
        System.out.println("balance " + b);
        b = withdraw(b, 10);
        System.out.println("balance " + b);
        b = withdraw(b + 5, 10);
        System.out.println("not reached " + b);
    }
}
