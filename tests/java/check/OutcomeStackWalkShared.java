// rpf-expect: none
// rpf-race: yes (the walking thread's reads of seen and the other thread's write, unsynchronized)
// rpf-release: 9
// rpf-outcomes: depth=12 seen=0 | depth=12 seen=1
//
// A thread walks its own stack, twelve frames of this class deep, and reads a field another
// thread writes at every frame: each read is a scheduling point in the middle of the walk,
// between the batches the JDK fetches (8 frames first, then more), and the search comes back
// to states inside the walk. The walk's progress is program state (the walker's anchor), so
// every path counts the same twelve frames (down eleven times, and the thread's lambda),
// with the other thread's write before or after the last read.
public class OutcomeStackWalkShared {
    static int seen;
    static String result;

    static void down(int n) {
        if (n > 1) {
            down(n - 1);
            return;
        }
        result = StackWalker.getInstance().walk(s -> {
            long frames = s.filter(f -> seen >= 0 && f.getClassName().equals("OutcomeStackWalkShared")).count();
            return "depth=" + frames + " seen=" + seen;
        });
    }

    public static void main(String[] args) throws Exception {
        Thread walker = new Thread(() -> down(11));
        Thread writer = new Thread(() -> seen = 1);
        walker.start();
        writer.start();
        walker.join();
        writer.join();
        System.out.println("OUTCOME: " + result);
    }
}
