import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * A RobotManager in small: a daemon status thread takes a random robot offline (out of the
 * map) while main looks robots up and sends them a command; on some schedules, with some
 * random robot, main's lookup returns null and the call throws a NullPointerException.
 */
public class ReplayRobots {
    static class Robot {
        final String name;

        Robot(String name) {
            this.name = name;
        }

        String process(String command) {
            return name + ": " + command;
        }
    }

    static final String[] NAMES = {"POGO", "REX", "R2D2", "C3PO"};
    static final Map<String, Robot> online = new HashMap<>();

    static synchronized void toggle(String name) {
        if (online.containsKey(name)) {
            online.remove(name);
        } else {
            online.put(name, new Robot(name));
        }
    }

    static synchronized Robot lookup(String name) {
        return online.get(name);
    }

    public static void main(String[] args) {
        for (String n : NAMES) {
            online.put(n, new Robot(n));
        }
        Thread status = new Thread(() -> toggle(NAMES[new Random().nextInt(4)]), "status");
        status.setDaemon(true);
        status.start();
        System.out.println(lookup("R2D2").process("beep"));
    }
}
