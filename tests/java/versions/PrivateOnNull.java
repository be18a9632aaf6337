// A private method called on null. Compiled for Java 8, the calls are `invokespecial`: the
// call sites are warmed up on real receivers first, and the NullPointerException must still
// come as on the JVM, under `rpf run` and under the checker (the last call is not caught).
public class PrivateOnNull {
    private int size() {
        return 1;
    }

    private void touch() {}

    static int sizeOf(PrivateOnNull p) {
        return p.size();
    }

    static void touchOf(PrivateOnNull p) {
        p.touch();
    }

    public static void main(String[] args) {
        PrivateOnNull none = args.length > 0 ? new PrivateOnNull() : null;
        int total = 0;
        for (int i = 0; i < 3; i++) {
            total += sizeOf(new PrivateOnNull());
            touchOf(new PrivateOnNull());
        }
        try {
            touchOf(none);
        } catch (NullPointerException e) {
            System.out.println("touch: " + e.getMessage());
        }
        try {
            total += sizeOf(none);
        } catch (NullPointerException e) {
            System.out.println("size: " + e.getMessage());
        }
        System.out.println(total);
        touchOf(none);
    }
}
