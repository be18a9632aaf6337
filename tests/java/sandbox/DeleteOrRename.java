// Under the checker: args[0] names an existing file holding "original" in a directory of
// its own, args[1] a name in the same directory that does not exist. A data choice decides
// whether to delete the file (java.io.File.delete), another whether to rename it to args[1]
// (Files.move) or write more to it (RandomAccessFile). Every path checks that what it sees
// agrees with what it did: existence, length, content and the directory listing through
// both java.io and java.nio, so a change made on one path must be invisible on the others;
// a file it wrote was modified at the program clock's present.
import gov.nasa.jpf.vm.Verify;
import java.io.File;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;

public class DeleteOrRename {
    public static void main(String[] args) throws Exception {
        Path file = Paths.get(args[0]);
        Path other = Paths.get(args[1]);
        String name = file.getFileName().toString();
        String otherName = other.getFileName().toString();
        File dir = file.getParent().toFile();
        System.out.println("checking " + name);
        assert Files.readString(file).equals("original") : "the real file is unchanged";
        boolean delete = Verify.getBoolean();
        if (delete) {
            assert file.toFile().delete() : "delete succeeds";
            assert !file.toFile().delete() : "deleting twice fails";
        }
        assert Files.exists(file) == !delete;
        assert file.toFile().exists() == !delete;
        assert Arrays.asList(dir.list()).contains(name) == !delete;
        boolean rename = !delete && Verify.getBoolean();
        if (rename) {
            Files.move(file, other);
            assert !Files.exists(file) && Files.exists(other);
            assert Files.readString(other).equals("original");
            String[] listed = dir.list();
            Arrays.sort(listed);
            assert Arrays.equals(listed, new String[] {otherName}) : Arrays.toString(listed);
        } else {
            assert !Files.exists(other) && !other.toFile().exists();
            if (!delete) {
                try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                    raf.seek(raf.length());
                    raf.writeBytes("+more");
                    raf.seek(0);
                    assert raf.readLine().equals("original+more");
                }
                assert file.toFile().length() == 13 : "length " + file.toFile().length();
                long age = System.currentTimeMillis() - file.toFile().lastModified();
                assert age >= 0 && age < 1000 : "modified " + age + " ms ago";
            }
        }
        System.out.println("delete=" + delete + " rename=" + rename + " listing="
            + Arrays.toString(dir.list()));
    }
}
