// Exercises casts and instanceof: upcasts/downcasts, failed casts with the exact
// ClassCastException messages (JDK classes and app classes), instanceof with null,
// interface casts, array casts, and pattern-matching instanceof.
import java.util.*;

public class CastsInstanceof {
    interface Pet { }
    static class Animal { }
    static class Dog extends Animal implements Pet { }
    static class Cat extends Animal { }

    static void tryCast(Object o, Class<?> target) {
        try {
            Object r = target.cast(o);
            System.out.println("cast ok to " + target.getSimpleName());
        } catch (ClassCastException e) {
            System.out.println("CCE: " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        Object i = Integer.valueOf(42);
        try {
            String s = (String) i;
            System.out.println(s);
        } catch (ClassCastException e) {
            System.out.println("1: " + e.getMessage());
        }
        Animal a = new Dog();
        try {
            Cat c = (Cat) a;
            System.out.println(c);
        } catch (ClassCastException e) {
            System.out.println("2: " + e.getMessage());
        }
        Dog dog = (Dog) a;
        Pet pet = dog;
        System.out.println("downcast ok, pet is Dog " + (pet instanceof Dog));
        Object cat = new Cat();
        try {
            Pet p = (Pet) cat;
            System.out.println(p);
        } catch (ClassCastException e) {
            System.out.println("3: " + e.getMessage());
        }
        Object arr = new int[3];
        try {
            long[] la = (long[]) arr;
            System.out.println(la.length);
        } catch (ClassCastException e) {
            System.out.println("4: " + e.getMessage());
        }
        Object sarr = new String[]{"x"};
        Object[] oa = (Object[]) sarr;
        System.out.println("String[] as Object[] length " + oa.length + ", instanceof Comparable[] " + (sarr instanceof Comparable[]));
        try {
            Integer[] ia = (Integer[]) sarr;
            System.out.println(ia.length);
        } catch (ClassCastException e) {
            System.out.println("5: " + e.getMessage());
        }
        Object nul = null;
        String ns = (String) nul;
        System.out.println("null cast ok: " + ns + ", null instanceof Object " + (nul instanceof Object));
        List<Object> raw = new ArrayList<>();
        raw.add("str");
        raw.add(7);
        for (Object o : raw) {
            if (o instanceof String s && s.length() > 1) System.out.println("pattern string " + s.toUpperCase());
            else if (o instanceof Integer n) System.out.println("pattern int " + (n + 1));
        }
        tryCast(3.0, Number.class);
        tryCast(3.0, Integer.class);
        tryCast(new ArrayList<String>(), Map.class);
        List<?> wild = new ArrayList<>(List.of("a"));
        @SuppressWarnings("unchecked")
        List<Integer> lie = (List<Integer>) wild;
        try {
            Integer bad = lie.get(0);
            System.out.println(bad);
        } catch (ClassCastException e) {
            System.out.println("6: " + e.getMessage());
        }
        Object[] things = {1, 2L, 3.0f, 4.0, 'c', "s", true, (byte) 1, (short) 2, null, new Dog()};
        StringBuilder sb = new StringBuilder();
        for (Object o : things) {
            sb.append(o instanceof Number ? "N" : o instanceof CharSequence ? "S" : o instanceof Animal ? "A" : o == null ? "0" : "?");
        }
        System.out.println("kinds " + sb);
        byte b = (byte) (int) (char) (short) -1;
        System.out.println("cast chain " + b);
        System.out.println("done");
    }
}
