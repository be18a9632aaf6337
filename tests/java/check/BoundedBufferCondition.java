// rpf-expect: none
// rpf-race: no (Buffer fields/slots accessed only while holding the ReentrantLock; total written by the consumer and read by main after join)
//
// Correct bounded buffer (capacity 1) built on ReentrantLock with two Conditions, notFull
// and notEmpty. One producer puts 10 and 20, one consumer takes two values. put awaits
// notFull in `while (count == CAPACITY)` and signals notEmpty after inserting; take awaits
// notEmpty in `while (count == 0)` and signals notFull after removing. With a single
// producer and a single consumer each condition has at most one waiter, and it is exactly
// the thread that the other one signals after changing the state; await releases the lock
// atomically with enqueueing, so the signal cannot be lost. The producer blocks only when
// full (consumer still has a take to do), the consumer only when empty (producer still has
// a put to do) -> no deadlock. Values arrive in order 10, 20 (asserted by the consumer) and
// the total is 30 (asserted by main after the joins).
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

public class BoundedBufferCondition {
    static final int CAPACITY = 1;

    static class Buffer {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notFull = lock.newCondition();
        private final Condition notEmpty = lock.newCondition();
        private final int[] slots = new int[CAPACITY];
        private int count;
        private int putIndex;
        private int takeIndex;

        void put(int v) throws InterruptedException {
            lock.lock();
            try {
                while (count == CAPACITY) {
                    notFull.await();
                }
                slots[putIndex] = v;
                putIndex = (putIndex + 1) % CAPACITY;
                count++;
                notEmpty.signal();
            } finally {
                lock.unlock();
            }
        }

        int take() throws InterruptedException {
            lock.lock();
            try {
                while (count == 0) {
                    notEmpty.await();
                }
                int v = slots[takeIndex];
                takeIndex = (takeIndex + 1) % CAPACITY;
                count--;
                notFull.signal();
                return v;
            } finally {
                lock.unlock();
            }
        }
    }

    static final Buffer buffer = new Buffer();
    static int total;

    static class Producer extends Thread {
        @Override
        public void run() {
            try {
                buffer.put(10);
                buffer.put(20);
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
                assert first == 10 && second == 20 : "out of order: " + first + ", " + second;
                total = first + second;
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
        assert total == 30 : "total = " + total;
        System.out.println("total = " + total);
    }
}
