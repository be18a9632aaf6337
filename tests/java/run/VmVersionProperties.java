/** The version properties a program may read report the JDK it runs on, as java's do. */
public class VmVersionProperties {
    public static void main(String[] args) {
        for (String key : new String[] {"java.version", "java.runtime.version", "java.vm.version",
                "java.specification.version", "java.vm.specification.version"}) {
            System.out.println(key + "=" + System.getProperty(key));
        }
        System.out.println("Runtime.version()=" + Runtime.version());
    }
}
