/*
 * rpf: Java-side helpers the VM calls. Exceptions raised by the interpreter (NullPointerException,
 * ArithmeticException, linkage errors, ...) are created here so that their constructors and
 * fillInStackTrace run exactly as for exceptions thrown by Java code. The VM leaves these frames
 * out of stack traces.
 */
package jdk.internal.rpf;

public final class VMSupport {
    private VMSupport() {}

    /** Throws a new exception of the named class (internal name) with the given message. */
    static void throwNew(String className, String message) throws Throwable {
        throw create(className, message);
    }

    private static Throwable create(String className, String message) {
        switch (className) {
            case "java/lang/NullPointerException": return new NullPointerException(message);
            case "java/lang/ArithmeticException": return new ArithmeticException(message);
            case "java/lang/ArrayIndexOutOfBoundsException": return new ArrayIndexOutOfBoundsException(message);
            case "java/lang/IndexOutOfBoundsException": return new IndexOutOfBoundsException(message);
            case "java/lang/ArrayStoreException": return new ArrayStoreException(message);
            case "java/lang/ClassCastException": return new ClassCastException(message);
            case "java/lang/NegativeArraySizeException": return new NegativeArraySizeException(message);
            case "java/lang/IllegalMonitorStateException": return new IllegalMonitorStateException(message);
            case "java/lang/IllegalArgumentException": return new IllegalArgumentException(message);
            case "java/lang/IllegalStateException": return new IllegalStateException(message);
            case "java/lang/UnsupportedOperationException": return new UnsupportedOperationException(message);
            case "java/lang/InterruptedException": return new InterruptedException(message);
            case "java/lang/CloneNotSupportedException": return new CloneNotSupportedException(message);
            case "java/lang/ClassNotFoundException": return new ClassNotFoundException(message);
            case "java/lang/InstantiationException": return new InstantiationException(message);
            case "java/lang/SecurityException": return new SecurityException(message);
            case "java/lang/StackOverflowError": return new StackOverflowError(message);
            case "java/lang/OutOfMemoryError": return new OutOfMemoryError(message);
            case "java/lang/InternalError": return new InternalError(message);
            case "java/lang/NoClassDefFoundError": return new NoClassDefFoundError(message);
            case "java/lang/ClassFormatError": return new ClassFormatError(message);
            case "java/lang/ClassCircularityError": return new ClassCircularityError(message);
            case "java/lang/UnsupportedClassVersionError": return new UnsupportedClassVersionError(message);
            case "java/lang/VerifyError": return new VerifyError(message);
            case "java/lang/NoSuchFieldError": return new NoSuchFieldError(message);
            case "java/lang/NoSuchMethodError": return new NoSuchMethodError(message);
            case "java/lang/AbstractMethodError": return new AbstractMethodError(message);
            case "java/lang/IllegalAccessError": return new IllegalAccessError(message);
            case "java/lang/InstantiationError": return new InstantiationError(message);
            case "java/lang/IncompatibleClassChangeError": return new IncompatibleClassChangeError(message);
            case "java/lang/UnsatisfiedLinkError": return new UnsatisfiedLinkError(message);
            case "java/lang/BootstrapMethodError": return new BootstrapMethodError(message);
            case "java/lang/ExceptionInInitializerError": return new ExceptionInInitializerError(message);
            case "java/io/IOException": return new java.io.IOException(message);
            case "java/io/FileNotFoundException": return new java.io.FileNotFoundException(message);
            case "java/lang/invoke/WrongMethodTypeException": return new java.lang.invoke.WrongMethodTypeException(message);
            case "java/lang/LinkageError": return new LinkageError(message);
            default: return new InternalError(className.replace('/', '.') + ": " + message);
        }
    }

    /** Wraps an exception that escaped a static initializer (JVMS 5.5 step 11). */
    static void initError(Throwable cause) {
        throw new ExceptionInInitializerError(cause);
    }

    /** Resource lookups answered by the VM come back as byte arrays (null when absent). */
    static java.io.InputStream bytesStream(byte[] bytes) {
        return bytes == null ? null : new java.io.ByteArrayInputStream(bytes);
    }

    /** The error thrown when even the reserved stack for building a StackOverflowError is gone. */
    static StackOverflowError newStackOverflowError() {
        return new StackOverflowError();
    }
}
