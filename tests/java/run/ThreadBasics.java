// Exercises threads: Thread subclass and Runnable, start/join, names, priorities, daemon
// flag, getState, isAlive before/after join, synchronized methods and blocks protecting
// counters (final counts printed after join), static synchronized, Thread.sleep, ThreadLocal,
// volatile stop flag, per-thread uncaught exception handler. Output only from main.
import java.util.*;
import java.util.concurrent.CountDownLatch;

public class ThreadBasics {
    static class Counter {
        private int value;
        synchronized void inc() { value++; }
        synchronized int get() { return value; }
    }

    static int staticCount = 0;
    static synchronized void staticInc() { staticCount++; }

    static class Worker extends Thread {
        final Counter counter;
        final int times;
        String seenName;
        Worker(String name, Counter counter, int times) {
            super(name);
            this.counter = counter;
            this.times = times;
        }
        @Override public void run() {
            seenName = Thread.currentThread().getName();
            for (int i = 0; i < times; i++) {
                counter.inc();
                staticInc();
            }
        }
    }

    static volatile boolean stop = false;
    static final ThreadLocal<Integer> LOCAL = ThreadLocal.withInitial(() -> -1);

    public static void main(String[] args) throws Exception {
        System.out.println("main thread name: " + Thread.currentThread().getName());
        Counter c = new Counter();
        Worker[] ws = new Worker[4];
        for (int i = 0; i < ws.length; i++) ws[i] = new Worker("worker-" + i, c, 2500);
        System.out.println("state before start: " + ws[0].getState() + " alive " + ws[0].isAlive());
        for (Worker w : ws) w.start();
        for (Worker w : ws) w.join();
        System.out.println("counter " + c.get() + " static " + staticCount);
        for (Worker w : ws) System.out.println(w.getName() + " saw itself as " + w.seenName + ", state " + w.getState() + ", alive " + w.isAlive());
        long[] shared = {0};
        Object lock = new Object();
        Runnable adder = () -> {
            for (int i = 0; i < 1000; i++) {
                synchronized (lock) {
                    shared[0] += 3;
                }
            }
        };
        Thread t1 = new Thread(adder, "adder-a"), t2 = new Thread(adder, "adder-b");
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("synchronized block total " + shared[0]);
        CountDownLatch release = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            try {
                release.await();
                Thread.sleep(5);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }, "waiter");
        waiter.setDaemon(true);
        waiter.setPriority(7);
        System.out.println("daemon " + waiter.isDaemon() + " priority " + waiter.getPriority() + " main priority " + Thread.currentThread().getPriority());
        waiter.start();
        System.out.println("alive after start (blocked on latch): " + waiter.isAlive());
        release.countDown();
        waiter.join();
        System.out.println("alive after join: " + waiter.isAlive() + " state " + waiter.getState());
        String[] locals = new String[3];
        Thread[] tl = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i;
            tl[i] = new Thread(() -> {
                String before = String.valueOf(LOCAL.get());
                LOCAL.set(id * 100);
                locals[id] = before + "->" + LOCAL.get();
            });
            tl[i].start();
        }
        for (Thread t : tl) t.join();
        LOCAL.set(7);
        System.out.println("thread locals " + Arrays.toString(locals) + " main " + LOCAL.get());
        LOCAL.remove();
        System.out.println("after remove " + LOCAL.get());
        long[] spins = {0};
        Thread spinner = new Thread(() -> {
            while (!stop) spins[0]++;
        });
        spinner.start();
        Thread.sleep(20);
        stop = true;
        spinner.join();
        System.out.println("volatile flag stopped spinner: " + !spinner.isAlive());
        String[] handled = new String[1];
        Thread bad = new Thread(() -> { throw new IllegalArgumentException("handled elsewhere"); }, "bad-thread");
        bad.setUncaughtExceptionHandler((th, ex) -> handled[0] = th.getName() + " -> " + ex);
        bad.start();
        bad.join();
        System.out.println("handler saw: " + handled[0]);
        Thread sub = new Thread() {
            @Override public void run() { LOCAL.set(1); }
        };
        sub.setName("renamed");
        sub.start();
        sub.join();
        System.out.println("anonymous subclass thread " + sub.getName());
        // A daemon that never leaves a one-instruction loop (`goto` to itself) is still
        // switched away from, and does not keep the program from ending.
        Thread daemon = new Thread(() -> { for (;;) { } });
        daemon.setDaemon(true);
        daemon.start();
        Thread.sleep(5);
        System.out.println("daemon still spinning: " + daemon.isAlive());
        System.out.println("done");
    }
}
