// rpf-expect: none
// rpf-race: yes (static count: t1's count++ write vs t2's count++ read/write, unsynchronized)
// rpf-outcomes: count=2 | count=3 | count=4
//
// Two threads each execute `count++` twice on a shared static int without synchronization;
// each count++ is a read followed by a write of read+1.
//   count=4: t1 runs both increments, then t2 runs both (no overlap).
//   count=3: t1 r0, t2 r0, t1 w1, t2 w1 (one update lost), then t1 r1 w2, t2 r2 w3.
//   count=2: t1 r0; t2 r0 w1, t2 r1 (its 2nd read); t1 w1; t1 r1 w2; t2 w2.
// Nothing else is possible:
//   - at most 4: the k-th write in time writes (a value read before it) + 1 <= k, by
//     induction, since a read sees 0 or a value written earlier;
//   - at least 2: the last write is some thread's 2nd write; that thread's 2nd read came
//     after its own 1st write, so it read a value >= 1 (every write writes >= 1) and the
//     last write writes >= 2.
// Main prints the value after joining both threads.
public class OutcomeUnsyncCount {
    static int count;

    static class Incrementer extends Thread {
        @Override
        public void run() {
            for (int i = 0; i < 2; i++) {
                count++;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        System.out.println("OUTCOME: count=" + count);
    }
}
