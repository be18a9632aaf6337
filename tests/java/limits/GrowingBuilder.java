/** A StringBuilder that grows forever, 64 KiB at a time. */
public class GrowingBuilder {
    public static void main(String[] args) {
        String chunk = "x".repeat(1 << 16);
        StringBuilder sb = new StringBuilder();
        while (true) {
            sb.append(chunk);
        }
    }
}
