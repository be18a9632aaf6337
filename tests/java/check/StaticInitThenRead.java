// rpf-expect: none
// rpf-race: no (Config.value is written only by Config's static initializer, which every
// other access waits for)
//
// Both threads first use Config, so either may run its static initializer; the other
// thread's read of Config.value waits until the initialization is complete (JLS 12.4.2),
// which orders the initializer's write before it. Not a data race.
public class StaticInitThenRead {
    static class Config {
        static int value;

        static {
            value = 42;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> {
            int v = Config.value;
            assert v == 42 : "read " + v;
        });
        t.start();
        int w = Config.value;
        assert w == 42 : "read " + w;
        t.join();
    }
}
