// rpf-expect: none
// rpf-race: no (data is published through the volatile ready flag, giving happens-before; received is read by main after join)
//
// Hand-off through a volatile flag: the producer writes data = 42 and then ready = true; the
// consumer spins `while (!ready) Thread.yield();` and then asserts data == 42. Under
// sequential consistency (and under the Java memory model, since ready is volatile: the
// write of data happens-before the volatile write, which happens-before the read that sees
// true) the consumer can only leave the loop after the producer's second write, when data
// is already 42 -> the assertion holds on every interleaving. The spin loop revisits the
// same states (matched by the model checker) until the producer runs; it is finite in every
// fair schedule. Main joins both threads.
public class VolatileFlagHandoff {
    static int data;
    static volatile boolean ready;
    static int received;

    static class Producer extends Thread {
        @Override
        public void run() {
            data = 42;
            ready = true;
        }
    }

    static class Consumer extends Thread {
        @Override
        public void run() {
            while (!ready) {
                Thread.yield();
            }
            assert data == 42 : "saw ready but data = " + data;
            received = data;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Consumer c = new Consumer();
        Producer p = new Producer();
        c.start();
        p.start();
        c.join();
        p.join();
        System.out.println("received = " + received);
    }
}
