/** Counts forever without a scheduling point: no transition ends by itself. */
public class EndlessLoop {
    public static void main(String[] args) {
        long n = 0;
        while (true) {
            n++;
            if (n == Long.MIN_VALUE) {
                System.out.println(n);
            }
        }
    }
}
