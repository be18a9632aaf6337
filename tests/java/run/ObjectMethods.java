// Exercises java.lang.Object methods: equals/hashCode contracts of user classes, clone() of
// a Cloneable class (shallow vs deep copy), CloneNotSupportedException for a non-Cloneable
// class, getClass().getName()/getSimpleName() for top-level, nested, inner, anonymous,
// local and array classes, class literals of primitives, Integer.class vs
// int.class, toString overrides, and Objects utility methods.
import java.util.*;

public class ObjectMethods {
    static class Sheep implements Cloneable {
        String name;
        int[] tags;
        List<String> notes = new ArrayList<>();
        Sheep(String name, int... tags) { this.name = name; this.tags = tags; }
        @Override public Sheep clone() {
            try {
                return (Sheep) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
        Sheep deepClone() {
            Sheep s = clone();
            s.tags = tags.clone();
            s.notes = new ArrayList<>(notes);
            return s;
        }
        @Override public boolean equals(Object o) {
            if (this == o) return true;
            if (!(o instanceof Sheep)) return false;
            Sheep s = (Sheep) o;
            return name.equals(s.name) && Arrays.equals(tags, s.tags);
        }
        @Override public int hashCode() { return 31 * name.hashCode() + Arrays.hashCode(tags); }
        @Override public String toString() { return "Sheep(" + name + "," + Arrays.toString(tags) + "," + notes + ")"; }
    }

    static class NotCloneable {
        int x = 5;
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }

    class Inner { }

    interface Marker { }

    public static void main(String[] args) throws Exception {
        Sheep dolly = new Sheep("Dolly", 1, 2, 3);
        dolly.notes.add("original");
        Sheep shallow = dolly.clone();
        Sheep deep = dolly.deepClone();
        shallow.tags[0] = 99;
        shallow.notes.add("from shallow");
        deep.tags[1] = -1;
        deep.name = "Deep";
        System.out.println("original " + dolly);
        System.out.println("shallow  " + shallow + " same tags array " + (shallow.tags == dolly.tags));
        System.out.println("deep     " + deep + " same tags array " + (deep.tags == dolly.tags));
        System.out.println("clone != original " + (shallow != dolly) + " equals " + shallow.equals(dolly) + " class same " + (shallow.getClass() == dolly.getClass()));
        Sheep twin = new Sheep("Dolly", 99, 2, 3);
        System.out.println("equals/hashCode contract " + twin.equals(dolly) + " " + (twin.hashCode() == dolly.hashCode()) + " reflexive " + dolly.equals(dolly) + " null " + dolly.equals(null) + " other type " + dolly.equals("Dolly"));
        try {
            new NotCloneable().tryClone();
        } catch (CloneNotSupportedException e) {
            System.out.println("CloneNotSupportedException: " + e.getMessage());
        }
        int[][] grid = {{1, 2}, {3, 4}};
        int[][] gc = grid.clone();
        System.out.println("array clone shallow " + (gc[0] == grid[0]));
        Object anon = new Marker() { };
        class Local { }
        Runnable lambda = () -> { };
        Object[] things = {new ObjectMethods(), new Sheep("x"), new ObjectMethods().new Inner(), anon, new Local(), "s", 1, new int[0], new String[0][0], new Sheep[1], new double[2][2], new ArrayList<>(), Thread.State.NEW};
        for (Object o : things) {
            Class<?> c = o.getClass();
            System.out.println("getName " + c.getName() + " | getSimpleName '" + c.getSimpleName() + "'");
        }
        System.out.println("lambda runs: " + (lambda != null));
        System.out.println("primitive classes " + int.class.getName() + " " + void.class + " " + double[].class.getName() + " " + long[][].class.getSimpleName() + " " + boolean[].class.getName() + " " + char[].class.getName() + " " + byte[].class.getName() + " " + short[].class.getName() + " " + float[].class.getName());
        System.out.println("Integer.class == int.class " + (Integer.class == int.class) + " Integer.TYPE == int.class " + (Integer.TYPE == int.class) + " int[].class " + int[].class.getName());
        System.out.println("isArray " + int[].class.isArray() + " componentType " + String[][].class.getComponentType().getName() + " isPrimitive " + int.class.isPrimitive() + " " + Integer.class.isPrimitive());
        System.out.println("class toString " + String.class + " | " + Marker.class + " | " + int.class);
        System.out.println("isInstance " + Number.class.isInstance(5) + " isAssignableFrom " + Number.class.isAssignableFrom(Integer.class) + " " + Integer.class.isAssignableFrom(Number.class));
        System.out.println("Objects: equals " + Objects.equals(null, null) + " toString " + Objects.toString(null, "dflt") + " requireNonNullElse " + Objects.requireNonNullElse(null, "else") + " isNull " + Objects.isNull(null) + " compare " + Objects.compare("a", "b", Comparator.naturalOrder()));
        System.out.println("getSuperclass " + Sheep.class.getSuperclass().getName() + " " + Object.class.getSuperclass() + " " + int[].class.getSuperclass().getName());
        System.out.println("String.class.getName " + String.class.getName() + " simple " + Map.Entry.class.getSimpleName() + " name " + Map.Entry.class.getName());
        System.out.println("done");
    }
}
