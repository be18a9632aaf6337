// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 woken=true | x=0 woken=false | x=1 woken=true | x=1 woken=false
//
// A thread's end notifies the waiters on its Thread object. Main waits on t for at most a
// second: t's end wakes it early (woken=true) unless t ended before main began waiting,
// which main cannot tell from x, since t's end comes after its write.
public class OutcomeWaitOnThread {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        long start = System.currentTimeMillis();
        synchronized (t) {
            t.wait(1000);
        }
        boolean woken = System.currentTimeMillis() - start < 1000;
        System.out.println("OUTCOME: x=" + r + " woken=" + woken);
    }
}
