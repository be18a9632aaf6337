// rpf-expect: none
// rpf-race: no (items and consumed are accessed only inside synchronized (lock) by the workers and by main after the joins)
//
// IfInsteadOfWhile with the condition re-checked in a `while` loop. A consumer leaves the
// loop only while holding the lock and having just seen items > 0, so the assert always
// holds. No deadlock: the producer never waits, it adds 2 items with notifyAll() after each;
// a consumer waits only after seeing items == 0 under the lock, and every later increment
// wakes all waiters. Two consumers need exactly the two produced items, so a consumer
// waiting with items == 0 always has a producer increment still to come (if both items had
// been added and items == 0, both items were consumed, i.e. both consumers are done).
// Final state on every path: consumed == 2, items == 0 (asserted after the joins).
public class WhileAroundWait {
    static final Object lock = new Object();
    static int items;
    static int consumed;

    static class Consumer extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                while (items == 0) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
                assert items > 0 : "woke up to an empty buffer";
                items--;
                consumed++;
            }
        }
    }

    static class Producer extends Thread {
        @Override
        public void run() {
            for (int i = 0; i < 2; i++) {
                synchronized (lock) {
                    items++;
                    lock.notifyAll();
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Consumer c1 = new Consumer();
        Consumer c2 = new Consumer();
        Producer p = new Producer();
        p.start();
        c1.start();
        c2.start();
        c1.join();
        c2.join();
        p.join();
        assert consumed == 2 && items == 0;
        System.out.println("consumed " + consumed + ", left " + items);
    }
}
