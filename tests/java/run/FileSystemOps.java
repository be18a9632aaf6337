// Exercises the file operations the checker's sandbox models, in a fresh /tmp directory
// (unique name from nanoTime, never printed): RandomAccessFile (write, seek, read, length,
// setLength, getFilePointer), truncation by FileOutputStream and Files.write, appends,
// createNewFile, mkdir/mkdirs, File.renameTo and Files.move (of a file and of a directory
// with its content), delete of files and of a non-empty directory (refused), listings
// (sorted), FileChannel position/size/truncate, and the exceptions of the common failures.
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class FileSystemOps {
    static String listing(File dir) {
        String[] names = dir.list();
        if (names == null) return "null";
        Arrays.sort(names);
        return Arrays.toString(names);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectory(Paths.get("/tmp", "rpf-fsops-" + System.nanoTime()));
        File root = dir.toFile();
        File raf = new File(root, "random.bin");
        try (RandomAccessFile f = new RandomAccessFile(raf, "rw")) {
            f.writeInt(42);
            f.writeUTF("hello");
            System.out.println("pointer " + f.getFilePointer() + " length " + f.length());
            f.seek(0);
            System.out.println("readInt " + f.readInt() + " readUTF " + f.readUTF());
            f.seek(20);
            f.write(7);
            System.out.println("after gap length " + f.length());
            f.seek(12);
            System.out.println("gap byte " + f.read());
            f.setLength(6);
            System.out.println("setLength length " + f.length() + " pointer " + f.getFilePointer() + " read " + f.read());
        }
        try (RandomAccessFile f = new RandomAccessFile(raf, "r")) {
            byte[] b = new byte[10];
            System.out.println("read-only read " + f.read(b) + " first " + b[3]);
            try {
                f.write(1);
            } catch (IOException e) {
                System.out.println("write on r: IOException");
            }
        }
        File text = new File(root, "text.txt");
        System.out.println("createNewFile " + text.createNewFile() + " again " + text.createNewFile() + " length " + text.length());
        try (FileOutputStream out = new FileOutputStream(text)) {
            out.write("one two three".getBytes(StandardCharsets.UTF_8));
        }
        try (FileOutputStream out = new FileOutputStream(text, true)) {
            out.write(" four".getBytes(StandardCharsets.UTF_8));
        }
        System.out.println("appended " + Files.readString(text.toPath()));
        try (FileOutputStream out = new FileOutputStream(text)) {
            out.write("short".getBytes(StandardCharsets.UTF_8));
        }
        System.out.println("truncated " + Files.readString(text.toPath()) + " " + text.length());
        try (FileChannel ch = FileChannel.open(text.toPath(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.position(2);
            ch.write(ByteBuffer.wrap("OR".getBytes(StandardCharsets.UTF_8)));
            System.out.println("channel position " + ch.position() + " size " + ch.size());
            ch.truncate(3);
            System.out.println("channel truncated size " + ch.size());
        }
        System.out.println("after channel " + Files.readString(text.toPath()));
        File sub = new File(root, "a/b/c");
        System.out.println("mkdir without parents " + sub.mkdir() + " mkdirs " + sub.mkdirs() + " isDirectory " + sub.isDirectory());
        Files.writeString(sub.toPath().resolve("deep.txt"), "deep");
        System.out.println("root " + listing(root) + " a/b " + listing(new File(root, "a/b")));
        File renamed = new File(root, "renamed.txt");
        System.out.println("renameTo " + text.renameTo(renamed) + " old exists " + text.exists() + " new " + Files.readString(renamed.toPath()));
        Files.move(dir.resolve("a"), dir.resolve("moved"));
        System.out.println("moved dir " + listing(root) + " deep " + Files.readString(dir.resolve("moved/b/c/deep.txt")));
        try {
            Files.delete(dir.resolve("moved"));
        } catch (DirectoryNotEmptyException e) {
            System.out.println("DirectoryNotEmptyException");
        }
        try {
            Files.createFile(renamed.toPath());
        } catch (FileAlreadyExistsException e) {
            System.out.println("FileAlreadyExistsException");
        }
        try {
            Files.move(dir.resolve("missing"), dir.resolve("x"));
        } catch (NoSuchFileException e) {
            System.out.println("NoSuchFileException");
        }
        try {
            new FileOutputStream(new File(root, "no/such/dir.txt"));
        } catch (FileNotFoundException e) {
            System.out.println("FileNotFoundException");
        }
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path p : stream) names.add(p.getFileName().toString() + (Files.isDirectory(p) ? "/" : ""));
        }
        Collections.sort(names);
        System.out.println("directory stream " + names);
        System.out.println("delete missing " + new File(root, "missing").delete());
        Files.delete(dir.resolve("moved/b/c/deep.txt"));
        Files.delete(dir.resolve("moved/b/c"));
        Files.delete(dir.resolve("moved/b"));
        Files.delete(dir.resolve("moved"));
        System.out.println("deleted " + raf.delete() + " " + renamed.delete() + " listing " + listing(root));
        Files.delete(dir);
        System.out.println("cleaned up " + !root.exists() + " list of missing " + listing(root));
        System.out.println("done");
    }
}
