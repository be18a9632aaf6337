// Main reads t's write and then asks whether t is alive. On the JVM, t can be preempted
// between its write and its end, so main can see both; the line below is printed on that
// path only. A path that observes a thread's liveness makes the checker split thread ends
// from last actions (a restart), with class library code atomic or not; with an argument,
// main does not ask, and thread ends stay fused.
public class SeenAlive {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        boolean alive = args.length == 0 && t.isAlive();
        t.join();
        if (r == 1 && alive) {
            System.out.println("wrote and still alive");
        }
    }
}
