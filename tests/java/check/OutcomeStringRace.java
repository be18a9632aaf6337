// rpf-expect: none
// rpf-race: yes (the static field `text` is read and written by both threads without a lock)
// rpf-outcomes: xAB AB | xAB BA | xBA AB | xBA BA | xA AB | xA BA | xB AB | xB BA
//
// String building shared between threads, through methods rpf runs as intrinsics
// (concatenation's StringBuilder appends, StringBuffer.append, equals). Thread A sets
// `text = text + "A"`, thread B `text = text + "B"`: the read and the write of the
// unsynchronized static field are separate scheduling points, so an update can be lost:
// "xAB" or "xBA" when both land, "xA" or "xB" when the other's write was overwritten. Each
// thread then appends its letter to a shared StringBuffer (synchronized: atomic), in either
// order whatever happened to `text`: all 4 x 2 combinations occur (e.g. A reads and writes,
// B reads and writes, B appends, A appends gives "xAB BA").
public class OutcomeStringRace {
    static String text = "x";
    static final StringBuffer order = new StringBuffer();

    static class Worker extends Thread {
        final String letter;

        Worker(String letter) {
            this.letter = letter;
        }

        @Override
        public void run() {
            String seen = text;
            text = seen + letter;
            order.append(letter);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Worker a = new Worker("A");
        Worker b = new Worker("B");
        a.start();
        b.start();
        a.join();
        b.join();
        String result = text;
        String appended = order.toString();
        System.out.println("OUTCOME: " + result + " " + appended);
    }
}
