// rpf-expect: deadlock
// rpf-race: no (Buffer value/count/sum are accessed only in synchronized put/take; main reads sum after the joins)
//
// Bounded buffer of capacity 1 shared by 2 producers (one put each) and 2 consumers (one
// take each), using notify() instead of notifyAll(). A single notify can wake a thread of
// the wrong kind, which re-checks its condition and goes back to waiting, so the wake-up is
// wasted. Deadlocking schedule (it works both if notify wakes the longest waiter and if it
// wakes an arbitrary waiter):
//   C1: count == 0 -> wait.              waiters {C1}
//   C2: count == 0 -> wait.              waiters {C1, C2}
//   P1: put (count = 1), notify wakes C1 (C1 now competes for the lock); P1 done.
//   P2: gets the lock before C1: count == 1 -> wait.       waiters {C2, P2}
//   C1: re-acquires, count = 0, notify wakes C2 (the longest waiter); C1 done.
//   C2: count == 0 -> wait again.        waiters {P2, C2}
// Nobody is left to notify: P2 (with an item to put) and C2 (needing one) wait forever and
// main is blocked in join -> deadlock. With notifyAll (NotifyAllBoundedBuffer) P2 would be
// woken too. The producers are started first, so plain java runs rarely interleave this way
// (the model checker still lets the consumers run before any producer).
public class NotifyBoundedBuffer {
    static final int CAPACITY = 1;

    // Capacity-1 buffer: `count` is 0 or 1, `value` holds the item while count == 1.
    static class Buffer {
        private int value;
        private int count;
        int sum;

        synchronized void put(int v) throws InterruptedException {
            while (count == CAPACITY) {
                wait();
            }
            value = v;
            count++;
            notify();
        }

        synchronized void take() throws InterruptedException {
            while (count == 0) {
                wait();
            }
            sum += value;
            count--;
            notify();
        }
    }

    static final Buffer buffer = new Buffer();

    static class Producer extends Thread {
        final int value;

        Producer(int value) {
            this.value = value;
        }

        @Override
        public void run() {
            try {
                buffer.put(value);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    static class Consumer extends Thread {
        @Override
        public void run() {
            try {
                buffer.take();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] threads = {new Producer(1), new Producer(2), new Consumer(), new Consumer()};
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("sum = " + buffer.sum);
    }
}
