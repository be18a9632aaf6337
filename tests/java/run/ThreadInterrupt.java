// Exercises thread interruption: interrupting a sleeping thread (InterruptedException
// caught, interrupt status cleared), interrupting a thread blocked in wait() and in join(),
// Thread.interrupted() clearing the flag, isInterrupted() not clearing it, sleep with the
// flag already set. Threads record results; main prints after join.
import java.util.concurrent.CountDownLatch;

public class ThreadInterrupt {
    public static void main(String[] args) throws InterruptedException {
        String[] result = new String[1];
        CountDownLatch started = new CountDownLatch(1);
        Thread sleeper = new Thread(() -> {
            started.countDown();
            try {
                Thread.sleep(10_000);
                result[0] = "slept fully (wrong)";
            } catch (InterruptedException e) {
                result[0] = "interrupted: " + e.getMessage() + ", flag now " + Thread.currentThread().isInterrupted();
            }
        }, "sleeper");
        sleeper.start();
        started.await();
        sleeper.interrupt();
        sleeper.join();
        System.out.println("sleeper " + result[0]);
        Object lock = new Object();
        CountDownLatch waiting = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                waiting.countDown();
                try {
                    lock.wait();
                    result[0] = "woke normally (wrong)";
                } catch (InterruptedException e) {
                    result[0] = "wait interrupted: " + e.getClass().getSimpleName();
                }
            }
        });
        waiter.start();
        waiting.await();
        synchronized (lock) {
            waiter.interrupt();
        }
        waiter.join();
        System.out.println("waiter " + result[0]);
        Thread self = new Thread(() -> {
            Thread me = Thread.currentThread();
            StringBuilder sb = new StringBuilder();
            sb.append("initial ").append(me.isInterrupted());
            me.interrupt();
            sb.append(", after interrupt ").append(me.isInterrupted());
            sb.append(", isInterrupted again ").append(me.isInterrupted());
            sb.append(", interrupted() ").append(Thread.interrupted());
            sb.append(", interrupted() again ").append(Thread.interrupted());
            me.interrupt();
            try {
                Thread.sleep(1000);
                sb.append(", sleep not interrupted (wrong)");
            } catch (InterruptedException e) {
                sb.append(", pre-set flag makes sleep throw: ").append(e.getMessage());
            }
            result[0] = sb.toString();
        });
        self.start();
        self.join();
        System.out.println("self " + result[0]);
        Thread longRunner = new Thread(() -> {
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException ignored) {
            }
        });
        longRunner.start();
        Thread joiner = new Thread(() -> {
            try {
                longRunner.join();
                result[0] = "joined (wrong)";
            } catch (InterruptedException e) {
                result[0] = "join interrupted";
            }
        });
        joiner.start();
        Thread.sleep(20);
        joiner.interrupt();
        joiner.join();
        System.out.println("joiner " + result[0]);
        longRunner.interrupt();
        longRunner.join();
        System.out.println("longRunner alive " + longRunner.isAlive());
        Thread.currentThread().interrupt();
        System.out.println("main flag " + Thread.currentThread().isInterrupted() + " cleared " + Thread.interrupted() + " now " + Thread.currentThread().isInterrupted());
        System.out.println("done");
    }
}
