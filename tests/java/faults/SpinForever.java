// One transition that outlasts any test: a loop without shared accesses or calls (the
// generator reaches 0 only after up to 2^64 steps).
public class SpinForever {
    public static void main(String[] args) {
        long x = 1;
        while (x != 0) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if (x == 42) {
                x = 1;
            }
        }
        System.out.println(x);
    }
}
