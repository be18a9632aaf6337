import java.lang.reflect.*;
/** Method.invoke checks the receiver and converts arguments as HotSpot does: unboxing with
 * widening, IllegalArgumentException for anything else. */
public class ReflectiveArguments {
  public static void m(Integer x) { System.out.println("m " + x); }
  public static void l(long x) { System.out.println("l " + x); }
  public static void d(double x) { System.out.println("d " + x); }
  public static void c(char x) { System.out.println("c " + x); }
  public void inst(String s) { System.out.println("inst " + s); }
  static void call(Method m, Object recv, Object... args) {
    try { m.invoke(recv, args); }
    catch (IllegalArgumentException e) { System.out.println("IAE " + e.getMessage()); }
    catch (NullPointerException e) { System.out.println("NPE"); }
    catch (Exception e) { System.out.println(e.getClass().getName()); }
  }
  public static void main(String[] a) throws Exception {
    call(ReflectiveArguments.class.getMethod("m", Integer.class), null, "s");
    call(ReflectiveArguments.class.getMethod("m", Integer.class), null, 3);
    call(ReflectiveArguments.class.getMethod("m", Integer.class), null, (Object) null);
    call(ReflectiveArguments.class.getMethod("l", long.class), null, 3);
    call(ReflectiveArguments.class.getMethod("l", long.class), null, (byte) 3);
    call(ReflectiveArguments.class.getMethod("l", long.class), null, 3.0);
    call(ReflectiveArguments.class.getMethod("l", long.class), null, (Object) null);
    call(ReflectiveArguments.class.getMethod("d", double.class), null, 'x');
    call(ReflectiveArguments.class.getMethod("d", double.class), null, 7L);
    call(ReflectiveArguments.class.getMethod("c", char.class), null, (byte) 1);
    call(ReflectiveArguments.class.getMethod("c", char.class), null, 'q');
    Method inst = ReflectiveArguments.class.getMethod("inst", String.class);
    call(inst, new ReflectiveArguments(), "ok");
    call(inst, "not a ReflectiveArguments", "x");
    call(inst, null, "x");
    inst.setAccessible(true);
    call(inst, null, "x");
    call(inst, new ReflectiveArguments(), 5);
    call(ReflectiveArguments.class.getMethod("m", Integer.class), null);
  }
}
