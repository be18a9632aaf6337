// rpf-expect: none
// rpf-outcomes: interned, literal is it | not interned, literal is another
// rpf-race: no (the other thread writes `literal` before main joins it and reads it)
//
// Which object is the interned string depends on which thread interns the content first.
// Main builds "ab" at run time (not interned) and calls `x.intern()`; the other thread loads
// the literal "ab" (an `ldc`, which interns it if nobody has). If main interns first, x
// itself becomes the interned string and the literal is x. If the literal comes first, it is
// a different object, `intern()` returns that one and x stays a mere equal string. Both
// orders occur, and nothing else can: the two states after them differ only in which object
// the intern table holds, so a checker that left the table out of its states, or did not
// order `intern()` against the other thread, would report one outcome only.
public class OutcomeInternRace {
    static String literal;

    public static void main(String[] args) throws InterruptedException {
        String x = new StringBuilder("a").append('b').toString();
        Thread other = new Thread(() -> literal = "ab");
        other.start();
        x.intern();
        other.join();
        String interned = x == "ab" ? "interned" : "not interned";
        String same = literal == x ? "literal is it" : "literal is another";
        System.out.println("OUTCOME: " + interned + ", " + same);
    }
}
