// Under the checker: main writes "start" to the file named by args[0] (replacing it), two
// threads each append two lines with unbuffered FileOutputStream writes ("A1", "A2" and
// "B1", "B2", each thread's file opened with O_APPEND), main joins them and reads the file
// back. The threads share no object, so only the file orders their writes: every write is
// a scheduling point, and the search must produce all 6 interleavings of the two threads'
// lines (4 lines, 2 of each thread in program order: C(4,2) = 6). Each path sees its own
// file: exactly 5 lines, "start" first, each thread's lines in order (no line written twice
// across backtracking). With args[1] = "blocks", main also asserts that each thread's lines
// are adjacent, which 4 of the 6 interleavings violate.
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

public class AppendInterleaving {
    static void append(Path file, String... lines) {
        try (FileOutputStream out = new FileOutputStream(file.toFile(), true)) {
            for (String line : lines) {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        Path file = Paths.get(args[0]);
        boolean blocks = args.length > 1 && args[1].equals("blocks");
        Files.writeString(file, "start\n");
        Thread a = new Thread(() -> append(file, "A1", "A2"));
        Thread b = new Thread(() -> append(file, "B1", "B2"));
        a.start();
        b.start();
        a.join();
        b.join();
        List<String> lines = Files.readAllLines(file);
        assert lines.size() == 5 : "expected 5 lines, got " + lines;
        assert lines.get(0).equals("start") : lines.toString();
        assert lines.indexOf("A1") < lines.indexOf("A2") : lines.toString();
        assert lines.indexOf("B1") < lines.indexOf("B2") : lines.toString();
        if (blocks) {
            int a1 = lines.indexOf("A1");
            int b1 = lines.indexOf("B1");
            assert lines.indexOf("A2") == a1 + 1 && lines.indexOf("B2") == b1 + 1
                : "interleaved: " + lines;
        }
        System.out.println("content " + String.join(",", lines));
    }
}
