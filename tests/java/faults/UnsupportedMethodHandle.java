import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

// Reaches a signature-polymorphic call rpf does not support (MethodHandles.insertArguments
// builds its handle with MethodHandle.invokeBasic): rpf's gap, so a check ends incomplete
// naming it, and `rpf run` throws UnsupportedOperationException. If rpf supports it one
// day, pick another.
public class UnsupportedMethodHandle {
    static int twice(int x) {
        return 2 * x;
    }

    public static void main(String[] args) throws Throwable {
        MethodHandle h = MethodHandles.lookup()
                .findStatic(UnsupportedMethodHandle.class, "twice", MethodType.methodType(int.class, int.class));
        MethodHandle bound = MethodHandles.insertArguments(h, 0, 21);
        int r = (int) bound.invokeExact();
        System.out.println(r);
    }
}
