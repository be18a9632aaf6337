// rpf-race: no (single thread)
// pick() is replaced by the fixture.Chooser bytecode factory: its two cascaded choices a in
// {1, 2} and b in {10, 20} make pick() return a + b, four outcomes. Run plainly, pick()
// returns 0.
public class Choices2 {
    static int pick() {
        return 0;
    }

    public static void main(String[] args) {
        System.out.println("OUTCOME: " + pick());
    }
}
