import java.util.HashMap;
import java.util.Map;

/** A lookup of a name nobody registered returns null, and the caller uses it. */
public class LookupNull {
    static class Robot {
        final String name;

        Robot(String name) {
            this.name = name;
        }

        String process(String sequence) {
            return name + ":" + sequence;
        }
    }

    static final Map<String, Robot> robots = new HashMap<>();

    static Robot find(String name) {
        return robots.get(name);
    }

    public static void main(String[] args) {
        robots.put("R2D2", new Robot("R2D2"));
        System.out.println(find("R2D2").process("beep"));
        System.out.println(find("C3PO").process("talk"));
    }
}
