// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 group=main | x=0 group=null | x=1 group=main | x=1 group=null
//
// As OutcomeEndAfterWrite, with getThreadGroup(), which is null once the thread has ended
// (its exit leaves the group): main can see t's write while t is still in its group.
public class OutcomeGroupAfterWrite {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        ThreadGroup g = t.getThreadGroup();
        t.join();
        System.out.println("OUTCOME: x=" + r + " group=" + (g == null ? "null" : g.getName()));
    }
}
