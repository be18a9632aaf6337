// Exercises console text output: System.out.print/println of all types, printf, print(char[]),
// println(Object null), PrintStream.flush, write(int) of raw bytes, format(), append(), and
// ends with System.out.print WITHOUT a trailing newline.
public class TextIO {
    public static void main(String[] args) {
        System.out.print("a");
        System.out.print(1);
        System.out.print(2L);
        System.out.print(3.5f);
        System.out.print(4.25);
        System.out.print(true);
        System.out.print('c');
        System.out.print(new char[]{'x', 'y'});
        System.out.print((Object) null);
        System.out.print((String) null);
        System.out.println();
        System.out.println(42);
        System.out.println(-7L);
        System.out.println(1.0f / 3);
        System.out.println(2.0 / 3);
        System.out.println(false);
        System.out.println('z');
        System.out.println(new char[]{'h', 'i'});
        System.out.println((Object) null);
        System.out.println(new StringBuilder("builder"));
        System.out.printf("%d items cost %.2f%n", 3, 9.5);
        System.out.format("%s|%5s|%-5s|%n", "f", "r", "l");
        System.out.append("appended").append(' ').append("chars", 1, 4).append('\n');
        System.out.write('W');
        System.out.write('\n');
        byte[] raw = "raw bytes\n".getBytes();
        System.out.write(raw, 0, raw.length);
        System.out.flush();
        for (int i = 0; i < 3; i++) {
            System.out.print(i);
            System.out.print(i < 2 ? "," : "\n");
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50; i++) sb.append(i % 10);
        System.out.println(sb);
        System.out.println("multi\nline\ttabbed");
        System.out.println("");
        System.out.println("after blank line");
        System.out.checkError();
        System.out.print("done (no trailing newline)");
    }
}
