import java.util.HashMap;
import java.util.Map;

/** JPF's RobotManager shape: a status thread takes a robot offline while main looks it up
 * and sends it a command; in the schedules where the removal comes first the lookup
 * returns null and main's call throws. */
public class RobotRemoved {
    static class Robot {
        String process(String sequence) {
            return "done " + sequence;
        }
    }

    static final Map<String, Robot> online = new HashMap<>();

    public static void main(String[] args) throws Exception {
        online.put("RATS-1", new Robot());
        Thread status = new Thread(() -> {
            synchronized (online) {
                online.remove("RATS-1");
            }
        }, "status");
        status.start();
        Robot robot;
        synchronized (online) {
            robot = online.get("RATS-1");
        }
        System.out.println(robot.process("move"));
        status.join();
    }
}
