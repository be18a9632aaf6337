// rpf-expect: none
// rpf-race: yes (static last: three threads write it without synchronization)
// rpf-outcomes: last=1 | last=2 | last=3
//
// Three threads each build a private object (work no other thread can see) and then write
// their number to a shared static without synchronization; main joins them and prints
// the value. Whichever write comes last in time wins, and each of the three threads can be
// the last one (all three writes are enabled from the start and nothing orders them), so
// exactly last=1, last=2 and last=3 are possible; no other value is ever written. The
// private work commutes with everything, which exercises sleep sets with three threads.
public class OutcomeLastWriterWins {
    static int last;

    static final class Work {
        int total;

        void add(int v) {
            total += v;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] writers = new Thread[3];
        for (int i = 0; i < 3; i++) {
            final int id = i + 1;
            writers[i] = new Thread(() -> {
                Work w = new Work();
                w.add(id);
                w.add(id);
                last = w.total / 2;
            });
        }
        for (Thread t : writers) {
            t.start();
        }
        for (Thread t : writers) {
            t.join();
        }
        System.out.println("OUTCOME: last=" + last);
    }
}
