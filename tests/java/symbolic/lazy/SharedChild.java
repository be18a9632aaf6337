// Lazy initialization finds an input structure with aliasing: check() fails only when
// both children are the same object holding 42. With symbolic.lazy=true and
// symbolic.method=SharedChild.check(), rpf reports the IllegalStateException with the
// structure (e0.left = e0.right = e0, or a shared new child e1) and confirms it by
// replaying the program on those inputs.
public class SharedChild {
    int value;
    SharedChild left;
    SharedChild right;

    int check() {
        if (left != null && right != null && left == right && left.value == 42) {
            throw new IllegalStateException("shared child holding 42");
        }
        return value;
    }

    public static void main(String[] args) {
        System.out.println(new SharedChild().check());
    }
}
