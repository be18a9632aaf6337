// Exercises java.util.Random with fixed seeds: nextInt(), nextInt(bound) incl. powers of two,
// nextLong, nextDouble, nextFloat, nextBoolean, nextGaussian, nextBytes, ints() stream,
// same seed => same sequence, setSeed resets.
import java.util.*;
import java.util.stream.*;

public class RandomSeeded {
    public static void main(String[] args) {
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder("nextInt:");
        for (int i = 0; i < 5; i++) sb.append(' ').append(r.nextInt());
        System.out.println(sb);
        sb = new StringBuilder("nextInt(100):");
        for (int i = 0; i < 10; i++) sb.append(' ').append(r.nextInt(100));
        System.out.println(sb);
        sb = new StringBuilder("nextInt(16):");
        for (int i = 0; i < 10; i++) sb.append(' ').append(r.nextInt(16));
        System.out.println(sb);
        sb = new StringBuilder("nextInt(1000000007):");
        for (int i = 0; i < 4; i++) sb.append(' ').append(r.nextInt(1000000007));
        System.out.println(sb);
        System.out.println("nextLong: " + r.nextLong() + " " + r.nextLong());
        System.out.println("nextDouble: " + r.nextDouble() + " " + r.nextDouble());
        System.out.println("nextFloat: " + r.nextFloat() + " " + r.nextFloat());
        sb = new StringBuilder("nextBoolean:");
        for (int i = 0; i < 8; i++) sb.append(' ').append(r.nextBoolean());
        System.out.println(sb);
        System.out.println("nextGaussian: " + r.nextGaussian() + " " + r.nextGaussian() + " " + r.nextGaussian());
        byte[] bytes = new byte[10];
        r.nextBytes(bytes);
        System.out.println("nextBytes: " + Arrays.toString(bytes));
        System.out.println("ints stream: " + r.ints(5, 0, 10).boxed().collect(Collectors.toList()));
        System.out.println("nextInt(5, 10): " + r.nextInt(5, 10) + " doubles: " + r.doubles(2).boxed().collect(Collectors.toList()));
        Random a = new Random(12345), b = new Random(12345);
        boolean same = true;
        for (int i = 0; i < 100; i++) same &= a.nextInt() == b.nextInt();
        System.out.println("same seed same sequence: " + same);
        a.setSeed(0);
        Random z = new Random(0);
        System.out.println("setSeed reset: " + (a.nextLong() == z.nextLong()) + " value " + new Random(0).nextInt());
        Random dice = new Random(2024);
        int[] hist = new int[6];
        for (int i = 0; i < 600; i++) hist[dice.nextInt(6)]++;
        System.out.println("dice histogram " + Arrays.toString(hist));
        double sum = 0;
        Random g = new Random(7);
        for (int i = 0; i < 1000; i++) sum += g.nextGaussian();
        System.out.println("gaussian sum " + sum);
        System.out.println("negative seed " + new Random(-1L).nextInt(50) + " " + new Random(Long.MIN_VALUE).nextLong());
        try {
            r.nextInt(0);
        } catch (IllegalArgumentException e) {
            System.out.println("nextInt(0): " + e.getMessage());
        }
        System.out.println("done");
    }
}
