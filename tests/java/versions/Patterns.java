/** Java 21 pattern matching for switch and record patterns; compiled with --release 21. */
public class Patterns {
    sealed interface Expr permits Num, Add, Mul, Neg {}
    record Num(int v) implements Expr {}
    record Add(Expr l, Expr r) implements Expr {}
    record Mul(Expr l, Expr r) implements Expr {}
    record Neg(Expr e) implements Expr {}
    enum Color { RED, GREEN, BLUE }

    static int eval(Expr e) {
        return switch (e) {
            case Num n -> n.v();
            case Add(Expr l, Expr r) -> eval(l) + eval(r);
            case Mul(Num(var a), Num(var b)) -> a * b;
            case Mul m -> eval(m.l()) * eval(m.r());
            case Neg(var inner) -> -eval(inner);
        };
    }

    static String kind(Object o) {
        return switch (o) {
            case null -> "null";
            case Integer i when i > 10 -> "big int " + i;
            case Integer i -> "int " + i;
            case String s -> "string of " + s.length();
            case Color c -> "color " + c.name().toLowerCase();
            default -> "other " + o.getClass().getSimpleName();
        };
    }

    static String color(Color c) {
        return switch (c) {
            case RED -> "r";
            case GREEN -> "g";
            case BLUE -> "b";
        };
    }

    public static void main(String[] args) {
        Expr e = new Add(new Num(2), new Mul(new Num(3), new Num(4)));
        System.out.println(e + " = " + eval(e));
        System.out.println(eval(new Neg(new Mul(new Add(new Num(1), new Num(1)), new Num(5)))));
        for (Object o : new Object[] {5, 42, "hello", Color.GREEN, 2.5, null}) System.out.println(kind(o));
        for (Color c : Color.values()) System.out.print(color(c));
        System.out.println();
        System.out.println("done");
    }
}
