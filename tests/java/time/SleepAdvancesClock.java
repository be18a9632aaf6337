// Sleeping a second moves both clocks by at least a second.
public class SleepAdvancesClock {
    public static void main(String[] args) throws InterruptedException {
        long nanos = System.nanoTime();
        long millis = System.currentTimeMillis();
        Thread.sleep(1000);
        long slept = System.nanoTime() - nanos;
        long sleptMillis = System.currentTimeMillis() - millis;
        assert slept >= 1_000_000_000L : "nanoTime advanced by " + slept;
        assert sleptMillis >= 1000 : "currentTimeMillis advanced by " + sleptMillis;
        System.out.println("slept at least a second");
    }
}
