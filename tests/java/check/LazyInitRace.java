// rpf-expect: assertion
// rpf-race: yes (static Registry.instance: one User's write `instance = new Registry()` vs the other User's unsynchronized read `instance == null` / write in get())
//
// Check-then-act race in lazy initialization: Registry.get() does
// `if (instance == null) instance = new Registry();` without synchronization. Schedule:
// t1 reads instance == null, t2 reads instance == null, both construct a Registry. The
// constructor counts constructions (under a lock, so the count itself is exact), and main,
// after joining, asserts exactly one construction -> fails with constructions == 2
// -> assertion. Plain java runs almost always construct once.
public class LazyInitRace {
    static final Object countLock = new Object();
    static int constructions;

    static class Registry {
        static Registry instance;

        Registry() {
            synchronized (countLock) {
                constructions++;
            }
        }

        static Registry get() {
            if (instance == null) {
                instance = new Registry();
            }
            return instance;
        }
    }

    static class User extends Thread {
        @Override
        public void run() {
            Registry r = Registry.get();
            assert r != null;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        // Initialize the Registry class up front so class initialization is not part of
        // the race.
        Registry.instance = null;
        User t1 = new User();
        User t2 = new User();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert constructions == 1 : "constructed " + constructions + " times";
        System.out.println("constructions = " + constructions);
    }
}
