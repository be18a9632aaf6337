import gov.nasa.jpf.vm.Verify;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * Reads standard input after a choice: every path must read the same input from its start
 * (the first path must not use it up for the others), and `available()` counts what is left.
 */
public class ReadsInput {
    public static void main(String[] args) throws IOException {
        boolean choice = Verify.getBoolean();
        int available = System.in.available();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String first = in.readLine();
        String second = in.readLine();
        String third = in.readLine();
        System.out.println(
                "OUTCOME: " + choice + " " + available + " " + first + " " + second + " " + third);
        assert "hello".equals(first) && "world".equals(second) && third == null;
    }
}
