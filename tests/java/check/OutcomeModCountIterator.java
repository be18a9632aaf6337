// rpf-expect: none
// rpf-race: no (single-threaded)
// rpf-outcomes: cme | ok
//
// An iterator is taken over [1, 2, 3]; then, by choice, the list gets an element and loses it
// again (the same contents, a modification count two higher) or is left alone. The iterator's
// next() throws ConcurrentModificationException after the change, and returns 1 without it:
// two outcomes. The two states before next() differ only in the list's modification count,
// which the live iterator holds a copy of: they must not be matched (rpf sets counts no one
// can observe back to 0, and here the iterator observes it).
import gov.nasa.jpf.vm.Verify;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;

public class OutcomeModCountIterator {
    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        list.add(1);
        list.add(2);
        list.add(3);
        Iterator<Integer> it = list.iterator();
        if (Verify.getBoolean()) {
            list.add(4);
            list.remove(3);
        }
        String outcome;
        try {
            outcome = it.next() == 1 ? "ok" : "wrong";
        } catch (ConcurrentModificationException e) {
            outcome = "cme";
        }
        System.out.println("OUTCOME: " + outcome);
    }
}
