// Exercises java.util.concurrent: AtomicInteger/AtomicLong increments from several threads,
// compareAndSet, AtomicReference, ReentrantLock with Condition (strict turn-taking),
// CountDownLatch, Semaphore limiting concurrency, ConcurrentHashMap merge from several threads
// (printed via TreeMap), CyclicBarrier, and an ExecutorService with Futures (results via get()).
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.concurrent.locks.*;

public class ConcurrentUtils {
    public static void main(String[] args) throws Exception {
        AtomicInteger ai = new AtomicInteger();
        AtomicLong al = new AtomicLong(1L << 40);
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                for (int k = 0; k < 1000; k++) {
                    ai.incrementAndGet();
                    al.addAndGet(2);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("atomic int " + ai.get() + " atomic long " + al.get());
        System.out.println("CAS " + ai.compareAndSet(4000, 1) + " " + ai.compareAndSet(4000, 2) + " value " + ai.get() + " getAndAdd " + ai.getAndAdd(5) + " -> " + ai.get() + " updateAndGet " + ai.updateAndGet(x -> x * 10));
        AtomicReference<String> ref = new AtomicReference<>("a");
        ref.accumulateAndGet("b", String::concat);
        System.out.println("AtomicReference " + ref.get() + " getAndSet " + ref.getAndSet("z") + " -> " + ref.get());
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        int[] turn = {0};
        List<String> order = new ArrayList<>();
        Thread[] players = new Thread[3];
        for (int p = 0; p < 3; p++) {
            final int me = p;
            players[p] = new Thread(() -> {
                for (int round = 0; round < 3; round++) {
                    lock.lock();
                    try {
                        while (turn[0] % 3 != me) changed.awaitUninterruptibly();
                        order.add("p" + me + "r" + round);
                        turn[0]++;
                        changed.signalAll();
                    } finally {
                        lock.unlock();
                    }
                }
            });
        }
        for (int p = 2; p >= 0; p--) players[p].start();
        for (Thread t : players) t.join();
        System.out.println("lock/condition order " + order);
        System.out.println("lock held " + lock.isLocked() + " tryLock " + lock.tryLock() + " holdCount " + lock.getHoldCount());
        lock.unlock();
        CountDownLatch ready = new CountDownLatch(3);
        CountDownLatch go = new CountDownLatch(1);
        AtomicInteger finished = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                finished.incrementAndGet();
            }).start();
        }
        ready.await();
        System.out.println("all ready, finished so far " + finished.get() + ", latch count " + go.getCount());
        go.countDown();
        while (finished.get() < 3) Thread.sleep(1);
        System.out.println("finished " + finished.get());
        Semaphore sem = new Semaphore(2);
        AtomicInteger inside = new AtomicInteger(), maxInside = new AtomicInteger();
        Thread[] sw = new Thread[6];
        for (int i = 0; i < sw.length; i++) {
            sw[i] = new Thread(() -> {
                try {
                    sem.acquire();
                    try {
                        int now = inside.incrementAndGet();
                        maxInside.accumulateAndGet(now, Math::max);
                        Thread.sleep(2);
                        inside.decrementAndGet();
                    } finally {
                        sem.release();
                    }
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            });
            sw[i].start();
        }
        for (Thread t : sw) t.join();
        System.out.println("semaphore max inside <= 2: " + (maxInside.get() <= 2) + ", permits " + sem.availablePermits() + ", tryAcquire(3) " + sem.tryAcquire(3));
        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
        String[] words = "a b c a b a d e a c".split(" ");
        Thread[] mergers = new Thread[4];
        for (int i = 0; i < mergers.length; i++) {
            mergers[i] = new Thread(() -> {
                for (int rep = 0; rep < 100; rep++) for (String w : words) chm.merge(w, 1, Integer::sum);
            });
            mergers[i].start();
        }
        for (Thread t : mergers) t.join();
        System.out.println("ConcurrentHashMap merged " + new TreeMap<>(chm));
        CyclicBarrier barrier = new CyclicBarrier(3, () -> order.add("barrier-tripped"));
        order.clear();
        Thread[] bs = new Thread[3];
        for (int i = 0; i < 3; i++) {
            bs[i] = new Thread(() -> {
                try {
                    barrier.await();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            bs[i].start();
        }
        for (Thread t : bs) t.join();
        System.out.println("barrier " + order + " broken " + barrier.isBroken());
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Long>> futures = new ArrayList<>();
        for (int n = 10; n <= 50; n += 10) {
            final int lim = n;
            futures.add(pool.submit(() -> {
                long s = 0;
                for (int k = 1; k <= lim; k++) s += (long) k * k;
                return s;
            }));
        }
        StringBuilder sb = new StringBuilder();
        for (Future<Long> f : futures) sb.append(f.get()).append(' ');
        System.out.println("futures " + sb.toString().trim());
        Future<Integer> failing = pool.submit(() -> {
            if (true) throw new IllegalStateException("task failed");
            return 1;
        });
        try {
            failing.get();
        } catch (ExecutionException e) {
            System.out.println("ExecutionException cause: " + e.getCause());
        }
        pool.shutdown();
        System.out.println("terminated " + pool.awaitTermination(5, TimeUnit.SECONDS));
        CompletableFuture<String> cf = CompletableFuture.supplyAsync(() -> 21).thenApply(x -> x * 2).thenApply(x -> "answer=" + x);
        System.out.println("CompletableFuture " + cf.get());
        System.out.println("done");
    }
}
