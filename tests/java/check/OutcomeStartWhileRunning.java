// rpf-expect: none
// rpf-race: yes (cells[0]: the first worker writes it, the second reads it, unsynchronized)
// rpf-outcomes: 1,1 | 1,2
//
// Main starts the first worker, which may run while main starts the second one. The first
// writes cells[0] = 1; the second writes cells[1] = cells[0] + 1, reading cells[0] before or
// after the first worker's write: cells[1] is 1 or 2. Main joins both, so cells[0] is always
// 1 when it prints. Nothing else can happen: cells[0] only ever holds 0 or 1.
public class OutcomeStartWhileRunning {
    public static void main(String[] args) throws InterruptedException {
        int[] cells = new int[2];
        Thread first = new Thread(() -> cells[0] = 1);
        Thread second = new Thread(() -> cells[1] = cells[0] + 1);
        first.start();
        second.start();
        first.join();
        second.join();
        System.out.println("OUTCOME: " + cells[0] + "," + cells[1]);
    }
}
