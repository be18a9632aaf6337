// rpf-expect: none
// rpf-race: no (x is volatile)
// rpf-outcomes: x=0 alive=true | x=0 alive=false | x=1 alive=true | x=1 alive=false
//
// A thread's end is a step of its own: between t's write of x and its end, main can read
// the write and still find t alive. A checker that ended each thread together with its
// last action would never produce "x=1 alive=true", which the JVM does when it preempts t
// right after the write.
public class OutcomeEndAfterWrite {
    static volatile int x;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        boolean alive = t.isAlive();
        t.join();
        System.out.println("OUTCOME: x=" + r + " alive=" + alive);
    }
}
