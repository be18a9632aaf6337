// rpf.NumericValueChecker: someVariable is checked to stay within [0, 42]
// (range.1.var = NumericValueCheck.main(java.lang.String[]):someVariable); it reaches 43.
public class NumericValueCheck {
    static int next(int v) {
        return v + 1;
    }

    public static void main(String[] args) {
        int someVariable = 0;
        int limit = args.length == 0 ? 43 : 0;
        while (someVariable < limit) {
            someVariable = next(someVariable);
        }
        System.out.println("OUTCOME: " + someVariable);
    }
}
