// A field declared in a base class is written through the subclass (javac names the
// subclass in the putfield): the range on Base.level must still apply, from the first store.
public class InheritedField {
    static class Base {
        int level;
    }

    static class Sub extends Base {
        void raise(int by) {
            this.level = by;
        }
    }

    public static void main(String[] args) {
        Sub s = new Sub();
        s.raise(50);
        System.out.println("OUTCOME: " + s.level);
    }
}
