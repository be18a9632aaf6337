package gov.nasa.jpf.util;

/**
 * A class named by a string, for APIs that name classes the code calling them need not load
 * (JPF's {@code TestJPF.verifyPropertyViolation(new TypeRef("...NotDeadlockedProperty"))}).
 */
public class TypeRef {
    private final String name;

    public TypeRef(String name) {
        this.name = name;
    }

    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return "TypeRef(" + name + ")";
    }
}
