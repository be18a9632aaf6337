import java.util.ArrayList;
import java.util.List;

/**
 * Allocates until the heap is full, catches the OutOfMemoryError, and carries on: the error
 * is an ordinary exception of the program, and the heap is usable again once the hoard is
 * dropped. Then allocates small objects until the heap is full again and lets that error
 * escape.
 */
public class HeapExhaustion {
    static List<Object> hoard = new ArrayList<>();

    public static void main(String[] args) {
        int blocks = 0;
        try {
            while (true) {
                hoard.add(new long[1 << 14]);
                blocks++;
            }
        } catch (OutOfMemoryError e) {
            hoard.clear();
            System.out.println("caught: " + e);
            System.out.println("held at least 8 MiB before: " + (blocks >= 64));
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            text.append(i % 10);
        }
        System.out.println("after the error: " + text.length() + " characters");
        for (int round = 0; round < 3; round++) {
            try {
                List<long[]> again = new ArrayList<>();
                while (true) {
                    again.add(new long[1 << 12]);
                }
            } catch (OutOfMemoryError e) {
                System.out.println("round " + round + ": " + e.getMessage());
            }
        }
        List<int[]> small = new ArrayList<>();
        while (true) {
            small.add(new int[4]);
        }
    }
}
