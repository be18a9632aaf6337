// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 intr=false | x=0 intr=true | x=1 intr=false | x=1 intr=true
//
// ThreadGroup.interrupt() reaches the threads still in the group, and a thread leaves its
// group when it exits, after its last action: main can see t's write and still interrupt
// it ("x=1 intr=true"), or interrupt it too late having seen nothing ("x=0 intr=false").
public class OutcomeGroupInterrupt {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        ThreadGroup g = new ThreadGroup("g");
        Thread t = new Thread(g, () -> x = 1);
        t.start();
        int r = x;
        g.interrupt();
        t.join();
        System.out.println("OUTCOME: x=" + r + " intr=" + t.isInterrupted());
    }
}
