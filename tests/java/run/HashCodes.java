// Exercises deterministic hashCode implementations: String, Integer, Long, Double, Float,
// Boolean, Character, Byte/Short, List/Set/Map (of deterministic elements), Objects.hash,
// Objects.hashCode(null), Arrays.hashCode for all primitive arrays, Map.Entry, enums via
// ordinal-independent name hash, and a user class with a hand-written hashCode.
import java.util.*;

public class HashCodes {
    static final class Money {
        final String currency;
        final long cents;
        Money(String c, long cents) { currency = c; this.cents = cents; }
        @Override public int hashCode() { return Objects.hash(currency, cents); }
        @Override public boolean equals(Object o) {
            return o instanceof Money m && m.currency.equals(currency) && m.cents == cents;
        }
    }

    public static void main(String[] args) {
        for (String s : new String[]{"", "a", "ab", "hello", "Hello World", "zzzzzzzzzzzzzzzz", "\u00e9t\u00e9"}) System.out.println("String \"" + s + "\" -> " + s.hashCode());
        System.out.println("Integer " + Integer.hashCode(42) + " " + Integer.valueOf(-7).hashCode() + " " + Integer.valueOf(Integer.MIN_VALUE).hashCode());
        System.out.println("Long " + Long.hashCode(1L << 32) + " " + Long.valueOf(-1L).hashCode() + " " + Long.hashCode(0x123456789ABCDEFL));
        System.out.println("Double " + Double.hashCode(1.0) + " " + Double.hashCode(-0.0) + " " + Double.hashCode(0.0) + " " + Double.hashCode(Double.NaN) + " " + Double.valueOf(3.14).hashCode());
        System.out.println("Float " + Float.hashCode(1.0f) + " " + Float.valueOf(-2.5f).hashCode());
        System.out.println("Boolean " + Boolean.hashCode(true) + " " + Boolean.FALSE.hashCode());
        System.out.println("Character " + Character.hashCode('A') + " Byte " + Byte.hashCode((byte) -1) + " Short " + Short.hashCode((short) -1));
        System.out.println("List " + List.of(1, 2, 3).hashCode() + " " + new ArrayList<>(List.of("a", "b")).hashCode() + " empty " + List.of().hashCode() + " " + Arrays.asList(1, null, 3).hashCode());
        System.out.println("Set " + new HashSet<>(List.of(1, 2, 3)).hashCode() + " " + new TreeSet<>(List.of("x", "y")).hashCode());
        System.out.println("Map " + new TreeMap<>(Map.of("a", 1, "b", 2)).hashCode() + " entry " + Map.entry("k", "v").hashCode());
        System.out.println("Objects.hash " + Objects.hash(1, "a", 2.5) + " " + Objects.hash() + " " + Objects.hash((Object) null) + " Objects.hashCode(null) " + Objects.hashCode(null));
        System.out.println("Arrays.hashCode int " + Arrays.hashCode(new int[]{1, 2, 3}) + " long " + Arrays.hashCode(new long[]{1L << 33}) + " byte " + Arrays.hashCode(new byte[]{-1, 1}));
        System.out.println("Arrays.hashCode char " + Arrays.hashCode(new char[]{'a', 'b'}) + " short " + Arrays.hashCode(new short[]{300}) + " float " + Arrays.hashCode(new float[]{1.5f}) + " double " + Arrays.hashCode(new double[]{0.1}) + " boolean " + Arrays.hashCode(new boolean[]{true, true, false}));
        System.out.println("Arrays.hashCode null " + Arrays.hashCode((int[]) null) + " Object[] " + Arrays.hashCode(new Object[]{"a", 1, null}));
        Money m1 = new Money("EUR", 1999), m2 = new Money("EUR", 1999), m3 = new Money("USD", 1999);
        System.out.println("Money " + m1.hashCode() + " " + (m1.hashCode() == m2.hashCode()) + " equals " + m1.equals(m2) + " " + m1.equals(m3));
        Map<Money, String> prices = new HashMap<>();
        prices.put(m1, "first");
        prices.put(m2, "second");
        prices.put(m3, "third");
        System.out.println("map size " + prices.size() + " get " + prices.get(new Money("EUR", 1999)));
        System.out.println("String.valueOf hashes stable: " + ("abc".hashCode() == new String("abc").hashCode()));
        System.out.println("Optional " + Optional.of("x").hashCode() + " BigInteger " + java.math.BigInteger.valueOf(1L << 40).hashCode());
        System.out.println("StringBuilder content hash " + new StringBuilder("abc").toString().hashCode());
        System.out.println("done");
    }
}
