// rpf-expect: assertion
// rpf-race: no (items and consumed are accessed only inside synchronized (lock) by the workers and by main after the joins)
//
// Two consumers take one item each from a shared counter `items`; one producer adds two
// items, calling notifyAll() after each. The consumers guard wait() with `if` instead of
// `while`, so after waking up they do not re-check the condition.
// Failing schedule: C1 and C2 both find items == 0 and wait; the producer adds item 1 and
// calls notifyAll (both consumers become runnable, competing for the lock) and releases the
// lock; C1 re-acquires it first, takes the item (items = 0); then C2 re-acquires the lock
// before the producer's second round, returns from wait() and - not re-checking - hits
// `assert items > 0` with items == 0 -> AssertionError in C2 (uncaught -> "assertion").
// (Barging works too: C1 waits, the producer adds one item, C2 arrives and takes it without
// waiting, then C1 wakes up to an empty buffer.)
// The producer is started first (so plain java runs usually produce both items before the
// consumers arrive), but any thread may run first under the model checker.
// With the `while` loop (WhileAroundWait) this cannot happen.
public class IfInsteadOfWhile {
    static final Object lock = new Object();
    static int items;
    static int consumed;

    static class Consumer extends Thread {
        @Override
        public void run() {
            synchronized (lock) {
                if (items == 0) {
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
        System.out.println("consumed " + consumed + ", left " + items);
    }
}
