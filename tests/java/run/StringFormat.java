// Exercises String.format/printf with %d %5d %-5d %05d %x %X %o %s %10s %-10s %c %b %.2f
// %10.3f %e %.3e %% %n, %+d, argument indexes, and formatting of negative numbers and nulls.
public class StringFormat {
    public static void main(String[] args) {
        System.out.println(String.format("[%d] [%5d] [%-5d] [%05d]", 42, 42, 42, 42));
        System.out.println(String.format("[%d] [%5d] [%-5d] [%05d]", -42, -42, -42, -42));
        System.out.println(String.format("[%x] [%X] [%o] [%08x]", 255, 255, 8, 0xBEEF));
        System.out.println(String.format("[%x] [%X]", -1, -1L));
        System.out.println(String.format("[%s] [%10s] [%-10s] [%S]", "abc", "abc", "abc", "abc"));
        System.out.println(String.format("[%c] [%c] [%b] [%b] [%b]", 'x', 65, true, null, "nonnull"));
        System.out.println(String.format("[%.2f] [%10.3f] [%-10.1f] [%f]", Math.PI, Math.E, -1.25, 0.1));
        System.out.println(String.format("[%.0f] [%.0f] [%.0f] [%.1f]", 0.5, 1.5, 2.5, 0.05));
        System.out.println(String.format("[%e] [%.3e] [%E]", 12345.678, 0.000123456, 1e100));
        System.out.println(String.format("100%% sure%n").trim());
        System.out.printf("printf %s=%d, %s=%.1f%n", "a", 1, "b", 2.55);
        System.out.println(String.format("[%2$s %1$s] [%1$s]", "world", "hello"));
        System.out.println(String.format("[%s] [%10s] [%.2s]", null, null, "abcdef"));
        System.out.println(String.format("[%d] [%d] [%d]", Long.MAX_VALUE, (byte) -1, (short) 300));
        System.out.println(String.format("[%+d] [% d] [%+d]", 5, 5, -5));
        System.out.println(String.format("[%s] [%s] [%s]", 1.0, 1e10, new int[0].length));
        System.out.println(String.format("[%10.4s]", "truncate"));
        System.out.println(String.format("%-6s|%6s|%06.2f", "ab", "cd", 3.14159));
        StringBuilder table = new StringBuilder();
        String[] names = {"apple", "kiwi", "watermelon"};
        double[] prices = {1.5, 0.25, 12.0};
        for (int i = 0; i < names.length; i++) table.append(String.format("%-12s%8.2f%n", names[i], prices[i]));
        System.out.print(table);
        try {
            String.format("%d", "notanumber");
        } catch (java.util.IllegalFormatException e) {
            System.out.println("format error: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        try {
            String.format("%s %s", "only one");
        } catch (java.util.MissingFormatArgumentException e) {
            System.out.println("missing: " + e.getMessage());
        }
        System.out.println("formatted(): " + "%d-%s".formatted(7, "x"));
        System.out.println("done");
    }
}
