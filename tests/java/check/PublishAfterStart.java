// rpf-expect: none
// rpf-race: yes (main's b.v++ and the worker's x.v++ on the published box are unsynchronized)
// rpf-outcomes: 1 | 2
//
// main allocates a box before starting the worker, publishes it through a static field after
// the start, and increments it. The worker increments the box if it sees it: it sees null
// (1), or both increments happen (2), or one is lost (1). The box was private to main when
// the last state was stored; publishing it must make main's own later accesses scheduling
// points at once, or the lost update is never explored.
public class PublishAfterStart {
    static class Box {
        int v;
    }

    static Box shared;

    public static void main(String[] args) throws InterruptedException {
        Box b = new Box();
        Thread t = new Thread(() -> {
            Box x = shared;
            if (x != null) {
                x.v++;
            }
        });
        t.start();
        shared = b;
        b.v++;
        t.join();
        System.out.println("OUTCOME: " + b.v);
    }
}
