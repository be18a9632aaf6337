// Under the checker: a data choice decides whether to create the file named by args[0]
// (after a warm-up write and delete of another file); after a second choice main asserts
// the file does not exist. The path that wrote it violates the assertion and the other does
// not: each sees its own file system. With vm.fs=real the file is really written.
import gov.nasa.jpf.vm.Verify;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

public class WriteThenCheck {
    public static void main(String[] args) throws Exception {
        Path file = Paths.get(args[0]);
        Path warmup = Paths.get(args[0] + ".warmup");
        Files.writeString(warmup, "w");
        Files.delete(warmup);
        if (Verify.getBoolean()) {
            Files.writeString(file, "w");
        }
        Verify.getBoolean();
        assert !Files.exists(file) : "the file was written";
        System.out.println("no file");
    }
}
