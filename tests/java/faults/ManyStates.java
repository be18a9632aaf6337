import gov.nasa.jpf.vm.Verify;

// Forty choices of ten values each: 10^40 paths, more than any search finishes, and no
// violation on any of them. The interruption tests stop it at random moments.
public class ManyStates {
    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 40; i++) {
            sum = sum * 31 + Verify.getInt(0, 9);
        }
        System.out.println(sum);
    }
}
