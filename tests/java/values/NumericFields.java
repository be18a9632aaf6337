// rpf.NumericValueChecker on fields (static and instance), an iinc-updated loop counter, and
// floating-point stores that produce NaN and infinity.
public class NumericFields {
    static double velocity;
    int altitude;

    public static void main(String[] args) {
        NumericFields plane = new NumericFields();
        for (int step = 0; step < 4; step++) {
            plane.altitude = step * 100;
            velocity = step * 2.5;
        }
        double drift = (velocity - 7.5) / (plane.altitude - 300);
        double ratio = velocity / (plane.altitude - 300);
        System.out.println("OUTCOME: " + drift + " " + ratio);
    }
}
