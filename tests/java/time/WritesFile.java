import java.io.FileWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

// Writes a line to a file named by the first argument and reads it back. The file stream
// registers a Cleaner, whose daemon thread waits on a timed loop: it must not make the
// search endless.
public class WritesFile {
    public static void main(String[] args) throws IOException {
        Path path = Path.of(args[0]);
        try (FileWriter out = new FileWriter(path.toFile())) {
            out.write("hello\n");
        }
        String back = Files.readString(path);
        assert back.equals("hello\n") : "read back " + back;
        System.out.println("wrote and read back");
    }
}
