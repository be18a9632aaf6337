import java.util.Arrays;

/** Nest members (Class.getNestMembers) and the classes of enum constants with bodies. */
public class NestsAndEnumBodies {
    static class Inner {
        class Deeper {}
    }

    enum Op {
        PLUS {
            int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            int apply(int a, int b) {
                return a * b;
            }
        };

        abstract int apply(int a, int b);
    }

    public static void main(String[] args) {
        for (Class<?> c : NestsAndEnumBodies.class.getNestMembers()) {
            System.out.println(c.getName());
        }
        System.out.println(Arrays.toString(Inner.Deeper.class.getNestMembers()).length() > 0);
        System.out.println(Inner.Deeper.class.getNestHost().getName());
        Class<?> body = Op.PLUS.getClass();
        System.out.println(body.getName() + " anonymous=" + body.isAnonymousClass()
                + " enum=" + body.isEnum() + " declaring=" + Op.PLUS.getDeclaringClass().getSimpleName()
                + " simple='" + body.getSimpleName() + "'");
        System.out.println(Op.TIMES.apply(6, 7) + " " + Op.PLUS.apply(6, 7));
        System.out.println(Inner.class.isNestmateOf(Inner.Deeper.class));
    }
}
