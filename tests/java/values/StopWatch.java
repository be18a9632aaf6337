// One timed section: under the checker's virtual clock no time passes, so the
// "took too long" branch is only reached when rpf.StopWatchFuzzer explores it.
public class StopWatch {
    static int work(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += i;
        }
        return sum;
    }

    public static void main(String[] args) {
        long tStart = System.currentTimeMillis();
        int result = work(5);
        long tEnd = System.currentTimeMillis();
        if (tEnd - tStart > 1000) {
            throw new RuntimeException("took too long");
        }
        System.out.println("OUTCOME: in time " + result);
    }
}
