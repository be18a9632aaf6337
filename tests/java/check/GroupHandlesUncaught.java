// rpf-expect: none
// rpf-race: no (nothing is shared)
// rpf-outcomes: handled boom
//
// The thread's group overrides uncaughtException, so the exception that ends t is handled
// by the program (as a handler set on the thread would be): not an uncaught exception.
public class GroupHandlesUncaught {
    public static void main(String[] args) throws InterruptedException {
        ThreadGroup g = new ThreadGroup("g") {
            @Override
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("OUTCOME: handled " + e.getMessage());
            }
        };
        Thread t = new Thread(g, () -> {
            throw new RuntimeException("boom");
        });
        t.start();
        t.join();
    }
}
