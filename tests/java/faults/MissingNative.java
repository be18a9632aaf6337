import java.net.InetAddress;

// Reaches a native of the class library rpf does not implement (InetAddress.init, from
// InetAddress's static initializer): rpf's gap, reported as unsupported, naming it. If rpf
// implements it one day, pick another.
public class MissingNative {
    public static void main(String[] args) {
        System.out.println(InetAddress.getLoopbackAddress());
    }
}
