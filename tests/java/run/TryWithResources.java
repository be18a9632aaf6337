// Exercises try-with-resources: close order (reverse of opening), close called on
// exceptions, suppressed exceptions from close (getSuppressed), exception in resource
// initialization closes already-opened resources, null resources, and addSuppressed.
import java.util.*;

public class TryWithResources {
    static List<String> log = new ArrayList<>();

    static class Res implements AutoCloseable {
        final String name;
        final boolean failOnClose;
        Res(String name, boolean failOnClose) {
            this.name = name;
            this.failOnClose = failOnClose;
            log.add("open " + name);
        }
        Res(String name) { this(name, false); }
        void use() { log.add("use " + name); }
        @Override public void close() throws Exception {
            log.add("close " + name);
            if (failOnClose) throw new IllegalStateException("close failed: " + name);
        }
    }

    static Res failingOpen(String name) {
        throw new IllegalArgumentException("cannot open " + name);
    }

    static void flush(String title) {
        System.out.println(title + ": " + log);
        log.clear();
    }

    public static void main(String[] args) {
        try (Res a = new Res("a"); Res b = new Res("b")) {
            a.use();
            b.use();
        } catch (Exception e) {
            System.out.println("unexpected " + e);
        }
        flush("normal");
        try (Res a = new Res("a"); Res b = new Res("b")) {
            b.use();
            throw new RuntimeException("body failed");
        } catch (Exception e) {
            log.add("caught " + e.getMessage());
        } finally {
            log.add("finally");
        }
        flush("body throws");
        try (Res a = new Res("a", true); Res b = new Res("b", true)) {
            throw new RuntimeException("primary");
        } catch (Exception e) {
            log.add("caught " + e.getMessage());
            for (Throwable s : e.getSuppressed()) log.add("suppressed " + s.getMessage());
        }
        flush("suppressed");
        try (Res a = new Res("a", true)) {
            a.use();
        } catch (Exception e) {
            log.add("caught " + e.getMessage() + " suppressed=" + e.getSuppressed().length);
        }
        flush("close throws only");
        try (Res a = new Res("a"); Res b = failingOpen("b"); Res c = new Res("c")) {
            log.add("body not reached");
        } catch (Exception e) {
            log.add("caught " + e.getMessage());
        }
        flush("init fails");
        try (Res n = null) {
            log.add("null resource body");
        } catch (Exception e) {
            log.add("caught " + e);
        }
        flush("null resource");
        Res outer = new Res("pre");
        try (outer) {
            outer.use();
        } catch (Exception e) {
            log.add("caught " + e);
        }
        flush("effectively final resource");
        Exception main = new Exception("main");
        main.addSuppressed(new RuntimeException("s1"));
        main.addSuppressed(new Error("s2"));
        System.out.println("manual suppressed: " + Arrays.toString(main.getSuppressed()));
        try (AutoCloseable lam = () -> log.add("lambda close")) {
            log.add("lambda body");
        } catch (Exception e) {
            log.add("caught " + e);
        }
        flush("lambda resource");
        System.out.println("done");
    }
}
