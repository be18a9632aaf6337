// Mini-application: an assembler and interpreter for a toy stack VM with labels, jumps,
// conditional branches, CALL/RET with a return stack, local memory, and error handling
// (stack underflow, unknown opcode, division by zero) reported via a VMException.
// Programs computed: factorial, fibonacci, gcd, primes below 60, and failing programs.
import java.util.*;

public class StackVM {
    static class VMException extends RuntimeException {
        VMException(String msg, int pc) { super(msg + " (pc=" + pc + ")"); }
    }

    enum Op { PUSH, POP, DUP, SWAP, OVER, ADD, SUB, MUL, DIV, MOD, LT, EQ, JMP, JZ, JNZ, LOAD, STORE, CALL, RET, PRINT, HALT }

    record Instr(Op op, long arg) {
        public String toString() { return op + (needsArg(op) ? " " + arg : ""); }
    }

    static boolean needsArg(Op op) {
        return op == Op.PUSH || op == Op.JMP || op == Op.JZ || op == Op.JNZ || op == Op.LOAD || op == Op.STORE || op == Op.CALL;
    }

    static List<Instr> assemble(String src) {
        Map<String, Integer> labels = new HashMap<>();
        List<String[]> lines = new ArrayList<>();
        for (String raw : src.split("\n")) {
            String line = raw.contains(";") ? raw.substring(0, raw.indexOf(';')) : raw;
            line = line.trim();
            if (line.isEmpty()) continue;
            if (line.endsWith(":")) {
                labels.put(line.substring(0, line.length() - 1), lines.size());
                continue;
            }
            lines.add(line.split("\\s+"));
        }
        List<Instr> prog = new ArrayList<>();
        for (String[] parts : lines) {
            Op op;
            try {
                op = Op.valueOf(parts[0].toUpperCase());
            } catch (IllegalArgumentException e) {
                throw new VMException("unknown opcode " + parts[0], prog.size());
            }
            long arg = 0;
            if (needsArg(op)) {
                String a = parts[1];
                arg = labels.containsKey(a) ? labels.get(a) : Long.parseLong(a);
            }
            prog.add(new Instr(op, arg));
        }
        return prog;
    }

    static List<Long> run(List<Instr> prog, int maxSteps) {
        Deque<Long> stack = new ArrayDeque<>();
        Deque<Integer> calls = new ArrayDeque<>();
        long[] mem = new long[16];
        List<Long> out = new ArrayList<>();
        int pc = 0, steps = 0;
        while (pc < prog.size()) {
            if (++steps > maxSteps) throw new VMException("step limit exceeded", pc);
            Instr in = prog.get(pc);
            int next = pc + 1;
            switch (in.op()) {
                case PUSH -> stack.push(in.arg());
                case POP -> pop(stack, pc);
                case DUP -> { long v = pop(stack, pc); stack.push(v); stack.push(v); }
                case SWAP -> { long b = pop(stack, pc), a = pop(stack, pc); stack.push(b); stack.push(a); }
                case OVER -> { long b = pop(stack, pc), a = pop(stack, pc); stack.push(a); stack.push(b); stack.push(a); }
                case ADD, SUB, MUL, DIV, MOD, LT, EQ -> {
                    long b = pop(stack, pc), a = pop(stack, pc);
                    if ((in.op() == Op.DIV || in.op() == Op.MOD) && b == 0) throw new VMException("division by zero", pc);
                    stack.push(switch (in.op()) {
                        case ADD -> a + b;
                        case SUB -> a - b;
                        case MUL -> a * b;
                        case DIV -> a / b;
                        case MOD -> a % b;
                        case LT -> a < b ? 1L : 0L;
                        default -> a == b ? 1L : 0L;
                    });
                }
                case JMP -> next = (int) in.arg();
                case JZ -> { if (pop(stack, pc) == 0) next = (int) in.arg(); }
                case JNZ -> { if (pop(stack, pc) != 0) next = (int) in.arg(); }
                case LOAD -> stack.push(mem[(int) in.arg()]);
                case STORE -> mem[(int) in.arg()] = pop(stack, pc);
                case CALL -> { calls.push(next); next = (int) in.arg(); }
                case RET -> {
                    if (calls.isEmpty()) throw new VMException("return without call", pc);
                    next = calls.pop();
                }
                case PRINT -> out.add(pop(stack, pc));
                case HALT -> next = prog.size();
            }
            pc = next;
        }
        return out;
    }

    static long pop(Deque<Long> s, int pc) {
        if (s.isEmpty()) throw new VMException("stack underflow", pc);
        return s.pop();
    }

    static final String FACT = """
            push 1
            store 0        ; i = 1
            push 1
            store 1        ; acc = 1
            loop:
            load 0
            push 21
            lt
            jz end
            load 1
            load 0
            mul
            dup
            print
            store 1
            load 0
            push 1
            add
            store 0
            jmp loop
            end:
            halt
            """;

    static final String FIB_GCD = """
            push 0
            push 1
            push 15
            store 2
            fib:
            over
            print
            dup
            store 3
            add
            load 3
            swap
            load 2
            push 1
            sub
            dup
            store 2
            jnz fib
            pop
            pop
            push 1071
            push 462
            call gcd
            print
            halt
            gcd:            ; (a b -- gcd)
            dup
            jz gcddone
            dup
            store 4
            mod
            load 4
            swap
            jmp gcd
            gcddone:
            pop
            ret
            """;

    static final String PRIMES = """
            push 2
            store 0
            outer:
            load 0
            push 60
            lt
            jz done
            push 2
            store 1
            inner:
            load 1
            load 1
            mul
            load 0
            swap
            lt
            jnz isprime
            load 0
            load 1
            mod
            jz notprime
            load 1
            push 1
            add
            store 1
            jmp inner
            isprime:
            load 0
            print
            notprime:
            load 0
            push 1
            add
            store 0
            jmp outer
            done:
            """;

    public static void main(String[] args) {
        String[][] programs = {
                {"factorial", FACT}, {"fib+gcd", FIB_GCD}, {"primes", PRIMES},
                {"underflow", "push 1\nadd\n"}, {"divzero", "push 5\npush 0\ndiv\nprint\n"},
                {"badop", "push 1\nfrobnicate\n"}, {"infinite", "top:\njmp top\n"}, {"ret", "ret\n"}
        };
        for (String[] p : programs) {
            try {
                List<Instr> prog = assemble(p[1]);
                System.out.println(p[0] + ": " + prog.size() + " instructions, first " + prog.subList(0, Math.min(3, prog.size())));
                List<Long> out = run(prog, 100_000);
                System.out.println("  output " + out);
            } catch (VMException e) {
                System.out.println("  " + p[0] + " error: " + e.getMessage());
            }
        }
        System.out.println("done");
    }
}
