import java.util.HashMap;
import java.util.Map;

/**
 * JPF's RobotManager in small: a thread takes a robot out of the map between main's
 * containsKey and get, so main calls a method on null in some interleavings. The report's
 * message names the call, as java's helpful NullPointerException message does.
 */
public class NullAfterRemoval {
    static class Robot {
        String processSequence(String s) {
            return "ok " + s;
        }
    }

    static final Map<String, Robot> online = new HashMap<>();

    public static void main(String[] args) {
        online.put("POGO-1", new Robot());
        Thread status = new Thread(() -> online.remove("POGO-1"));
        status.start();
        if (online.containsKey("POGO-1")) {
            Robot robot = online.get("POGO-1");
            System.out.println(robot.processSequence("left; go"));
        }
    }
}
