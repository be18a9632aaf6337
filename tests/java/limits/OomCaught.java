import java.util.ArrayList;
import java.util.List;

/**
 * One thread counts under a lock while main fills the heap, catches the OutOfMemoryError,
 * drops what it held and checks the count: correct in every interleaving.
 */
public class OomCaught {
    static int counter;

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            synchronized (OomCaught.class) {
                counter++;
            }
        });
        t.start();
        boolean caught = false;
        List<long[]> hoard = new ArrayList<>();
        try {
            while (true) {
                hoard.add(new long[1 << 14]);
            }
        } catch (OutOfMemoryError e) {
            hoard.clear();
            caught = e.getMessage().equals("Java heap space");
        }
        t.join();
        synchronized (OomCaught.class) {
            assert caught && counter == 1 : "caught " + caught + ", counter " + counter;
        }
    }
}
