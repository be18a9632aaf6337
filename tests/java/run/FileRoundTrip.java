// Exercises file I/O in a fresh /tmp directory (unique name from nanoTime, never printed): FileWriter/BufferedWriter + BufferedReader
// readLine, Files.write/readAllLines/readString/writeString, appending, file size, exists,
// DataOutputStream/DataInputStream binary round trip, deleting afterwards, and
// FileNotFoundException/NoSuchFileException for a missing file (message-free checks).
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class FileRoundTrip {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createDirectory(Paths.get("/tmp", "rpf-filetest-" + System.nanoTime()));
        File f = new File(dir.toFile(), "data.txt");
        try (BufferedWriter w = new BufferedWriter(new FileWriter(f))) {
            for (int i = 1; i <= 5; i++) {
                w.write("line " + i + ": " + "*".repeat(i));
                w.newLine();
            }
        }
        System.out.println("exists " + f.exists() + " length " + f.length() + " isFile " + f.isFile() + " name " + f.getName());
        try (BufferedReader r = new BufferedReader(new FileReader(f))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) System.out.println("read[" + (n++) + "] " + line);
        }
        try (FileWriter app = new FileWriter(f, true)) {
            app.write("appended\n");
        }
        List<String> all = Files.readAllLines(f.toPath());
        System.out.println("readAllLines size " + all.size() + " last " + all.get(all.size() - 1));
        Path p2 = dir.resolve("second.txt");
        Files.write(p2, List.of("alpha", "beta", "gamma \u00e9"), StandardCharsets.UTF_8);
        System.out.println("readString " + Files.readString(p2).replace("\n", "|") + " size " + Files.size(p2));
        Files.writeString(p2, "overwritten");
        System.out.println("after writeString " + Files.readAllLines(p2));
        Path bin = dir.resolve("data.bin");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(bin)))) {
            out.writeInt(0xCAFEBABE);
            out.writeLong(-1L);
            out.writeDouble(Math.PI);
            out.writeUTF("utf \u03a9");
            out.writeBoolean(true);
        }
        System.out.println("binary size " + Files.size(bin));
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(bin.toFile())))) {
            System.out.println("readInt " + Integer.toHexString(in.readInt()) + " readLong " + in.readLong() + " readDouble " + in.readDouble() + " readUTF " + in.readUTF() + " readBoolean " + in.readBoolean());
            try {
                in.readByte();
            } catch (EOFException e) {
                System.out.println("EOFException at end");
            }
        }
        byte[] bytes = Files.readAllBytes(bin);
        System.out.println("first bytes " + (bytes[0] & 0xff) + " " + (bytes[1] & 0xff) + " total " + bytes.length);
        try {
            new FileReader(new File(dir.toFile(), "missing.txt"));
        } catch (FileNotFoundException e) {
            System.out.println("FileNotFoundException caught");
        }
        try {
            Files.readAllLines(dir.resolve("missing.txt"));
        } catch (NoSuchFileException e) {
            System.out.println("NoSuchFileException caught");
        }
        try (PrintWriter pw = new PrintWriter(new FileWriter(f))) {
            pw.printf("%d-%s%n", 7, "seven");
            pw.println(3.5);
        }
        System.out.println("PrintWriter content " + Files.readAllLines(f.toPath()));
        String[] listed = dir.toFile().list();
        Arrays.sort(listed);
        System.out.println("listing " + Arrays.toString(listed));
        for (String name : listed) Files.delete(dir.resolve(name));
        Files.delete(dir);
        System.out.println("cleaned up: " + !Files.exists(dir) + " " + !f.exists());
        System.out.println("done");
    }
}
