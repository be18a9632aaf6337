import java.lang.invoke.*;
import java.util.*;

/** MethodHandle.invokeExact and invoke of direct handles: static, virtual, interface, special, constructors. */
public class MethodHandleCalls {
    static int twice(int x) { return 2 * x; }
    static void hello(String who) { System.out.println("hello " + who); }
    String name = "obj";
    MethodHandleCalls() {}
    MethodHandleCalls(String name) { this.name = name; }
    String greet(String other) { return name + " greets " + other; }
    private int secret() { return 42; }
    static class Sub extends MethodHandleCalls {
        Sub() { super("sub"); }
        @Override String greet(String other) { return "sub overrides for " + other; }
    }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        MethodHandle tw = l.findStatic(MethodHandleCalls.class, "twice", MethodType.methodType(int.class, int.class));
        int r = (int) tw.invokeExact(21);
        System.out.println(r);
        System.out.println((int) tw.invoke(5));
        MethodHandle he = l.findStatic(MethodHandleCalls.class, "hello", MethodType.methodType(void.class, String.class));
        he.invokeExact("world");
        he.invoke((Object) "object");
        MethodHandle gr = l.findVirtual(MethodHandleCalls.class, "greet", MethodType.methodType(String.class, String.class));
        System.out.println((String) gr.invokeExact(new MethodHandleCalls(), "you"));
        System.out.println((String) gr.invokeExact((MethodHandleCalls) new Sub(), "virtual"));
        Object o = gr.invoke(new MethodHandleCalls("x"), "invoke");
        System.out.println(o);
        MethodHandle ctor = l.findConstructor(MethodHandleCalls.class, MethodType.methodType(void.class, String.class));
        MethodHandleCalls h = (MethodHandleCalls) ctor.invokeExact("made");
        System.out.println(h.name);
        MethodHandle sec = l.findVirtual(MethodHandleCalls.class, "secret", MethodType.methodType(int.class));
        System.out.println((int) sec.invokeExact(h));
        MethodHandle size = l.findVirtual(List.class, "size", MethodType.methodType(int.class));
        System.out.println((int) size.invokeExact(List.of(1, 2, 3)));
        MethodHandle len = l.findVirtual(String.class, "length", MethodType.methodType(int.class));
        System.out.println((int) len.invokeExact("four"));
        MethodHandle un = l.unreflect(MethodHandleCalls.class.getDeclaredMethod("twice", int.class));
        System.out.println((int) un.invokeExact(8));
        try {
            long bad = (long) tw.invokeExact(1);
        } catch (WrongMethodTypeException e) {
            System.out.println(e.getMessage());
        }
        try {
            String s = (String) gr.invokeExact(new MethodHandleCalls(), "x", "y");
        } catch (WrongMethodTypeException e) {
            System.out.println(e.getMessage());
        }
        try {
            Object bad = gr.invoke((Object) "not a Handles", "x");
        } catch (ClassCastException e) {
            System.out.println(e.getMessage());
        }
        try {
            String s = (String) gr.invokeExact((MethodHandleCalls) null, "x");
        } catch (NullPointerException e) {
            System.out.println("NPE");
        }
    }
}
