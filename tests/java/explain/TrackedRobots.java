/** Two robots share a counter; one thread's step can see the other's half-done update. */
public class TrackedRobots {
    static class Robot {
        int steps;

        void step() {
            steps = steps + 1;
        }
    }

    public static void main(String[] args) throws Exception {
        Robot shared = new Robot();
        Robot local = new Robot();
        Thread t = new Thread(shared::step, "stepper");
        t.start();
        shared.step();
        local.step();
        t.join();
        assert shared.steps == 2 : "lost a step: " + shared.steps;
    }
}
