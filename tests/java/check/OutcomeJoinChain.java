// rpf-expect: none
// rpf-race: no (appends to sb only inside synchronized (sb); Appender fields are final and set before start)
// rpf-outcomes: ABC | ACB | BAC
//
// Three threads append "A", "B", "C" to a shared StringBuilder under `synchronized (sb)`;
// thread C first joins thread A, so A's append always precedes C's. Of the 6 permutations
// of A, B, C exactly those with A before C remain: ABC, ACB, BAC (CAB, CBA and BCA are
// impossible). Main joins all three and prints the string.
public class OutcomeJoinChain {
    static final StringBuilder sb = new StringBuilder();

    static void append(String s) {
        synchronized (sb) {
            sb.append(s);
        }
    }

    static class Appender extends Thread {
        final String text;
        final Thread predecessor;

        Appender(String text, Thread predecessor) {
            this.text = text;
            this.predecessor = predecessor;
        }

        @Override
        public void run() {
            if (predecessor != null) {
                try {
                    predecessor.join();
                } catch (InterruptedException e) {
                    throw new RuntimeException(e);
                }
            }
            append(text);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Appender a = new Appender("A", null);
        Appender b = new Appender("B", null);
        Appender c = new Appender("C", a);
        a.start();
        b.start();
        c.start();
        a.join();
        b.join();
        c.join();
        String result;
        synchronized (sb) {
            result = sb.toString();
        }
        System.out.println("OUTCOME: " + result);
    }
}
