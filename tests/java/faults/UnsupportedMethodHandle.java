import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

// Reaches a signature-polymorphic call rpf does not support (MethodHandle.invokeExact): rpf's
// gap, so a check ends incomplete naming it, and `rpf run` throws
// UnsupportedOperationException. If rpf supports it one day, pick another.
public class UnsupportedMethodHandle {
    static int twice(int x) {
        return 2 * x;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandle h = MethodHandles.lookup()
                .findStatic(UnsupportedMethodHandle.class, "twice", MethodType.methodType(int.class, int.class));
        int r = (int) h.invokeExact(21);
        System.out.println(r);
    }
}
