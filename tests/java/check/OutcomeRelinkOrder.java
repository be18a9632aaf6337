// rpf-expect: none
// rpf-race: no (box.node is read and replaced only while holding box's lock; main reads it after joining)
// rpf-outcomes: 123 | 132 | 213 | 231 | 312 | 321
//
// A shared box holds a node; each of three threads, holding the box's lock, replaces the
// node with a new one whose value appends the thread's digit to the old value (old * 10 +
// id). The old node becomes garbage (a reference is unlinked from a shared object). The
// final value spells the order in which the threads took the lock; any of the 3! = 6
// orders can happen (each thread's critical section is enabled from the start), and the
// value always has exactly the three digits once each, so exactly the six permutations
// of 123 are printed.
public class OutcomeRelinkOrder {
    static final class Node {
        final int value;

        Node(int value) {
            this.value = value;
        }
    }

    static final class Box {
        Node node = new Node(0);
    }

    public static void main(String[] args) throws InterruptedException {
        Box box = new Box();
        Thread[] threads = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i + 1;
            threads[i] = new Thread(() -> {
                synchronized (box) {
                    box.node = new Node(box.node.value * 10 + id);
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("OUTCOME: " + box.node.value);
    }
}
