// Exercises an uncaught custom checked exception declared with throws, propagating out of
// main through several frames.
// Expected: exit status 1, stderr first line
//   Exception in thread "main" UncaughtCheckedException$ConfigException: missing key: port
public class UncaughtCheckedException {
    static class ConfigException extends Exception {
        ConfigException(String msg) { super(msg); }
    }

    static String get(String key) throws ConfigException {
        if (key.equals("host")) return "localhost";
        throw new ConfigException("missing key: " + key);
    }

    static void load() throws ConfigException {
        System.out.println("host = " + get("host"));
        try {
            System.out.println("port = " + get("port"));
        } finally {
            System.out.println("finally in load runs");
        }
    }

    public static void main(String[] args) throws ConfigException {
        System.out.println("loading");
        load();
        System.out.println("not reached");
    }
}
