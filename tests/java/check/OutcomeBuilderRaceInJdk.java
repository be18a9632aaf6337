// rpf-expect: none
// rpf-config: +vm.por.system_atomic=false
// rpf-race: no (the conflicting accesses are inside StringBuilder, library code the race detector leaves out by default)
// rpf-outcomes: AB | BA | A | B
//
// With vm.por.system_atomic=false, JDK code has scheduling points of its own: two threads
// appending 'A' and 'B' to one unsynchronized StringBuilder can both read its count before
// either stores, so one char overwrites the other ("A" or "B") besides the two orders. rpf's
// intrinsic for StringBuilder.append(char) would make the append atomic and hide "A" and
// "B": the checker must run the JDK's bytecode here (Machine::intrinsics is false when JDK
// code is not atomic).
public class OutcomeBuilderRaceInJdk {
    static final StringBuilder sb = new StringBuilder();

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> sb.append('A'));
        Thread b = new Thread(() -> sb.append('B'));
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("OUTCOME: " + sb);
    }
}
