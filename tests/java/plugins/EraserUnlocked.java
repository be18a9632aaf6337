// rpf-race: yes (one thread increments c.value without the lock the other holds)
// Two workers increment a shared counter object; one of them forgets the lock. After both
// have accessed it the counter is shared-modified and its lockset is empty: Eraser reports
// a race (and so does the precise detector).
public class EraserUnlocked {
    static class Counter {
        int value;
    }

    public static void main(String[] args) throws InterruptedException {
        Counter c = new Counter();
        Thread locked = new Thread(() -> {
            synchronized (c) {
                c.value++;
            }
        });
        Thread unlocked = new Thread(() -> c.value++);
        locked.start();
        unlocked.start();
        locked.join();
        unlocked.join();
    }
}
