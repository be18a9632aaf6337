// Exercises enums: values(), valueOf (and IllegalArgumentException message), ordinal,
// name, toString override, compareTo, switch on enum (old and arrow style), enums with
// fields/constructors, constant-specific bodies with abstract methods, enums implementing
// interfaces, EnumMap, EnumSet (range, complementOf, allOf, noneOf), getDeclaringClass.
import java.util.*;

public class EnumFeatures {
    enum Color { RED, GREEN, BLUE }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        final double mass, radius;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double surfaceGravity() { return 6.67300E-11 * mass / (radius * radius); }
    }

    interface Describable { String describe(); }

    enum Op implements Describable {
        PLUS("+") { int apply(int a, int b) { return a + b; } },
        MINUS("-") { int apply(int a, int b) { return a - b; } },
        TIMES("*") {
            int apply(int a, int b) { return a * b; }
            @Override public String toString() { return "times!"; }
        };
        final String sym;
        Op(String sym) { this.sym = sym; }
        abstract int apply(int a, int b);
        public String describe() { return name() + "(" + sym + ")"; }
    }

    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN;
        boolean weekend() { return this == SAT || this == SUN; }
    }

    static String classic(Color c) {
        switch (c) {
            case RED: return "stop";
            case GREEN: return "go";
            default: return "other";
        }
    }

    public static void main(String[] args) {
        for (Color c : Color.values()) System.out.println(c + " ordinal " + c.ordinal() + " name " + c.name() + " -> " + classic(c));
        System.out.println("valueOf " + Color.valueOf("BLUE") + " same " + (Color.valueOf("BLUE") == Color.BLUE));
        try {
            Color.valueOf("PURPLE");
        } catch (IllegalArgumentException e) {
            System.out.println("bad valueOf: " + e.getMessage());
        }
        System.out.println("compareTo " + Color.RED.compareTo(Color.BLUE) + " " + Color.BLUE.compareTo(Color.GREEN) + " equals " + Color.RED.equals(Color.RED));
        for (Planet p : Planet.values()) System.out.printf("%s gravity %.2f%n", p, p.surfaceGravity());
        for (Op op : Op.values()) System.out.println(op.describe() + " toString " + op + " 7,3 -> " + op.apply(7, 3) + " class " + op.getDeclaringClass().getSimpleName());
        Describable d = Op.MINUS;
        System.out.println("via interface " + d.describe());
        for (Day day : Day.values()) {
            String kind = switch (day) {
                case SAT, SUN -> "weekend";
                case FRI -> {
                    String s = "almost";
                    yield s + " weekend";
                }
                default -> "weekday";
            };
            System.out.print(day + ":" + kind + (day.weekend() ? "*" : "") + " ");
        }
        System.out.println();
        EnumMap<Day, Integer> hours = new EnumMap<>(Day.class);
        hours.put(Day.FRI, 6);
        hours.put(Day.MON, 8);
        hours.put(Day.WED, 7);
        System.out.println("EnumMap " + hours + " containsKey TUE " + hours.containsKey(Day.TUE));
        EnumSet<Day> work = EnumSet.range(Day.MON, Day.FRI);
        System.out.println("range " + work + " complement " + EnumSet.complementOf(work) + " none " + EnumSet.noneOf(Day.class) + " all size " + EnumSet.allOf(Day.class).size());
        EnumSet<Color> cs = EnumSet.of(Color.BLUE, Color.RED);
        cs.add(Color.RED);
        System.out.println("EnumSet of " + cs + " contains GREEN " + cs.contains(Color.GREEN));
        Map<Color, Integer> tm = new TreeMap<>();
        tm.put(Color.BLUE, 3);
        tm.put(Color.RED, 1);
        System.out.println("TreeMap by ordinal " + tm);
        List<Day> days = new ArrayList<>(List.of(Day.SUN, Day.MON, Day.THU));
        Collections.sort(days);
        System.out.println("sorted days " + days + " max " + Collections.max(days));
        System.out.println("valueOf via Enum " + Enum.valueOf(Day.class, "WED").ordinal());
        System.out.println("class names " + Op.PLUS.getClass().getName().startsWith("EnumFeatures$Op") + " " + Color.RED.getClass().getName());
        System.out.println("done");
    }
}
