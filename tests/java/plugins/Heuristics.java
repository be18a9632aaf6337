import gov.nasa.jpf.vm.Verify;

// Heuristic choices configured in properties: `velocity` and `count` name generators whose
// classes and parameters come from the .jpf file or the command line.
public class Heuristics {
    public static void main(String[] args) {
        double v = Verify.getDouble("velocity");
        int n = Verify.getInt("count");
        System.out.println("OUTCOME: " + v + " " + n);
    }
}
