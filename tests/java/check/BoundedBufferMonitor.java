// rpf-expect: none
// rpf-race: no (Buffer.slot accessed only in synchronized put/take; sum written by the consumer and read by main after join)
//
// Correct bounded buffer (capacity 1) with synchronized/wait/notifyAll; one producer puts
// the values 1 and 2, one consumer takes two values. put waits in `while (full)`, take in
// `while (empty)`, each state change calls notifyAll. With one producer and one consumer a
// waiter's condition is changed only by the other thread, which then notifies, and the
// while loops re-check; the producer can only be blocked with the buffer full (then the
// consumer still has a take to do) and the consumer only with it empty (then the producer
// still has a put to do, since takes done < 2 == puts in total) -> no deadlock. The FIFO
// buffer delivers 1 then 2: the consumer asserts the order, main asserts the sum (3).
public class BoundedBufferMonitor {
    static class Buffer {
        private Integer slot;

        synchronized void put(int v) throws InterruptedException {
            while (slot != null) {
                wait();
            }
            slot = v;
            notifyAll();
        }

        synchronized int take() throws InterruptedException {
            while (slot == null) {
                wait();
            }
            int v = slot;
            slot = null;
            notifyAll();
            return v;
        }
    }

    static final Buffer buffer = new Buffer();
    static int sum;

    static class Producer extends Thread {
        @Override
        public void run() {
            try {
                buffer.put(1);
                buffer.put(2);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    static class Consumer extends Thread {
        @Override
        public void run() {
            try {
                int first = buffer.take();
                int second = buffer.take();
                assert first == 1 && second == 2 : "out of order: " + first + ", " + second;
                sum = first + second;
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Producer p = new Producer();
        Consumer c = new Consumer();
        p.start();
        c.start();
        p.join();
        c.join();
        assert sum == 3 : "sum = " + sum;
        System.out.println("sum = " + sum);
    }
}
