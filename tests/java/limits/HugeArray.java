/** Asks for the longest int array the language allows, more than any JVM gives. */
public class HugeArray {
    public static void main(String[] args) {
        int[] a = new int[Integer.MAX_VALUE];
        System.out.println(a.length);
    }
}
