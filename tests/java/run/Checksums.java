import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/** CRC-32, Adler-32 and CRC-32C over arrays, single bytes, and heap and direct buffers. */
public class Checksums {
    static void show(String name, Checksum c) {
        byte[] text = "The quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.US_ASCII);
        c.update(text, 0, text.length);
        long whole = c.getValue();
        c.reset();
        for (byte b : text) {
            c.update(b);
        }
        long bytewise = c.getValue();
        c.reset();
        ByteBuffer direct = ByteBuffer.allocateDirect(text.length);
        direct.put(text).flip();
        c.update(direct);
        long fromDirect = c.getValue();
        c.reset();
        c.update(ByteBuffer.wrap(text, 4, 5));
        System.out.println(name + " " + Long.toHexString(whole) + " " + (whole == bytewise)
                + " " + (whole == fromDirect) + " " + Long.toHexString(c.getValue()));
    }

    public static void main(String[] args) {
        show("crc32", new CRC32());
        show("adler32", new Adler32());
        show("crc32c", new CRC32C());
        byte[] big = new byte[100_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        Adler32 a = new Adler32();
        a.update(big);
        CRC32 c = new CRC32();
        c.update(big, 10, 50_000);
        System.out.println(a.getValue() + " " + c.getValue());
        try {
            c.update(big, 99_999, 2);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("out of bounds");
        }
    }
}
