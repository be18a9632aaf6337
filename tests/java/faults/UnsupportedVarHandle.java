import java.security.MessageDigest;

// Reaches a kind of VarHandle rpf does not support (a byte-array view, which SHA digests use
// through ByteArrayAccess): rpf's gap, so a check ends incomplete naming it, and `rpf run`
// throws UnsupportedOperationException. If rpf supports it one day, pick another.
public class UnsupportedVarHandle {
    public static void main(String[] args) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-1").digest(new byte[] {1, 2, 3});
        System.out.println(digest.length);
    }
}
