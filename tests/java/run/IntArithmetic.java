// Exercises int arithmetic: overflow wrap-around, division/remainder with negative
// operands, MIN_VALUE / -1, shifts with large and negative distances, >>> and compound ops.
public class IntArithmetic {
    static int id(int x) { return x; }

    public static void main(String[] args) {
        int max = Integer.MAX_VALUE, min = Integer.MIN_VALUE;
        System.out.println("max+1 = " + (max + 1));
        System.out.println("min-1 = " + (min - 1));
        System.out.println("max*2 = " + (max * 2));
        System.out.println("max*max = " + (max * max));
        System.out.println("-min = " + (-min));
        System.out.println("min/-1 = " + (min / id(-1)));
        System.out.println("min%-1 = " + (min % id(-1)));
        int[] as = {7, -7, 7, -7, 0, 13, -13};
        int[] bs = {2, 2, -2, -2, 5, 1, 3};
        for (int i = 0; i < as.length; i++) {
            int a = as[i], b = bs[i];
            System.out.println(a + " / " + b + " = " + (a / b) + ", " + a + " % " + b + " = " + (a % b));
        }
        int x = 1;
        int[] dists = {0, 1, 31, 32, 33, -1, -31, -32, 64, 100};
        for (int d : dists) {
            System.out.println("1<<" + d + " = " + (x << d) + "  -8>>" + d + " = " + (-8 >> d) + "  -8>>>" + d + " = " + (-8 >>> d));
        }
        System.out.println("0xF0F0F0F0 >>> 4 = " + (0xF0F0F0F0 >>> 4));
        System.out.println("0xF0F0F0F0 >> 4 = " + (0xF0F0F0F0 >> 4));
        System.out.println("~5 = " + (~5) + ", 5 & 3 = " + (5 & 3) + ", 5 | 3 = " + (5 | 3) + ", 5 ^ 3 = " + (5 ^ 3));
        int acc = 1;
        for (int i = 0; i < 40; i++) { acc = acc * 31 + i; }
        System.out.println("hash-like acc = " + acc);
        int y = 10;
        y += 5; System.out.println("y+=5 " + y);
        y -= 20; System.out.println("y-=20 " + y);
        y *= -3; System.out.println("y*=-3 " + y);
        y /= 4; System.out.println("y/=4 " + y);
        y %= 3; System.out.println("y%=3 " + y);
        y <<= 29; System.out.println("y<<=29 " + y);
        y >>= 2; System.out.println("y>>=2 " + y);
        y >>>= 1; System.out.println("y>>>=1 " + y);
        int i = 5;
        int r = i++ + ++i - i-- - --i;
        System.out.println("i=" + i + " r=" + r);
        System.out.println("abs(min) = " + Math.abs(min));
        System.out.println("min == -min " + (min == -min));
        short s = (short) 40000; System.out.println("(short)40000 = " + s);
        byte b = (byte) 200; System.out.println("(byte)200 = " + b);
        System.out.println("Integer.compare(min,max) = " + Integer.compare(min, max));
        System.out.println("unsigned: " + Integer.toUnsignedString(-1) + " " + Integer.divideUnsigned(-1, 3) + " " + Integer.remainderUnsigned(-1, 7));
        System.out.println("done");
    }
}
