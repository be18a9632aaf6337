// rpf-expect: none
// rpf-race: no (count is incremented only in the static synchronized increment(); main reads after join)
//
// LostUpdate with the increment inside a static synchronized method: the read and the write
// of count happen while holding the class monitor, so the two increments are serialized in
// either order (0 -> 1 -> 2). join() makes both writes visible to main, so
// `assert count == 2` holds on every interleaving, and there is only one lock -> no deadlock.
public class LostUpdateSynchronized {
    static int count;

    static synchronized void increment() {
        count++;
    }

    static class Incrementer extends Thread {
        @Override
        public void run() {
            increment();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "lost update: count = " + count;
        System.out.println("count = " + count);
    }
}
