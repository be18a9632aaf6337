// rpf-expect: none
// rpf-race: no (nothing is shared but the Thread object)
// rpf-outcomes: a1=true a2=true | a1=false a2=false
//
// The JVM ends a thread holding its Thread object's monitor (it notifies the joiners), so
// while main holds that monitor, t cannot end: main sees t alive twice or ended twice,
// never alive and then ended.
public class OutcomeEndHoldsMonitor {
    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {});
        t.start();
        boolean a1;
        boolean a2;
        synchronized (t) {
            a1 = t.isAlive();
            Thread.yield();
            a2 = t.isAlive();
        }
        t.join();
        System.out.println("OUTCOME: a1=" + a1 + " a2=" + a2);
    }
}
