// rpf-expect: none
// rpf-race: no (the racing accesses are inside java.util, which the detectors leave out by default)
// rpf-outcomes: cme | 6 | 10
//
// Main iterates over a shared list with an iterator only main holds while another thread
// appends to the list. Appending before the iterator is made gives 10; after the loop, 6;
// anywhere in between, the iterator's next() throws ConcurrentModificationException: the
// iterator is unshared, but every next() reads the shared list's modification count, so each
// is a scheduling point even with the class library running atomically.
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;

public class OutcomeIteratorRace {
    static final List<Integer> list = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        list.add(1);
        list.add(2);
        list.add(3);
        Thread adder = new Thread(() -> list.add(4));
        adder.start();
        String outcome;
        try {
            int sum = 0;
            Iterator<Integer> it = list.iterator();
            while (it.hasNext()) {
                sum += it.next();
            }
            outcome = Integer.toString(sum);
        } catch (ConcurrentModificationException e) {
            outcome = "cme";
        }
        adder.join();
        System.out.println("OUTCOME: " + outcome);
    }
}
