/*
 * Float/int loop benchmark: renders the Mandelbrot set over [-1.5, 0.5] x [-1, 1] into an
 * n x n bitmap (one bit per pixel, 50 iterations, escape when |z|^2 > 4) and prints the number
 * of points inside and a checksum of the packed bitmap bytes. Argument: n (default 1600).
 */
public class Mandelbrot {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1600;
        int rowBytes = (n + 7) / 8;
        byte[] bitmap = new byte[rowBytes * n];
        int inside = 0;
        for (int y = 0; y < n; y++) {
            double ci = 2.0 * y / n - 1.0;
            for (int x = 0; x < n; x++) {
                double cr = 2.0 * x / n - 1.5;
                double zr = 0, zi = 0, zr2 = 0, zi2 = 0;
                int iter = 0;
                while (iter < 50 && zr2 + zi2 <= 4.0) {
                    zi = 2.0 * zr * zi + ci;
                    zr = zr2 - zi2 + cr;
                    zr2 = zr * zr;
                    zi2 = zi * zi;
                    iter++;
                }
                if (zr2 + zi2 <= 4.0) {
                    inside++;
                    bitmap[y * rowBytes + (x >> 3)] |= (byte) (0x80 >>> (x & 7));
                }
            }
        }
        long hash = 1125899906842597L;
        for (byte b : bitmap) hash = 31 * hash + (b & 0xff);
        System.out.println(n + "x" + n + ": " + inside + " points inside");
        System.out.println("bitmap hash " + Long.toHexString(hash));
    }
}
