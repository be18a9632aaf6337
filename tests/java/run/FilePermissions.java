// What File.canRead/canWrite/canExecute report for files with and without permission bits,
// in a fresh /tmp directory (unique name from nanoTime, never printed), before and after
// setReadOnly/setExecutable, and for the directory itself. As the superuser (CI runs as root)
// reading and writing are always permitted, executing only with some execute bit.
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;

public class FilePermissions {
    static void show(String what, File f) {
        System.out.println(what + " read " + f.canRead() + " write " + f.canWrite()
                + " execute " + f.canExecute());
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectory(Paths.get("/tmp", "rpf-permtest-" + System.nanoTime()));
        File f = new File(dir.toFile(), "data.txt");
        Files.writeString(f.toPath(), "x");
        Files.setPosixFilePermissions(f.toPath(), PosixFilePermissions.fromString("rw-r--r--"));
        show("644", f);
        f.setReadOnly();
        show("read-only", f);
        f.setExecutable(true);
        show("executable", f);
        Files.setPosixFilePermissions(f.toPath(), PosixFilePermissions.fromString("---------"));
        show("000", f);
        show("directory", dir.toFile());
        f.delete();
        dir.toFile().delete();
    }
}
