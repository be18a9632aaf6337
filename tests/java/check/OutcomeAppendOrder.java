// rpf-expect: none
// rpf-race: no (the StringBuilder is only touched inside synchronized (sb) and its internals are library code)
// rpf-outcomes: AB | BA
//
// Two threads append "A" and "B" to a shared StringBuilder, each append inside
// `synchronized (sb)`, so the appends are atomic and the result is one of the two orders in
// which the critical sections can run: "AB" (thread A first) or "BA" (thread B first).
// Main prints the string after joining both threads.
public class OutcomeAppendOrder {
    static final StringBuilder sb = new StringBuilder();

    static class Appender extends Thread {
        final String text;

        Appender(String text) {
            this.text = text;
        }

        @Override
        public void run() {
            synchronized (sb) {
                sb.append(text);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Appender a = new Appender("A");
        Appender b = new Appender("B");
        a.start();
        b.start();
        a.join();
        b.join();
        String result;
        synchronized (sb) {
            result = sb.toString();
        }
        System.out.println("OUTCOME: " + result);
    }
}
