// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 RUNNABLE | x=0 TERMINATED | x=1 RUNNABLE | x=1 TERMINATED
//
// As OutcomeEndAfterWrite, with getState(): main can see t's write while t still runs.
public class OutcomeStateAfterWrite {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        Thread.State s = t.getState();
        t.join();
        System.out.println("OUTCOME: x=" + r + " " + s);
    }
}
