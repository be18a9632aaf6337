// Exercises user-defined exception hierarchies: checked and unchecked custom exceptions,
// causes (initCause and constructor), getMessage/getLocalizedMessage/getCause/toString,
// multi-catch, catch ordering by subclass, exception with null message, chained causes.
public class CustomExceptions {
    static class AppException extends Exception {
        final int code;
        AppException(String msg, int code) { super(msg); this.code = code; }
        AppException(String msg, Throwable cause) { super(msg, cause); this.code = -1; }
    }

    static class NotFound extends AppException {
        NotFound(String what) { super(what + " not found", 404); }
    }

    static class Invalid extends RuntimeException {
        Invalid() { super(); }
        Invalid(Throwable cause) { super(cause); }
        @Override public String getMessage() { return "custom:" + super.getMessage(); }
    }

    static void lookup(String key) throws AppException {
        switch (key) {
            case "missing": throw new NotFound(key);
            case "bad": throw new AppException("bad key", 400);
            case "npe": throw new NullPointerException("explicit npe");
            case "arith": throw new ArithmeticException("arith!");
            case "invalid": throw new Invalid();
            default: System.out.println("found " + key);
        }
    }

    public static void main(String[] args) {
        String[] keys = {"ok", "missing", "bad", "npe", "arith", "invalid"};
        for (String k : keys) {
            try {
                lookup(k);
            } catch (NotFound e) {
                System.out.println("NotFound code=" + e.code + " msg=" + e.getMessage() + " str=" + e);
            } catch (AppException e) {
                System.out.println("App code=" + e.code + " msg=" + e.getMessage());
            } catch (NullPointerException | ArithmeticException e) {
                System.out.println("multi-catch " + e.getClass().getSimpleName() + ": " + e.getMessage());
            } catch (RuntimeException e) {
                System.out.println("runtime " + e);
            }
        }
        try {
            try {
                lookup("missing");
            } catch (AppException e) {
                throw new AppException("wrapper", e);
            }
        } catch (AppException e) {
            System.out.println("wrapper: " + e.getMessage() + " cause: " + e.getCause());
            System.out.println("cause class: " + e.getCause().getClass().getName());
        }
        RuntimeException r = new RuntimeException("top");
        IllegalStateException mid = new IllegalStateException("mid");
        r.initCause(mid);
        mid.initCause(new Error("root"));
        Throwable t = r;
        while (t != null) {
            System.out.println("chain: " + t);
            t = t.getCause();
        }
        try {
            r.initCause(new Error("again"));
        } catch (IllegalStateException e) {
            System.out.println("initCause twice: " + e.getMessage());
        }
        Invalid inv = new Invalid(new java.io.IOException("disk"));
        System.out.println("cause-ctor msg: " + inv.getMessage() + " | " + inv);
        Exception plain = new Exception();
        System.out.println("null msg: " + plain.getMessage() + " | " + plain + " | " + plain.getLocalizedMessage());
        Throwable th = new Throwable("throwable");
        System.out.println(th);
        Exception withNullCause = new Exception((Throwable) null);
        System.out.println("null cause: " + withNullCause.getMessage() + " " + withNullCause.getCause());
        System.out.println("instanceof checks: " + (new NotFound("x") instanceof Exception) + " " + (new Invalid() instanceof Exception));
        System.out.println("done");
    }
}
