// rpf-race: no (every access after initialization holds c's lock)
// Every access to the shared counter after initialization holds the counter's lock,
// including main's final read: the lockset never becomes empty and Eraser stays silent.
public class EraserLocked {
    static class Counter {
        int value;
    }

    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Runnable work = () -> {
            synchronized (c) {
                c.value++;
            }
        };
        Thread t1 = new Thread(work);
        Thread t2 = new Thread(work);
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        synchronized (c) {
            System.out.println("value = " + c.value);
        }
    }
}
