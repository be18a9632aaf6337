// Exercises in-memory text input: StringReader + BufferedReader.readLine, Scanner over a
// String (nextInt/nextDouble/next/nextLine/hasNextInt, custom delimiter), StringWriter +
// PrintWriter, ByteArrayInputStream/OutputStream with InputStreamReader, LineNumberReader,
// StreamTokenizer-free manual tokenizing, and InputMismatchException.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class ScannerReader {
    public static void main(String[] args) throws IOException {
        String text = "first line\nsecond line\r\n\nfourth after empty\nlast-no-newline";
        BufferedReader br = new BufferedReader(new StringReader(text));
        String line;
        int n = 0;
        while ((line = br.readLine()) != null) System.out.println((++n) + ": [" + line + "]");
        Scanner sc = new Scanner("12 apples 3.5 kg -7\nnext line here\n42,43,44");
        int a = sc.nextInt();
        String word = sc.next();
        double d = sc.nextDouble();
        String unit = sc.next();
        int neg = sc.nextInt();
        String rest = sc.nextLine();
        String nextLine = sc.nextLine();
        System.out.println("scanner: " + a + " " + word + " " + d + " " + unit + " " + neg + " rest=[" + rest + "] nextLine=[" + nextLine + "]");
        sc.useDelimiter(",");
        int sum = 0;
        while (sc.hasNextInt()) sum += sc.nextInt();
        System.out.println("comma delimited sum " + sum + " hasNext " + sc.hasNext());
        Scanner tokens = new Scanner("10 x 20 y 30");
        int total = 0;
        List<String> skipped = new ArrayList<>();
        while (tokens.hasNext()) {
            if (tokens.hasNextInt()) total += tokens.nextInt();
            else skipped.add(tokens.next());
        }
        System.out.println("mixed tokens total " + total + " skipped " + skipped);
        try {
            new Scanner("abc").nextInt();
        } catch (InputMismatchException e) {
            System.out.println("InputMismatchException caught");
        }
        try {
            new Scanner("").next();
        } catch (NoSuchElementException e) {
            System.out.println("NoSuchElementException caught");
        }
        Scanner lines = new Scanner("a\nb\nc");
        List<String> ls = new ArrayList<>();
        while (lines.hasNextLine()) ls.add(lines.nextLine());
        System.out.println("lines " + ls);
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            pw.print("x=");
            pw.println(5);
            pw.printf("%s|%04d%n", "y", 42);
        }
        System.out.println("StringWriter [" + sw.toString().replace("\n", "\\n") + "]");
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (Writer w = new OutputStreamWriter(bos, StandardCharsets.UTF_8)) {
            w.write("h\u00e9llo\n\u65e5\u672c\n");
        }
        byte[] data = bos.toByteArray();
        System.out.println("bytes written " + data.length);
        BufferedReader r2 = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(data), StandardCharsets.UTF_8));
        System.out.println("decoded " + r2.readLine() + " / " + r2.readLine() + " / " + r2.readLine());
        LineNumberReader lnr = new LineNumberReader(new StringReader("l1\nl2\nl3"));
        while ((line = lnr.readLine()) != null) System.out.print(lnr.getLineNumber() + "=" + line + " ");
        System.out.println();
        StringReader sr = new StringReader("chars");
        int c;
        StringBuilder sb = new StringBuilder();
        while ((c = sr.read()) != -1) sb.append((char) Character.toUpperCase(c));
        System.out.println("char by char " + sb);
        char[] buf = new char[4];
        Reader rr = new StringReader("abcdefghij");
        int got;
        List<String> chunks = new ArrayList<>();
        while ((got = rr.read(buf)) > 0) chunks.add(new String(buf, 0, got));
        System.out.println("chunks " + chunks);
        Scanner nums = new Scanner("1 2 3 4 5 6");
        long prod = 1;
        while (nums.hasNextLong()) prod *= nums.nextLong();
        System.out.println("product " + prod);
        System.out.println("done");
    }
}
