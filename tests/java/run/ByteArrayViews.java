import java.io.File;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.UUID;

/** Byte-array views as wider types (MethodHandles.byteArrayViewVarHandle) and what uses them. */
public class ByteArrayViews {
    static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle CHAR_BE = MethodHandles.byteArrayViewVarHandle(char[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle FLOAT_LE = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle DOUBLE_BE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle BUFFER_LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(String.format("%02x", b & 0xff));
        }
        return s.toString();
    }

    static void attempt(String what, Runnable r) {
        try {
            r.run();
            System.out.println(what + ": ok");
        } catch (RuntimeException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        for (String algorithm : new String[] {"MD5", "SHA-1", "SHA-256", "SHA-512"}) {
            MessageDigest md = MessageDigest.getInstance(algorithm);
            System.out.println(algorithm + " abc " + hex(md.digest("abc".getBytes("UTF-8"))));
            byte[] big = new byte[1000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31);
            }
            md.update(big, 3, 900);
            System.out.println(algorithm + " big " + hex(md.digest()));
        }
        System.out.println(UUID.nameUUIDFromBytes("rpf".getBytes("UTF-8")));
        UUID random = UUID.randomUUID();
        System.out.println("random uuid version " + random.version() + " variant " + random.variant());
        System.out.println("secure random below 1: " + new SecureRandom().nextInt(1));

        byte[] b = new byte[16];
        INT_BE.set(b, 0, 0x01020304);
        INT_LE.set(b, 4, 0x01020304);
        System.out.println(hex(b));
        System.out.println(Integer.toHexString((int) INT_LE.get(b, 0)) + " " + Integer.toHexString((int) INT_BE.get(b, 1)));
        System.out.println((boolean) INT_BE.compareAndSet(b, 0, 0x01020304, 42) + " " + (int) INT_BE.getVolatile(b, 0));
        System.out.println((boolean) INT_BE.compareAndSet(b, 0, 7, 8) + " " + (int) INT_BE.getAndAdd(b, 0, 10) + " " + (int) INT_BE.get(b, 0));
        LONG_BE.set(b, 8, -2L);
        System.out.println((long) LONG_BE.getAndAdd(b, 8, 5L) + " " + (long) LONG_BE.get(b, 8) + " " + hex(b));
        SHORT_LE.set(b, 1, (short) -3);
        CHAR_BE.set(b, 3, 'Z');
        System.out.println((short) SHORT_LE.get(b, 1) + " " + (char) CHAR_BE.get(b, 3));
        FLOAT_LE.set(b, 0, 1.5f);
        System.out.println((float) FLOAT_LE.get(b, 0) + " " + (boolean) FLOAT_LE.compareAndSet(b, 0, 1.5f, -0.0f) + " " + (float) FLOAT_LE.get(b, 0));
        DOUBLE_BE.set(b, 8, Math.PI);
        System.out.println((double) DOUBLE_BE.get(b, 8) + " " + hex(b));
        attempt("unaligned plain get", () -> System.out.println((int) INT_BE.get(b, 3)));
        attempt("unaligned volatile get", () -> System.out.println((int) INT_BE.getVolatile(b, 3)));
        attempt("out of bounds", () -> System.out.println((int) INT_BE.get(b, 13)));
        attempt("negative index", () -> System.out.println((long) LONG_BE.get(b, -1)));
        attempt("short compareAndSet", () -> System.out.println((boolean) SHORT_LE.compareAndSet(b, 0, (short) 0, (short) 1)));
        attempt("float getAndAdd", () -> System.out.println((float) FLOAT_LE.getAndAdd(b, 0, 1f)));
        attempt("null array", () -> System.out.println((int) INT_BE.get((byte[]) null, 0)));

        ByteBuffer buffer = ByteBuffer.allocate(16);
        BUFFER_LONG.set(buffer, 8, 0x1122334455667788L);
        System.out.println(Long.toHexString((long) BUFFER_LONG.get(buffer, 8)) + " " + buffer.getLong(8));
        ByteBuffer direct = ByteBuffer.allocateDirect(16);
        BUFFER_LONG.set(direct, 0, 99L);
        System.out.println((long) BUFFER_LONG.get(direct, 0) + " " + direct.getLong(0));

        File temp = File.createTempFile("rpf-views", ".tmp");
        System.out.println(temp.exists() + " " + temp.getName().startsWith("rpf-views") + " " + temp.delete());
    }
}
