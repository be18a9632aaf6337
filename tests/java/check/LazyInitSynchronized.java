// rpf-expect: none
// rpf-race: no (Registry.instance accessed only in static synchronized get() and by main before start; constructions under countLock; seen read by main after join)
//
// LazyInitRace with a synchronized get(): the null check and the assignment of `instance`
// happen atomically under the class monitor, so whichever thread enters first constructs
// the Registry and the other sees instance != null. Exactly one construction on every
// interleaving (asserted after the joins), both threads get the same instance (asserted by
// each user), single lock -> no deadlock.
public class LazyInitSynchronized {
    static final Object countLock = new Object();
    static int constructions;

    static class Registry {
        static Registry instance;

        Registry() {
            synchronized (countLock) {
                constructions++;
            }
        }

        static synchronized Registry get() {
            if (instance == null) {
                instance = new Registry();
            }
            return instance;
        }
    }

    static class User extends Thread {
        Registry seen;

        @Override
        public void run() {
            seen = Registry.get();
            assert seen != null;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Registry.instance = null;
        User t1 = new User();
        User t2 = new User();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert t1.seen == t2.seen : "two different instances";
        assert constructions == 1 : "constructed " + constructions + " times";
        System.out.println("constructions = " + constructions);
    }
}
