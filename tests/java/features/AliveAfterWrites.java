// Fails when t1 has written x but not yet ended while t2's write of y is seen too. The
// error path chooses t2 right after t1's write, at t1's end, which is a step of its own
// only once the search has met the isAlive() below and started over: replaying the saved
// trace needs that from its first step.
public class AliveAfterWrites {
    static volatile int x;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> x = 1);
        Thread t2 = new Thread(() -> y = 1);
        t1.start();
        t2.start();
        int s = y;
        int r = x;
        if (r == 1 && s == 1) {
            assert !t1.isAlive() : "t1 wrote but is alive";
        }
        t1.join();
        t2.join();
    }
}
