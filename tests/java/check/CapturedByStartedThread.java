// rpf-expect: none
// rpf-race: yes (main's b.v += 1 and the worker's slots[0].v += 10 are unsynchronized)
// rpf-outcomes: 1 | 10 | 11
//
// The worker's lambda captures an array holding main's box; main starts the worker and adds
// 1 to the box while the worker adds 10. Starting the thread shares everything its Thread
// object reaches, so main's access right after start() is a scheduling point: 11 (both),
// 1 or 10 (one update lost).
public class CapturedByStartedThread {
    static class Box {
        int v;
    }

    public static void main(String[] args) throws InterruptedException {
        Box[] slots = new Box[1];
        Box b = new Box();
        slots[0] = b;
        Thread t = new Thread(() -> slots[0].v += 10);
        t.start();
        b.v += 1;
        t.join();
        System.out.println("OUTCOME: " + b.v);
    }
}
