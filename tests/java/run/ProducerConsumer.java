// Exercises wait/notify: a bounded buffer (capacity 3) built with synchronized/wait/notifyAll
// hands 25 items from one producer to one consumer in FIFO order (the consumer's received
// list is printed after join), a poison-pill shutdown, and notifyAll waking several waiting
// threads at a gate (results printed sorted).
import java.util.*;

public class ProducerConsumer {
    static class BoundedBuffer<T> {
        private final Object[] items;
        private int head, tail, count;
        int maxSeen;
        BoundedBuffer(int cap) { items = new Object[cap]; }

        synchronized void put(T x) throws InterruptedException {
            while (count == items.length) wait();
            items[tail] = x;
            tail = (tail + 1) % items.length;
            count++;
            maxSeen = Math.max(maxSeen, count);
            notifyAll();
        }

        @SuppressWarnings("unchecked")
        synchronized T take() throws InterruptedException {
            while (count == 0) wait();
            T x = (T) items[head];
            items[head] = null;
            head = (head + 1) % items.length;
            count--;
            notifyAll();
            return x;
        }
    }

    static class Gate {
        private boolean open;
        synchronized void await() throws InterruptedException {
            while (!open) wait();
        }
        synchronized void open() {
            open = true;
            notifyAll();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        BoundedBuffer<Integer> buf = new BoundedBuffer<>(3);
        List<Integer> received = new ArrayList<>();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 1; i <= 25; i++) buf.put(i * i);
                buf.put(-1);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }, "producer");
        Thread consumer = new Thread(() -> {
            try {
                while (true) {
                    int v = buf.take();
                    if (v < 0) break;
                    received.add(v);
                }
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }, "consumer");
        consumer.start();
        producer.start();
        producer.join();
        consumer.join();
        System.out.println("received " + received.size() + " items: " + received);
        System.out.println("in order: " + received.equals(received.stream().sorted().toList()) + ", capacity respected: " + (buf.maxSeen <= 3));
        Gate gate = new Gate();
        List<String> passed = Collections.synchronizedList(new ArrayList<>());
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> {
                try {
                    gate.await();
                    passed.add(Thread.currentThread().getName());
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }, "waiter-" + i);
            ts.add(t);
            t.start();
        }
        Thread.sleep(20);
        System.out.println("passed before open: " + passed.size());
        gate.open();
        for (Thread t : ts) t.join();
        List<String> sorted = new ArrayList<>(passed);
        Collections.sort(sorted);
        System.out.println("passed after open: " + sorted);
        Object mon = new Object();
        try {
            mon.wait();
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait without lock -> IllegalMonitorStateException");
        }
        try {
            mon.notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notify without lock -> IllegalMonitorStateException");
        }
        synchronized (mon) {
            mon.wait(5);
            System.out.println("timed wait returned");
        }
        final int[] turn = {0};
        StringBuilder pingpong = new StringBuilder();
        Runnable player = () -> {
            int me = Thread.currentThread().getName().equals("ping") ? 0 : 1;
            for (int i = 0; i < 5; i++) {
                synchronized (turn) {
                    while (turn[0] != me) {
                        try {
                            turn.wait();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    pingpong.append(me == 0 ? "ping " : "pong ");
                    turn[0] = 1 - me;
                    turn.notifyAll();
                }
            }
        };
        Thread ping = new Thread(player, "ping"), pong = new Thread(player, "pong");
        pong.start();
        ping.start();
        ping.join();
        pong.join();
        System.out.println(pingpong.toString().trim());
        System.out.println("done");
    }
}
