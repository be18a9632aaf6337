// Mini-application: a recursive-descent parser and evaluator for arithmetic expressions
// with + - * / % ^ (right-assoc), unary minus, parentheses, variables, function calls
// (min, max, abs, sqrt), an AST with toString, constant folding, and error reporting via a
// custom ParseException with position information. Uses StrictMath.pow (bit-exact).
import java.util.*;

public class ExprParser {
    static class ParseException extends RuntimeException {
        ParseException(String msg, int pos) { super(msg + " at position " + pos); }
    }

    interface Node {
        double eval(Map<String, Double> env);
    }

    record Num(double v) implements Node {
        public double eval(Map<String, Double> env) { return v; }
        public String toString() { return v == Math.floor(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v); }
    }

    record Var(String name) implements Node {
        public double eval(Map<String, Double> env) {
            Double v = env.get(name);
            if (v == null) throw new NoSuchElementException("undefined variable " + name);
            return v;
        }
        public String toString() { return name; }
    }

    record Bin(char op, Node l, Node r) implements Node {
        public double eval(Map<String, Double> env) {
            double a = l.eval(env), b = r.eval(env);
            return switch (op) {
                case '+' -> a + b;
                case '-' -> a - b;
                case '*' -> a * b;
                case '/' -> a / b;
                case '%' -> a % b;
                case '^' -> StrictMath.pow(a, b);
                default -> throw new IllegalStateException("op " + op);
            };
        }
        public String toString() { return "(" + l + " " + op + " " + r + ")"; }
    }

    record Neg(Node e) implements Node {
        public double eval(Map<String, Double> env) { return -e.eval(env); }
        public String toString() { return "-" + e; }
    }

    record Call(String fn, List<Node> args) implements Node {
        public double eval(Map<String, Double> env) {
            double[] v = args.stream().mapToDouble(a -> a.eval(env)).toArray();
            return switch (fn) {
                case "min" -> Arrays.stream(v).min().orElseThrow();
                case "max" -> Arrays.stream(v).max().orElseThrow();
                case "abs" -> Math.abs(v[0]);
                case "sqrt" -> Math.sqrt(v[0]);
                default -> throw new IllegalArgumentException("unknown function " + fn);
            };
        }
        public String toString() { return fn + args; }
    }

    static class Parser {
        final String src;
        int pos = 0;
        Parser(String src) { this.src = src; }

        void skip() { while (pos < src.length() && src.charAt(pos) == ' ') pos++; }

        boolean eat(char c) {
            skip();
            if (pos < src.length() && src.charAt(pos) == c) { pos++; return true; }
            return false;
        }

        Node parse() {
            Node n = expr();
            skip();
            if (pos != src.length()) throw new ParseException("unexpected '" + src.charAt(pos) + "'", pos);
            return n;
        }

        Node expr() {
            Node n = term();
            while (true) {
                if (eat('+')) n = new Bin('+', n, term());
                else if (eat('-')) n = new Bin('-', n, term());
                else return n;
            }
        }

        Node term() {
            Node n = factor();
            while (true) {
                if (eat('*')) n = new Bin('*', n, factor());
                else if (eat('/')) n = new Bin('/', n, factor());
                else if (eat('%')) n = new Bin('%', n, factor());
                else return n;
            }
        }

        Node factor() {
            Node base = unary();
            if (eat('^')) return new Bin('^', base, factor());
            return base;
        }

        Node unary() {
            if (eat('-')) return new Neg(unary());
            if (eat('+')) return unary();
            return primary();
        }

        Node primary() {
            skip();
            if (eat('(')) {
                Node n = expr();
                if (!eat(')')) throw new ParseException("expected ')'", pos);
                return n;
            }
            int start = pos;
            if (pos < src.length() && (Character.isDigit(src.charAt(pos)) || src.charAt(pos) == '.')) {
                while (pos < src.length() && (Character.isDigit(src.charAt(pos)) || src.charAt(pos) == '.')) pos++;
                return new Num(Double.parseDouble(src.substring(start, pos)));
            }
            if (pos < src.length() && Character.isLetter(src.charAt(pos))) {
                while (pos < src.length() && Character.isLetterOrDigit(src.charAt(pos))) pos++;
                String name = src.substring(start, pos);
                if (eat('(')) {
                    List<Node> args = new ArrayList<>();
                    if (!eat(')')) {
                        do args.add(expr()); while (eat(','));
                        if (!eat(')')) throw new ParseException("expected ')' after arguments", pos);
                    }
                    return new Call(name, args);
                }
                return new Var(name);
            }
            throw new ParseException(pos < src.length() ? "unexpected '" + src.charAt(pos) + "'" : "unexpected end", pos);
        }
    }

    static Node fold(Node n) {
        if (n instanceof Bin b) {
            Node l = fold(b.l()), r = fold(b.r());
            if (l instanceof Num && r instanceof Num) return new Num(new Bin(b.op(), l, r).eval(Map.of()));
            return new Bin(b.op(), l, r);
        }
        if (n instanceof Neg ng) {
            Node e = fold(ng.e());
            return e instanceof Num num ? new Num(-num.v()) : new Neg(e);
        }
        return n;
    }

    public static void main(String[] args) {
        Map<String, Double> env = new HashMap<>();
        env.put("x", 3.0);
        env.put("y", -2.5);
        env.put("rate", 0.05);
        String[] inputs = {
                "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4 + 7 % -3", "x * x + y",
                "max(1, x, 2) + min(y, 0)", "sqrt(16) + abs(y)", "1000 * (1 + rate) ^ 10", "2 * (3 + 4) * (5 - 1) / 7",
                "1 / 0", "0 / 0", "--x", "1 + + 2", "(1 + 2", "3 * ", "4 $ 4", "z + 1", "foo(1)", "1.5.2",
                "2 * 3 + x * (4 - 1)", "max()"
        };
        for (String in : inputs) {
            try {
                Node ast = new Parser(in).parse();
                double v = ast.eval(env);
                System.out.println(in + "  =>  " + ast + "  =  " + v + "  folded: " + fold(ast));
            } catch (ParseException e) {
                System.out.println(in + "  =>  parse error: " + e.getMessage());
            } catch (NoSuchElementException | IllegalArgumentException e) {
                System.out.println(in + "  =>  eval error: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        System.out.println("done");
    }
}
