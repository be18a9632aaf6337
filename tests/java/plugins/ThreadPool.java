// rpf-race: no (the workers touch no shared data)
// Starts three workers that each yield once before finishing: with
// threads.max=3, the state where main and all three workers are alive violates
// rpf.ThreadLimit.
public class ThreadPool {
    public static void main(String[] args) throws InterruptedException {
        Thread[] workers = new Thread[3];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(() -> Thread.yield());
            workers[i].start();
        }
        for (Thread w : workers) {
            w.join();
        }
    }
}
