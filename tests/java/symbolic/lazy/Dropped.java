// An input object the program stops reaching is still part of the input structure: after
// probe() drops e1 (e0.a's object), the later read of e0.b may alias it, and must.
// rpf -cp out Dropped +symbolic.method=Dropped.probe() +symbolic.lazy=true: 7 paths:
//   a = null -> 0;  a = e0 -> 0;  a = e1 (new), then b = null -> 2, b = e0 -> 2,
//   b = e2 (new) with e2.v != 5 -> 2 or e2.v == 5 -> 1, b = e1 (the dropped one) -> 1.
public class Dropped {
    int v;
    Dropped a;
    Dropped b;

    int probe() {
        Dropped first = a;
        if (first == null || first == this) {
            return 0;
        }
        first.v = 5;
        a = null;
        first = null;
        for (int i = 0; i < 6000; i++) {
            new Object(); // garbage: rpf collects unreachable objects at the next state
        }
        Dropped second = b;
        if (second != null && second != this && second.v == 5) {
            return 1;
        }
        return 2;
    }

    public static void main(String[] args) {
        System.out.println(new Dropped().probe());
    }
}
