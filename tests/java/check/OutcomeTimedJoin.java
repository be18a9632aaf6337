// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 timedout=false | x=0 timedout=true | x=1 timedout=false | x=1 timedout=true
//
// A join with a timeout can run out while t is still alive, also after t's last action:
// t may be held off for a second between its write and its end as well as before its
// write ("x=1 timedout=true").
public class OutcomeTimedJoin {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        long start = System.currentTimeMillis();
        t.join(1000);
        boolean timedOut = System.currentTimeMillis() - start >= 1000;
        System.out.println("OUTCOME: x=" + r + " timedout=" + timedOut);
    }
}
