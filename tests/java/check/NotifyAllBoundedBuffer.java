// rpf-expect: none
// rpf-race: no (Buffer value/count/sum are accessed only in synchronized put/take; main reads sum after joining all threads)
//
// NotifyBoundedBuffer with notifyAll(): capacity 1, 2 producers (one put each), 2 consumers
// (one take each). Every state change (count++ or count--) wakes ALL waiters, and each
// re-checks its condition in a while loop, so no thread can stay waiting while its
// condition is true: a thread waits only after seeing its condition false under the lock,
// and the next change of count wakes it again. Counting argument: remaining puts - remaining
// takes == -count at any time (2 puts, 2 takes, count = puts done - takes done). If count == 1,
// a consumer still has a take to do and can proceed; if count == 0, the remaining puts equal
// the remaining takes, so if any thread is left a producer is left and can proceed. Hence
// all four threads terminate, and the consumers receive exactly the values 1 and 2:
// sum == 3 on every path (asserted after the joins).
public class NotifyAllBoundedBuffer {
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
            notifyAll();
        }

        synchronized void take() throws InterruptedException {
            while (count == 0) {
                wait();
            }
            sum += value;
            count--;
            notifyAll();
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
        assert buffer.sum == 3 : "sum = " + buffer.sum;
        System.out.println("sum = " + buffer.sum);
    }
}
