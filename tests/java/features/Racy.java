/** A lost update that shows only in some interleavings: the assertion fails when both threads read 0. */
public class Racy {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> count = count + 1);
        Thread b = new Thread(() -> count = count + 1);
        a.start();
        b.start();
        a.join();
        b.join();
        assert count == 2 : "lost update: count = " + count;
    }
}
