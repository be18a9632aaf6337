// A program that breaks String's invariants through reflection (which java forbids for
// java.base, and rpf, without the module system, allows): coders other than Latin-1 and
// UTF-16, and a UTF-16 value of odd length. rpf's string intrinsics must neither crash nor
// compute anything but what the JDK's bytecode computes on such strings.
import java.lang.reflect.Field;

public class CorruptStrings {
    public static void main(String[] args) throws Exception {
        String s = new String("abcdef".toCharArray());
        Field coder = String.class.getDeclaredField("coder");
        coder.setAccessible(true);
        for (byte c : new byte[] {7, 100, -1, 64, 1}) {
            coder.setByte(s, c);
            try {
                StringBuilder sb = new StringBuilder("\u4e2d");
                sb.append(s).append(s.length()).append(s.hashCode()).append(s.equals("abc"))
                        .append(s.compareTo("x")).append(s.charAt(1));
                System.out.println(c + ": " + sb.length() + " " + sb.toString().hashCode());
            } catch (Throwable t) {
                System.out.println(c + ": " + t.getClass().getName());
            }
        }
        Field value = String.class.getDeclaredField("value");
        value.setAccessible(true);
        value.set(s, new byte[] {1, 2, 3});
        try {
            System.out.println(new StringBuilder("\u4e2d").append(s).length() + " " + (int) s.charAt(0));
        } catch (Throwable t) {
            System.out.println("odd length: " + t.getClass().getName());
        }
    }
}
