// Exercises java.math.BigDecimal: add/subtract/multiply, divide with MathContext and
// RoundingMode, non-terminating division exception message, setScale with every rounding
// mode, toString vs toPlainString vs toEngineeringString, compareTo vs equals (2.0 vs 2.00),
// stripTrailingZeros, precision/scale/unscaledValue, valueOf(double) vs new BigDecimal(double).
import java.math.*;

public class BigDecimalOps {
    public static void main(String[] args) {
        BigDecimal a = new BigDecimal("10.25"), b = new BigDecimal("3");
        System.out.println("add " + a.add(b) + " sub " + a.subtract(b) + " mul " + a.multiply(b) + " negate " + a.negate());
        System.out.println("divide MathContext(10) " + a.divide(b, new MathContext(10)) + " DECIMAL64 " + BigDecimal.ONE.divide(b, MathContext.DECIMAL64));
        System.out.println("divide scale 4 HALF_UP " + a.divide(b, 4, RoundingMode.HALF_UP) + " exact " + a.divide(new BigDecimal("0.5")));
        try {
            BigDecimal.ONE.divide(b);
        } catch (ArithmeticException e) {
            System.out.println("non-terminating: " + e.getMessage());
        }
        String[] vals = {"5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5"};
        for (RoundingMode rm : new RoundingMode[]{RoundingMode.UP, RoundingMode.DOWN, RoundingMode.CEILING, RoundingMode.FLOOR, RoundingMode.HALF_UP, RoundingMode.HALF_DOWN, RoundingMode.HALF_EVEN}) {
            StringBuilder sb = new StringBuilder(rm + ":");
            for (String v : vals) sb.append(' ').append(new BigDecimal(v).setScale(0, rm));
            System.out.println(sb);
        }
        try {
            new BigDecimal("1.25").setScale(1, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            System.out.println("UNNECESSARY: " + e.getMessage());
        }
        BigDecimal tiny = new BigDecimal("1E-10"), huge = new BigDecimal("1.2345E+12");
        System.out.println("toString " + tiny + " " + huge + " plain " + tiny.toPlainString() + " " + huge.toPlainString() + " eng " + huge.toEngineeringString());
        BigDecimal two0 = new BigDecimal("2.0"), two00 = new BigDecimal("2.00");
        System.out.println("2.0 vs 2.00 compareTo " + two0.compareTo(two00) + " equals " + two0.equals(two00) + " hash " + two0.hashCode() + " " + two00.hashCode());
        System.out.println("stripTrailingZeros " + two00.stripTrailingZeros() + " " + new BigDecimal("1200").stripTrailingZeros() + " plain " + new BigDecimal("1200").stripTrailingZeros().toPlainString());
        BigDecimal p = new BigDecimal("-123.4500");
        System.out.println("precision " + p.precision() + " scale " + p.scale() + " unscaled " + p.unscaledValue() + " signum " + p.signum());
        System.out.println("valueOf(0.1) " + BigDecimal.valueOf(0.1) + " new BigDecimal(0.1) " + new BigDecimal(0.1));
        System.out.println("valueOf(long,scale) " + BigDecimal.valueOf(12345, 3) + " " + BigDecimal.valueOf(12345, -2));
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < 10; i++) total = total.add(new BigDecimal("0.1"));
        System.out.println("ten times 0.1 = " + total + " equals 1.0 " + total.equals(new BigDecimal("1.0")) + " compare 1 " + total.compareTo(BigDecimal.ONE));
        BigDecimal price = new BigDecimal("19.99");
        BigDecimal qty = new BigDecimal("3");
        BigDecimal taxRate = new BigDecimal("0.0825");
        BigDecimal subtotal = price.multiply(qty);
        BigDecimal tax = subtotal.multiply(taxRate).setScale(2, RoundingMode.HALF_EVEN);
        System.out.println("invoice subtotal " + subtotal + " tax " + tax + " total " + subtotal.add(tax));
        System.out.println("pow " + new BigDecimal("1.05").pow(10) + " round " + new BigDecimal("1.05").pow(10).round(new MathContext(5)));
        System.out.println("movePoint " + a.movePointLeft(3) + " " + a.movePointRight(4) + " scaleByPowerOfTen " + a.scaleByPowerOfTen(2));
        System.out.println("min/max " + a.min(b) + " " + a.max(b) + " abs " + p.abs() + " remainder " + a.remainder(b));
        System.out.println("sqrt(2) " + new BigDecimal(2).sqrt(new MathContext(30)));
        System.out.println("intValue " + new BigDecimal("123.99").intValue() + " doubleValue " + new BigDecimal("1e400").doubleValue() + " toBigInteger " + new BigDecimal("-7.9").toBigInteger());
        try {
            new BigDecimal("12.5").intValueExact();
        } catch (ArithmeticException e) {
            System.out.println("intValueExact: " + e.getMessage());
        }
        System.out.println("done");
    }
}
