// Exercises when class initialization happens (JLS 12.4.1): compile-time constants do not
// trigger init, non-constant static fields do, static method calls do, new does, array
// creation does not, subclass static field reference through subclass name only inits the
// declaring class, interface init is not triggered by implementing class init, and
// initialization happens only once.
public class ClassInitTrigger {
    static class Consts {
        static final int CONST = 10;
        static final String SCONST = "constant";
        static final Integer BOXED = 20;
        static int plain = 30;
        static { System.out.println("  Consts initialized"); }
        static void touch() { System.out.println("  Consts.touch"); }
    }

    static class Super {
        static int superField = 5;
        static { System.out.println("  Super initialized"); }
    }

    static class Sub extends Super {
        static int subField = 6;
        static { System.out.println("  Sub initialized"); }
    }

    interface Iface {
        int VALUE = ClassInitTrigger.noisy("  Iface initialized");
        default void m() { }
    }

    static class ImplWithDefault implements Iface {
        static { System.out.println("  ImplWithDefault initialized"); }
    }

    static class ImplNoDefault implements Runnable {
        static { System.out.println("  ImplNoDefault initialized"); }
        public void run() { }
    }

    interface Plain {
        int P = ClassInitTrigger.noisy("  Plain initialized");
    }

    static class PlainImpl implements Plain {
        static { System.out.println("  PlainImpl initialized"); }
    }

    static class Lazy {
        static { System.out.println("  Lazy initialized"); }
        static class Holder {
            static final Lazy INSTANCE = new Lazy();
            static { System.out.println("  Holder initialized"); }
        }
    }

    static int noisy(String s) {
        System.out.println(s);
        return 1;
    }

    public static void main(String[] args) {
        System.out.println("1 read CONST: " + Consts.CONST);
        System.out.println("2 read SCONST: " + Consts.SCONST);
        System.out.println("3 array of Consts");
        Consts[] arr = new Consts[3];
        System.out.println("  length " + arr.length);
        System.out.println("4 class literal");
        Class<?> k = Consts.class;
        System.out.println("  got " + k.getSimpleName());
        System.out.println("5 read BOXED (not a constant)");
        System.out.println("  value " + Consts.BOXED);
        System.out.println("6 read plain again: " + Consts.plain);
        Consts.touch();
        System.out.println("7 Sub.superField via subclass");
        System.out.println("  value " + Sub.superField);
        System.out.println("8 Sub.subField");
        System.out.println("  value " + Sub.subField);
        System.out.println("9 new PlainImpl");
        new PlainImpl();
        System.out.println("10 read Plain.P");
        System.out.println("  value " + Plain.P);
        System.out.println("11 new ImplNoDefault");
        new ImplNoDefault().run();
        System.out.println("12 Lazy holder");
        Object o = Lazy.Holder.INSTANCE;
        System.out.println("  holder returned " + (o != null));
        System.out.println("13 new ImplWithDefault (interface with default method is initialized first)");
        new ImplWithDefault().m();
        System.out.println("14 Iface.VALUE");
        System.out.println("  value " + Iface.VALUE);
        System.out.println("done");
    }
}
