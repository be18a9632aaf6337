// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 n=2 | x=0 n=1 | x=1 n=2 | x=1 n=1
//
// As OutcomeEndAfterWrite, with Thread.activeCount(), which counts the threads of main's
// group: a thread leaves its group in its end, after its last action.
public class OutcomeCountAfterWrite {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        int n = Thread.activeCount();
        t.join();
        System.out.println("OUTCOME: x=" + r + " n=" + n);
    }
}
