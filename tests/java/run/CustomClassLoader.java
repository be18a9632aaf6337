import java.util.function.Supplier;

/**
 * A class loader of the program's own defines a class from bytes (a class named Gen, which is
 * on no class path: its class file is below, compiled from
 * {@code public class Gen implements Supplier<String> { public String get() { return "made by " + getClass().getName(); } }}).
 */
public class CustomClassLoader {
    static final String GEN =
        "cafebabe0000003400280a000200030700040c000500060100106a6176612f6c616e672f4f626a6563740100063c696e" +
        "69743e0100032829560700080100176a6176612f6c616e672f537472696e674275696c6465720a0007000308000b0100" +
        "086d616465206279200a0007000d0c000e000f010006617070656e6401002d284c6a6176612f6c616e672f537472696e" +
        "673b294c6a6176612f6c616e672f537472696e674275696c6465723b0a000200110c00120013010008676574436c6173" +
        "7301001328294c6a6176612f6c616e672f436c6173733b0a001500160700170c0018001901000f6a6176612f6c616e67" +
        "2f436c6173730100076765744e616d6501001428294c6a6176612f6c616e672f537472696e673b0a0007001b0c001c00" +
        "19010008746f537472696e670a001e001f0700200c0021001901000347656e01000367657407002301001b6a6176612f" +
        "7574696c2f66756e6374696f6e2f537570706c696572010004436f646501001428294c6a6176612f6c616e672f4f626a" +
        "6563743b0100095369676e61747572650100434c6a6176612f6c616e672f4f626a6563743b4c6a6176612f7574696c2f" +
        "66756e6374696f6e2f537570706c6965723c4c6a6176612f6c616e672f537472696e673b3e3b0021001e000200010022" +
        "00000003000100050006000100240000001100010001000000052ab70001b10000000000010021001900010024000000" +
        "26000200010000001abb000759b70009120ab6000c2ab60010b60014b6000cb6001ab000000000104100210025000100" +
        "240000001100010001000000052ab6001db00000000000010026000000020027";

    static byte[] bytes(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    public static void main(String[] args) throws Exception {
        byte[] gen = bytes(GEN);
        ClassLoader loader = new ClassLoader(CustomClassLoader.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (name.equals("Gen")) {
                    return defineClass(name, gen, 0, gen.length);
                }
                throw new ClassNotFoundException(name);
            }
        };
        Class<?> c = loader.loadClass("Gen");
        System.out.println(c.getName() + " " + c.getSimpleName() + " " + (loader.loadClass("Gen") == c));
        @SuppressWarnings("unchecked")
        Supplier<String> s = (Supplier<String>) c.getDeclaredConstructor().newInstance();
        System.out.println(s.get());
        try {
            loader.loadClass("Missing");
        } catch (ClassNotFoundException e) {
            System.out.println("not found: " + e.getMessage());
        }
    }
}
