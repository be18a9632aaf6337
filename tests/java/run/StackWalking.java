import java.util.*;
import java.util.stream.*;
import java.util.logging.*;

/** StackWalker: frames, caller classes, lambdas, reflection, and java.util.logging's caller inference. */
public class StackWalking {
    static void deep(int n, List<String> out) {
        if (n == 0) {
            out.addAll(StackWalker.getInstance().walk(s -> s.map(f -> f.getMethodName() + ":" + f.getLineNumber()).collect(Collectors.toList())));
            return;
        }
        deep(n - 1, out);
    }

    public static void main(String[] args) throws Exception {
        List<String> frames = new ArrayList<>();
        deep(40, frames);
        System.out.println(frames.size() + " " + frames.get(0) + " " + frames.get(frames.size() - 1));
        try { System.out.println(StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass()); } catch (IllegalCallerException e) { System.out.println(e); }
        Runnable r = () -> System.out.println("in lambda: " + StackWalker.getInstance().walk(s -> s.map(StackWalker.StackFrame::toString).collect(Collectors.joining(" | "))));
        r.run();
        StackWalker.getInstance().forEach(f -> System.out.println(f.getClassName() + "." + f.getMethodName() + " " + f.getDescriptor() + " " + f.getByteCodeIndex() + " " + f.isNativeMethod() + " " + f.getFileName()));
        Class<?> top = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(s -> s.findFirst().get().getDeclaringClass());
        System.out.println(top);
        System.out.println(StackWalker.getInstance().walk(s -> s.skip(1).findFirst()).isPresent());
        Logger log = Logger.getLogger("walk");
        log.setUseParentHandlers(false);
        Handler h = new Handler() {
            public void publish(LogRecord rec) { System.out.println("logged from " + rec.getSourceClassName() + "." + rec.getSourceMethodName() + ": " + rec.getMessage()); }
            public void flush() {}
            public void close() {}
        };
        log.addHandler(h);
        log.info("hello");
        Caller.call();
        java.lang.reflect.Method m = StackWalking.class.getDeclaredMethod("reflected");
        m.invoke(null);
    }

    static void reflected() {
        System.out.println("reflected: " + StackWalker.getInstance().walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName()).limit(2).collect(Collectors.toList())));
        // rpf calls reflectively through generated code, not HotSpot's native invoke0: only
        // the public reflection frames are the same.
        System.out.println("reflect frames show Method.invoke: " + StackWalker.getInstance(StackWalker.Option.SHOW_REFLECT_FRAMES).walk(s -> s.anyMatch(f -> (f.getClassName() + "." + f.getMethodName()).equals("java.lang.reflect.Method.invoke"))));
    }
}

class Caller {
    static void call() {
        System.out.println("caller of Caller.call: " + Who.caller());
    }
}

class Who {
    static Class<?> caller() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass();
    }
}
