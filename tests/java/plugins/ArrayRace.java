// rpf-race: yes (both threads write data[0] without synchronization)
// Two threads write different elements of a shared array (no race), then both write
// element 0 without synchronization (a race on data[0]).
public class ArrayRace {
    static int[] data = new int[2];

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(() -> {
            data[0] = 1;
            data[0] += 10;
        });
        Thread t2 = new Thread(() -> {
            data[1] = 2;
            data[0] += 20;
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
    }
}
