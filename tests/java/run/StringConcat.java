// Exercises string concatenation (invokedynamic makeConcatWithConstants) with every primitive
// type, char, null, objects with toString, compound += on strings, constant folding,
// evaluation order of operands, and String.valueOf/concat.
public class StringConcat {
    static class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        public String toString() { return "(" + x + "," + y + ")"; }
    }

    static int counter = 0;
    static int next() { return ++counter; }

    public static void main(String[] args) {
        boolean z = true;
        byte b = -8;
        short s = 300;
        char c = 'q';
        int i = -42;
        long l = 1L << 40;
        float f = 1.5f;
        double d = -2.25;
        String n = null;
        Object on = null;
        System.out.println("all: " + z + b + s + c + i + l + f + d + n + on);
        System.out.println("sep: " + z + "|" + b + "|" + s + "|" + c + "|" + i + "|" + l + "|" + f + "|" + d + "|" + n);
        System.out.println(1 + 2 + "3" + 4 + 5);
        System.out.println('a' + 'b' + "c" + 'd' + 'e');
        System.out.println("" + 'a' + 'b');
        System.out.println(c + 1 + "x");
        String acc = "";
        for (int k = 0; k < 5; k++) acc += k + ",";
        System.out.println("acc " + acc);
        String t = "start";
        t += 1 + 2;
        t += 'c';
        t += null;
        t += 2.0f;
        System.out.println("compound " + t);
        System.out.println("objects " + new Point(1, 2) + " " + new int[0].length + " " + new StringBuilder("sb"));
        System.out.println("order " + next() + next() + next());
        final String CONST = "con";
        String folded = CONST + "cat";
        System.out.println("folded interned " + (folded == "concat"));
        String dynamic = new String("con") + "cat";
        System.out.println("dynamic interned " + (dynamic == "concat") + " equals " + dynamic.equals("concat"));
        System.out.println("valueOf " + String.valueOf(3.0) + String.valueOf(true) + String.valueOf('x') + String.valueOf(7L));
        System.out.println("concat " + "abc".concat("def").concat(""));
        System.out.println("min/max " + Integer.MIN_VALUE + " " + Long.MAX_VALUE + " " + Double.MAX_VALUE + " " + Float.MIN_VALUE);
        System.out.println("special chars: tab[\t] quote[\"] backslash[\\] unicode[\u0041]");
        char[] arr = {'h', 'i'};
        System.out.println("char array via valueOf " + String.valueOf(arr));
        System.out.println("ternary in concat " + (i < 0 ? "neg" : "pos") + (l > 0));
        String many = "a" + 1 + 'b' + 2L + 'c' + 3.0f + 'd' + 4.0 + 'e' + true + 'f' + (byte) 5 + (short) 6 + null + 'g';
        System.out.println(many);
        System.out.println("done");
    }
}
