import java.util.Map;

/** System.getenv reads the environment the program was started with. */
public class EnvironmentVariables {
    public static void main(String[] args) {
        System.out.println(System.getenv("HOME"));
        System.out.println(System.getenv("PATH") != null);
        System.out.println(System.getenv("RPF_SURELY_UNSET_VARIABLE"));
        Map<String, String> all = System.getenv();
        System.out.println(all.get("HOME").equals(System.getenv("HOME")));
        try {
            all.put("X", "y");
        } catch (UnsupportedOperationException e) {
            System.out.println("read-only");
        }
    }
}
