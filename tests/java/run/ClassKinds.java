// Exercises what java.lang.Class says about nested classes (from the InnerClasses and
// EnclosingMethod attributes): isAnonymousClass, isLocalClass, isMemberClass, getSimpleName,
// getEnclosingClass, getDeclaringClass and getEnclosingMethod/Constructor for top-level,
// member, inner, local and anonymous classes (in methods, constructors, static and instance
// initializers, and lambdas), enum constants with and without bodies, lambdas, and arrays.
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.function.Supplier;

public class ClassKinds {
    static class Member {}

    class Inner {
        class InnerOfInner {}
    }

    interface Shape {}

    enum Planet {
        MERCURY,
        VENUS {
            @Override
            public String toString() {
                return "the morning star";
            }
        }
    }

    static final Object STATIC_INIT_ANON = new Object() {};
    final Object instanceInitAnon = new Object() {};
    final Object constructorAnon;

    ClassKinds() {
        constructorAnon = new Shape() {};
    }

    static Object localInMethod() {
        class Local {}
        return new Local();
    }

    static Object anonymousInMethod() {
        return new Shape() {};
    }

    static Object localInsideAnonymous() {
        Supplier<Object> s = new Supplier<Object>() {
            public Object get() {
                class Nested {}
                return new Nested();
            }
        };
        return s.get();
    }

    static Object anonymousInLambda() {
        Supplier<Object> s = () -> new Shape() {};
        return s.get();
    }

    static String name(Class<?> c) {
        return c == null ? "null" : c.getName();
    }

    static String where(Class<?> c) {
        Method m = c.getEnclosingMethod();
        if (m != null) {
            return "method " + m.getName();
        }
        Constructor<?> k = c.getEnclosingConstructor();
        return k != null ? "constructor of " + k.getDeclaringClass().getSimpleName() : "none";
    }

    static void show(String label, Class<?> c) {
        System.out.println(label + ": simple=\"" + c.getSimpleName() + "\""
                + " anonymous=" + c.isAnonymousClass()
                + " local=" + c.isLocalClass()
                + " member=" + c.isMemberClass()
                + " enclosing=" + name(c.getEnclosingClass())
                + " declaring=" + name(c.getDeclaringClass())
                + " enclosed in " + where(c));
    }

    public static void main(String[] args) {
        ClassKinds outer = new ClassKinds();
        show("top level", ClassKinds.class);
        show("member", Member.class);
        show("inner", Inner.class);
        show("inner of inner", Inner.InnerOfInner.class);
        show("member interface", Shape.class);
        show("enum", Planet.class);
        show("enum constant", Planet.MERCURY.getClass());
        show("enum constant with body", Planet.VENUS.getClass());
        System.out.println("VENUS is " + Planet.VENUS + ", declared by " + Planet.VENUS.getDeclaringClass().getSimpleName());
        show("local in method", localInMethod().getClass());
        show("anonymous in method", anonymousInMethod().getClass());
        show("anonymous in static initializer", STATIC_INIT_ANON.getClass());
        show("anonymous in instance initializer", outer.instanceInitAnon.getClass());
        show("anonymous in constructor", outer.constructorAnon.getClass());
        show("local inside anonymous", localInsideAnonymous().getClass());
        show("anonymous in lambda", anonymousInLambda().getClass());
        Runnable lambda = () -> {};
        Class<?> lc = lambda.getClass();
        System.out.println("lambda: anonymous=" + lc.isAnonymousClass() + " local=" + lc.isLocalClass()
                + " member=" + lc.isMemberClass() + " synthetic=" + lc.isSynthetic()
                + " enclosing=" + name(lc.getEnclosingClass()));
        show("array of member", Member[].class);
        System.out.println("array of anonymous: simple=\"" + anonymousInMethod().getClass().arrayType().getSimpleName() + "\"");
        show("primitive", int.class);
        System.out.println("done");
    }
}
