// rpf-expect: deadlock
// rpf-race: no (no field is accessed)
//
// Two static initializers that each need the other's class. Thread one first touches A,
// thread two first touches B. If one thread starts initializing its class and the other
// starts the other class before the first needs it, each then waits for the other's
// initialization to finish: no thread can run (main waits in join). Between starting its
// class and needing the other, neither thread does anything another could see, so the only
// step that orders them is which class each starts initializing: a checker that made the
// start of a class's initialization no scheduling point would let every initialization run
// to its end and report nothing.
public class ClassInitDeadlock {
    static class A {
        static {
            B.touch();
        }

        static void touch() {}
    }

    static class B {
        static {
            A.touch();
        }

        static void touch() {}
    }

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(A::touch);
        Thread two = new Thread(B::touch);
        one.start();
        two.start();
        one.join();
        two.join();
    }
}
