// rpf-expect: none
// rpf-race: no (each worker writes its own partial[index] element; main reads the array only after joining all workers)
//
// Fork/join by hand: three workers each sum their own slice of 1..6 (worker i sums 2i+1 and
// 2i+2) into their own element of `partial`; no two threads write the same location. main
// joins all three before reading `partial`, and join() guarantees the workers' writes are
// complete and visible, so on every interleaving partial == {3, 7, 11} and the total is
// 21 == 6*7/2 (asserted). Nothing blocks except main in join -> no deadlock.
public class JoinAllWorkers {
    static final int WORKERS = 3;
    static final int[] partial = new int[WORKERS];

    static class Worker extends Thread {
        final int index;

        Worker(int index) {
            this.index = index;
        }

        @Override
        public void run() {
            int sum = 0;
            for (int k = 2 * index + 1; k <= 2 * index + 2; k++) {
                sum += k;
            }
            partial[index] = sum;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker[] workers = new Worker[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = new Worker(i);
            workers[i].start();
        }
        for (Worker w : workers) {
            w.join();
        }
        int total = 0;
        for (int i = 0; i < WORKERS; i++) {
            assert partial[i] == 4 * i + 3 : "partial[" + i + "] = " + partial[i];
            total += partial[i];
        }
        assert total == 21 : "total = " + total;
        System.out.println("total = " + total);
    }
}
