// rpf-expect: none
// rpf-race: no (appends to sb only inside synchronized (sb); main reads it under the lock after the joins)
// rpf-outcomes: ABM | BAM | AMB
//
// Main starts threads A and B (each appends its letter to a shared StringBuilder under
// `synchronized (sb)`), then joins A, appends "M" itself, then joins B. The join makes A's
// append precede M's; B's append is unordered with respect to both. Placing B in the
// sequence A < M: before A -> "BAM", between A and M -> "ABM", after M -> "AMB".
// Main prints the string after joining B.
public class OutcomeJoinOrder {
    static final StringBuilder sb = new StringBuilder();

    static void append(String s) {
        synchronized (sb) {
            sb.append(s);
        }
    }

    static class Appender extends Thread {
        final String text;

        Appender(String text) {
            this.text = text;
        }

        @Override
        public void run() {
            append(text);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Appender a = new Appender("A");
        Appender b = new Appender("B");
        a.start();
        b.start();
        a.join();
        append("M");
        b.join();
        String result;
        synchronized (sb) {
            result = sb.toString();
        }
        System.out.println("OUTCOME: " + result);
    }
}
