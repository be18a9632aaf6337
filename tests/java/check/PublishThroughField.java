// rpf-expect: none
// rpf-race: yes (main's inner.v += 1 and the worker's o.next.v += 10 are unsynchronized)
// rpf-outcomes: 1 | 10 | 11
//
// inner is reachable only through outer, which main publishes in a shared holder after
// starting the worker; then main adds 1 to inner.v while the worker, if it sees outer, adds
// 10. Outcomes: 1 (the worker saw no box, or its update was lost), 11 (both), 10 (main's
// update lost). Everything reachable from a published object becomes shared at the store.
public class PublishThroughField {
    static class Box {
        int v;
        Box next;
    }

    static class Holder {
        Box box;
    }

    static final Holder holder = new Holder();

    public static void main(String[] args) throws InterruptedException {
        Box inner = new Box();
        Box outer = new Box();
        outer.next = inner;
        Thread t = new Thread(() -> {
            Box o = holder.box;
            if (o != null) {
                o.next.v += 10;
            }
        });
        t.start();
        holder.box = outer;
        inner.v += 1;
        t.join();
        System.out.println("OUTCOME: " + inner.v);
    }
}
