// rpf-expect: none
// rpf-race: no (count is incremented only inside synchronized (lock); main reads after join)
// rpf-outcomes: count=4
//
// OutcomeUnsyncCount with each `count++` inside `synchronized (lock)`: the read and write of
// every increment happen under the same monitor, so the 4 increments are executed one at a
// time in some order, each adding exactly 1: 0 -> 1 -> 2 -> 3 -> 4. join() makes the final
// value visible to main, so the only outcome is count=4.
public class OutcomeSyncCount {
    static final Object lock = new Object();
    static int count;

    static class Incrementer extends Thread {
        @Override
        public void run() {
            for (int i = 0; i < 2; i++) {
                synchronized (lock) {
                    count++;
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: count=" + count);
    }
}
