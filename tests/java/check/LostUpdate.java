// rpf-expect: assertion
// rpf-race: yes (static count: t1's count++ write vs t2's count++ read/write, unsynchronized)
//
// Two threads each execute `count++` once on a shared static int without synchronization.
// count++ is a read (getstatic) followed by a write (putstatic). In the schedule
// "t1 reads 0, t2 reads 0, t1 writes 1, t2 writes 1" one increment is lost and main, after
// joining both threads, fails `assert count == 2` (count == 1) -> assertion. A plain java
// run almost always prints count = 2 (t1 finishes before t2 starts).
public class LostUpdate {
    static int count;

    static class Incrementer extends Thread {
        @Override
        public void run() {
            count++;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Incrementer t1 = new Incrementer();
        Incrementer t2 = new Incrementer();
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        assert count == 2 : "lost update: count = " + count;
        System.out.println("count = " + count);
    }
}
