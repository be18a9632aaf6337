//! The symbolic semantics of the instructions the factory intercepts.

use std::time::Duration;

use rpf_plugin_api::{code_location, ChoiceKind, ConfigView, Execution, FrameInfo, HostRef};
use rpf_plugin_api::{InsnInfo, JValue};

use crate::expr::{
    arena, attr_of, expr_of, is_float, path_attr_of, path_of, sign_extend, Arena, BinOp, Cmp, Expr,
    ExprId, PathId, Step, F32, F64,
};
use crate::float;
use crate::solver::{Answer, Solver};

/// The ChoiceGenerator id of symbolic branches (its values are outcome indices).
const CHOICE: &str = "symbolic";

/// The class whose `nondet*` methods give symbolic inputs.
const VERIFIER: &str = "org.sosy_lab.sv_benchmarks.Verifier.";

/// Arrays up to this length are indexed symbolically by one outcome per index; longer ones
/// concretize the index.
const MAX_ENUMERATED_INDEX: i32 = 64;

/// Every instruction that may consume a symbolic value.
pub const INTERCEPTED: &[&str] = &[
    "iadd",
    "isub",
    "imul",
    "idiv",
    "irem",
    "iand",
    "ior",
    "ixor",
    "ishl",
    "ishr",
    "iushr",
    "ladd",
    "lsub",
    "lmul",
    "ldiv",
    "lrem",
    "land",
    "lor",
    "lxor",
    "lshl",
    "lshr",
    "lushr",
    "ineg",
    "lneg",
    "iinc",
    "i2l",
    "l2i",
    "i2b",
    "i2c",
    "i2s",
    "i2f",
    "i2d",
    "l2f",
    "l2d",
    "lcmp",
    "ifeq",
    "ifne",
    "iflt",
    "ifge",
    "ifgt",
    "ifle",
    "if_icmpeq",
    "if_icmpne",
    "if_icmplt",
    "if_icmpge",
    "if_icmpgt",
    "if_icmple",
    "tableswitch",
    "lookupswitch",
    "iaload",
    "laload",
    "faload",
    "daload",
    "aaload",
    "baload",
    "caload",
    "saload",
    "iastore",
    "lastore",
    "fastore",
    "dastore",
    "aastore",
    "bastore",
    "castore",
    "sastore",
    "newarray",
    "anewarray",
    "multianewarray",
    "invokevirtual",
    "invokespecial",
    "invokestatic",
    "invokeinterface",
];

/// The factory: the solver, following the search along paths.
pub struct Symbolic {
    solver: Solver,
}

/// A branch decision.
enum Decision {
    /// Outcome `i` is taken (the path condition already says so).
    Take(usize),
    /// Several outcomes are feasible: the instruction re-executes once one is chosen.
    Choose,
    /// No outcome is feasible (or known to be): the path ends.
    Infeasible,
}

impl Symbolic {
    /// The factory for a run configured by `config`.
    pub fn configured(config: &ConfigView) -> Result<Symbolic, String> {
        let timeout = match config.float("symbolic.solver_timeout")? {
            Some(s) if s > 0.0 => Some(Duration::from_secs_f64(s)),
            Some(0.0) => None,
            Some(s) => {
                return Err(format!(
                    "symbolic.solver_timeout must be >= 0 seconds, not {s}"
                ))
            }
            None => Some(Duration::from_secs(10)),
        };
        Ok(Symbolic {
            solver: Solver::new(timeout),
        })
    }

    /// Executes `insn` symbolically if it consumes a symbolic value.
    pub fn step(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Execution {
        let m = insn.mnemonic.as_str();
        match m {
            _ if float::handles(m) => self.float_step(host, at, m),
            "iinc" => self.iinc(host, insn),
            "ineg" | "lneg" => self.negate(host),
            "i2l" | "l2i" | "i2b" | "i2c" | "i2s" => self.convert(host, m),
            "lcmp" => self.lcmp(host),
            "tableswitch" | "lookupswitch" => self.switch(host, insn),
            "newarray" | "anewarray" => self.new_array(host, at, m),
            "multianewarray" => {
                let dims = insn.operands.first().copied().unwrap_or(1).max(1) as u32;
                let all: Vec<u32> = (0..dims).collect();
                self.concretize_operands(host, at, &all, m)
            }
            _ if m.starts_with("invoke") => self.invoke(host, at, insn),
            _ if m.ends_with("aload") => self.array_access(host, at, 0),
            _ if m.ends_with("astore") => self.array_access(host, at, 1),
            _ if m.starts_with("if") => self.branch(host, insn),
            _ => self.binary(host, m),
        }
    }

    // ----- values

    /// The current path.
    fn path(host: &HostRef<'_, '_>) -> Option<PathId> {
        path_of(host.path_attr())
    }

    /// The expression of operand `from_top` (a constant if it carries no symbolic value).
    fn operand(a: &mut Arena, host: &HostRef<'_, '_>, from_top: u32) -> ExprId {
        match expr_of(host.stack_attr(from_top)) {
            Some(e) => e,
            None => match host.stack_value(host.current_thread(), from_top) {
                JValue::Long(v) => a.constant(v, 64),
                JValue::Int(v) => a.constant(i64::from(v), 32),
                _ => a.constant(0, 32),
            },
        }
    }

    /// Pushes `value` carrying expression `e` (plain when `e` is a constant).
    fn push(a: &Arena, host: &mut HostRef<'_, '_>, value: JValue, e: ExprId) {
        host.push(value);
        if a.constant_value(e).is_none() {
            host.set_stack_attr(0, attr_of(e));
        }
    }

    /// A Java value of `e`'s width (of a float or double: from its IEEE bits).
    fn value(width: u32, v: i64) -> JValue {
        if is_float(width) {
            float::value(v, width)
        } else if width == 64 {
            JValue::Long(v)
        } else {
            JValue::Int(v as i32)
        }
    }

    fn bits(v: JValue) -> i64 {
        match v {
            JValue::Int(i) => i64::from(i),
            JValue::Long(l) => l,
            _ => 0,
        }
    }

    // ----- arithmetic

    fn binary(&mut self, host: &mut HostRef<'_, '_>, m: &str) -> Execution {
        let (ta, tb) = (host.stack_attr(1), host.stack_attr(0));
        if ta == 0 && tb == 0 {
            return Execution::Default;
        }
        let op = match &m[1..] {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            "mul" => BinOp::Mul,
            "div" => BinOp::Div,
            "rem" => BinOp::Rem,
            "and" => BinOp::And,
            "or" => BinOp::Or,
            "xor" => BinOp::Xor,
            "shl" => BinOp::Shl,
            "shr" => BinOp::Shr,
            _ => BinOp::Ushr,
        };
        let width = if m.starts_with('l') { 64 } else { 32 };
        if matches!(op, BinOp::Div | BinOp::Rem) && tb != 0 {
            // A symbolic divisor: the zero case throws (the VM does it, on a concrete 0).
            let zero_test = {
                let mut a = arena();
                let b = Self::operand(&mut a, host, 0);
                let zero = a.constant(0, width);
                let is_zero = a.cmp(Cmp::Eq, b, zero);
                let not_zero = a.not(is_zero);
                [is_zero, not_zero]
            };
            match self.decide(host, &zero_test) {
                Decision::Take(0) => {
                    host.pop();
                    host.push(Self::value(width, 0));
                    return Execution::Default;
                }
                Decision::Take(_) => {}
                Decision::Choose => return Execution::Reexecute,
                Decision::Infeasible => return Execution::Next,
            }
        } else if matches!(op, BinOp::Div | BinOp::Rem)
            && Self::bits(host.stack_value(host.current_thread(), 0)) == 0
        {
            return Execution::Default;
        }
        let mut a = arena();
        let eb = Self::operand(&mut a, host, 0);
        let ea = Self::operand(&mut a, host, 1);
        let vb = Self::bits(host.pop());
        let va = Self::bits(host.pop());
        let (eb, vb) = if matches!(op, BinOp::Shl | BinOp::Shr | BinOp::Ushr) {
            // The distance is an int, masked to the operand's width.
            let mask = a.constant(i64::from(width) - 1, 32);
            let masked = a.bin(BinOp::And, eb, mask);
            (a.resize(masked, width, false), vb & (i64::from(width) - 1))
        } else {
            (eb, vb)
        };
        let e = a.bin(op, ea, eb);
        let v = concrete(op, va, vb, width);
        Self::push(&a, host, Self::value(width, v), e);
        Execution::Next
    }

    fn negate(&mut self, host: &mut HostRef<'_, '_>) -> Execution {
        let Some(e) = expr_of(host.stack_attr(0)) else {
            return Execution::Default;
        };
        let mut a = arena();
        let width = a.width(e);
        let v = Self::bits(host.pop());
        let neg = a.intern(Expr::Neg(e));
        Self::push(
            &a,
            host,
            Self::value(width, sign_extend(v.wrapping_neg(), width)),
            neg,
        );
        Execution::Next
    }

    fn iinc(&mut self, host: &mut HostRef<'_, '_>, insn: &InsnInfo) -> Execution {
        let [slot, by] = insn.operands.as_slice() else {
            return Execution::Default;
        };
        let slot = *slot as u32;
        let Some(e) = expr_of(host.local_attr(slot)) else {
            return Execution::Default;
        };
        let frame = 0;
        let v = Self::bits(host.local(host.current_thread(), frame, slot));
        let mut a = arena();
        let c = a.constant(*by, 32);
        let sum = a.bin(BinOp::Add, e, c);
        host.set_local(slot, JValue::Int((v as i32).wrapping_add(*by as i32)));
        host.set_local_attr(slot, attr_of(sum));
        Execution::Next
    }

    fn convert(&mut self, host: &mut HostRef<'_, '_>, m: &str) -> Execution {
        let Some(e) = expr_of(host.stack_attr(0)) else {
            return Execution::Default;
        };
        let mut a = arena();
        let v = Self::bits(host.pop());
        let (e, v) = match m {
            "i2l" => (a.resize(e, 64, true), v),
            "l2i" => (a.resize(e, 32, true), sign_extend(v, 32)),
            "i2b" => {
                let low = a.resize(e, 8, true);
                (a.resize(low, 32, true), sign_extend(v, 8))
            }
            "i2s" => {
                let low = a.resize(e, 16, true);
                (a.resize(low, 32, true), sign_extend(v, 16))
            }
            _ => {
                let low = a.resize(e, 16, false);
                (a.resize(low, 32, false), v & 0xffff)
            }
        };
        let width = if m == "i2l" { 64 } else { 32 };
        Self::push(&a, host, Self::value(width, v), e);
        Execution::Next
    }

    fn lcmp(&mut self, host: &mut HostRef<'_, '_>) -> Execution {
        if host.stack_attr(0) == 0 && host.stack_attr(1) == 0 {
            return Execution::Default;
        }
        let mut a = arena();
        let eb = Self::operand(&mut a, host, 0);
        let ea = Self::operand(&mut a, host, 1);
        let vb = Self::bits(host.pop());
        let va = Self::bits(host.pop());
        let less = a.cmp(Cmp::Lt, ea, eb);
        let equal = a.cmp(Cmp::Eq, ea, eb);
        let (minus, zero, plus) = (a.constant(-1, 32), a.constant(0, 32), a.constant(1, 32));
        let not_less = a.intern(Expr::Ite(equal, zero, plus));
        let e = a.intern(Expr::Ite(less, minus, not_less));
        Self::push(&a, host, JValue::Int(va.cmp(&vb) as i32), e);
        Execution::Next
    }

    // ----- control

    fn branch(&mut self, host: &mut HostRef<'_, '_>, insn: &InsnInfo) -> Execution {
        let m = insn.mnemonic.as_str();
        let binary = m.starts_with("if_icmp");
        let attrs = if binary {
            host.stack_attr(0) | host.stack_attr(1)
        } else {
            host.stack_attr(0)
        };
        if attrs == 0 {
            return Execution::Default;
        }
        let cmp = match &m[m.len() - 2..] {
            "eq" => Cmp::Eq,
            "ne" => Cmp::Ne,
            "lt" => Cmp::Lt,
            "ge" => Cmp::Ge,
            "gt" => Cmp::Gt,
            _ => Cmp::Le,
        };
        let outcomes = {
            let mut a = arena();
            let (x, y) = if binary {
                (
                    Self::operand(&mut a, host, 1),
                    Self::operand(&mut a, host, 0),
                )
            } else {
                (Self::operand(&mut a, host, 0), a.constant(0, 32))
            };
            let jump = a.cmp(cmp, x, y);
            [jump, a.not(jump)]
        };
        let Some(&target) = insn.targets.first() else {
            return Execution::Default;
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(i) => {
                host.pop();
                if binary {
                    host.pop();
                }
                if i == 0 {
                    Execution::Jump(target)
                } else {
                    Execution::Next
                }
            }
        }
    }

    fn switch(&mut self, host: &mut HostRef<'_, '_>, insn: &InsnInfo) -> Execution {
        if host.stack_attr(0) == 0 {
            return Execution::Default;
        }
        let Some((&default, cases)) = insn.operands.split_first() else {
            return Execution::Default;
        };
        let cases: Vec<(i64, u32)> = cases.chunks(2).map(|c| (c[0], c[1] as u32)).collect();
        let outcomes: Vec<ExprId> = {
            let mut a = arena();
            let key = Self::operand(&mut a, host, 0);
            let mut eqs: Vec<ExprId> = cases
                .iter()
                .map(|&(k, _)| {
                    let k = a.constant(k, 32);
                    a.cmp(Cmp::Eq, key, k)
                })
                .collect();
            let any = a.intern(Expr::Any(eqs.clone()));
            eqs.push(a.not(any));
            eqs
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(i) => {
                host.pop();
                Execution::Jump(cases.get(i).map_or(default as u32, |c| c.1))
            }
        }
    }

    // ----- arrays

    /// An array load (`index_at` 0) or store (1) with a symbolic index: one outcome per
    /// index of a short array and one for out of bounds, whose index becomes concrete.
    fn array_access(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        index_at: u32,
    ) -> Execution {
        let Some(index) = expr_of(host.stack_attr(index_at)) else {
            return Execution::Default;
        };
        let thread = host.current_thread();
        let JValue::Ref(array) = host.stack_value(thread, index_at + 1) else {
            return Execution::Default;
        };
        let length = host.array_length(array).into_option().unwrap_or(0) as i32;
        if length > MAX_ENUMERATED_INDEX {
            return self.concretize_operands(host, at, &[index_at], "a long array's index");
        }
        let outcomes: Vec<ExprId> = {
            let mut a = arena();
            let mut out: Vec<ExprId> = (0..length)
                .map(|i| {
                    let i = a.constant(i64::from(i), 32);
                    a.cmp(Cmp::Eq, index, i)
                })
                .collect();
            let zero = a.constant(0, 32);
            let len = a.constant(i64::from(length), 32);
            let below = a.cmp(Cmp::Lt, index, zero);
            let above = a.cmp(Cmp::Ge, index, len);
            out.push(a.intern(Expr::Any(vec![below, above])));
            out
        };
        let i = match self.decide(host, &outcomes) {
            Decision::Choose => return Execution::Reexecute,
            Decision::Infeasible => return Execution::Next,
            Decision::Take(i) => i,
        };
        let value = if i < length as usize {
            i as i32
        } else {
            // Out of bounds: the VM throws, naming one such index.
            match self.concretize(host, at, index, "an out-of-bounds array index") {
                Some(v) => v as i32,
                None => return Execution::Next,
            }
        };
        replace_operand(host, index_at, JValue::Int(value));
        Execution::Default
    }

    /// `newarray` / `anewarray` with a symbolic length: a negative length throws, a
    /// non-negative one becomes concrete.
    fn new_array(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, m: &str) -> Execution {
        let Some(count) = expr_of(host.stack_attr(0)) else {
            return Execution::Default;
        };
        let outcomes = {
            let mut a = arena();
            let zero = a.constant(0, 32);
            let negative = a.cmp(Cmp::Lt, count, zero);
            [negative, a.not(negative)]
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(_) => self.concretize_operands(host, at, &[0], m),
        }
    }

    // ----- calls

    fn invoke(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo) -> Execution {
        let member = insn.member.as_str();
        if let Some(method) = member.strip_prefix(VERIFIER) {
            return self.verifier(host, at, method);
        }
        let params = parameter_entries(member);
        let symbolic: Vec<u32> = (0..params).filter(|&i| host.stack_attr(i) != 0).collect();
        if symbolic.is_empty() || !runs_native(host, insn) {
            return Execution::Default;
        }
        self.concretize_operands(host, at, &symbolic, member)
    }

    /// `Verifier.nondet*()` inputs and `Verifier.assume(cond)`.
    fn verifier(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, method: &str) -> Execution {
        let (width, signed, wide) = match method {
            "nondetInt()I" => (32, true, false),
            "nondetLong()J" => (64, true, true),
            "nondetShort()S" => (16, true, false),
            "nondetByte()B" => (8, true, false),
            "nondetChar()C" => (16, false, false),
            // Symbolic too while the factory runs, so that the inputs the report lists
            // are all of the program's inputs, in order.
            "nondetBoolean()Z" => (1, false, false),
            "nondetFloat()F" => (F32, false, false),
            "nondetDouble()D" => (F64, false, true),
            "assume(Z)V" => return self.assume(host),
            _ => return Execution::Default,
        };
        let path = Self::path(host);
        let origin = format!(
            "Verifier.{} at {}",
            &method[..method.find('(').map_or(method.len(), |i| i + 2)],
            code_location(host, at.method, at.pc)
        );
        let mut a = arena();
        let n = a
            .steps(path)
            .iter()
            .filter(|(_, s)| matches!(s, Step::Input { .. }))
            .count();
        let name = format!("{}_{n}", &method[..method.find('(').unwrap_or(0)]);
        let var = a.intern(Expr::Var { name, width });
        let path = a.extend_path(path, Step::Input { var, origin });
        let e = if is_float(width) {
            var
        } else {
            a.resize(var, if wide { 64 } else { 32 }, signed)
        };
        host.set_path_attr(path_attr_of(Some(path)));
        Self::push(&a, host, Self::value(a.width(e), 0), e);
        Execution::Next
    }

    fn assume(&mut self, host: &mut HostRef<'_, '_>) -> Execution {
        if host.stack_attr(0) == 0 {
            return Execution::Default;
        }
        let outcomes = {
            let mut a = arena();
            let c = Self::operand(&mut a, host, 0);
            let zero = a.constant(0, 32);
            let holds = a.cmp(Cmp::Ne, c, zero);
            [holds, a.not(holds)]
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(0) => {
                host.pop();
                Execution::Next
            }
            Decision::Take(_) => {
                prune(host);
                Execution::Next
            }
        }
    }

    // ----- decisions

    /// Which of `outcomes` (conditions that exclude each other and cover every case) the
    /// path takes.
    fn decide(&mut self, host: &mut HostRef<'_, '_>, outcomes: &[ExprId]) -> Decision {
        let path = Self::path(host);
        if let Some(JValue::Int(i)) = host
            .current_choice(CHOICE.into(), ChoiceKind::Int)
            .into_option()
        {
            // Re-executed after the search chose an outcome.
            if let Some(&c) = outcomes.get(i as usize) {
                let extended = arena().extend_path(path, Step::Assume(c));
                host.set_path_attr(path_attr_of(Some(extended)));
                return Decision::Take(i as usize);
            }
        }
        let mut feasible = Vec::new();
        let mut unknown = false;
        {
            let a = arena();
            for (i, &c) in outcomes.iter().enumerate() {
                match self.solver.check(&a, path, Some(c)) {
                    Answer::Sat => feasible.push(i),
                    Answer::Unsat => {}
                    Answer::Unknown => unknown = true,
                }
            }
        }
        if unknown {
            host.incomplete("the solver gave up on a branch (symbolic.solver_timeout); its unknown outcomes were not explored".into());
        }
        match feasible.as_slice() {
            [] => {
                prune(host);
                Decision::Infeasible
            }
            &[only] => {
                if unknown {
                    let extended = arena().extend_path(path, Step::Assume(outcomes[only]));
                    host.set_path_attr(path_attr_of(Some(extended)));
                }
                Decision::Take(only)
            }
            many => {
                let values = many.iter().map(|&i| JValue::Int(i as i32)).collect();
                host.register_choice(CHOICE.into(), values);
                Decision::Choose
            }
        }
    }

    /// A solution for `e` on the current path, which the path then assumes; declares the
    /// run incomplete if other solutions existed. `None`: the path has no solution.
    pub(crate) fn concretize(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        e: ExprId,
        what: &str,
    ) -> Option<i64> {
        let path = Self::path(host);
        let mut a = arena();
        let Some(values) = self.solver.solve(&a, path, None, &[e]) else {
            drop(a);
            host.incomplete("the solver gave up while concretizing a value".into());
            prune(host);
            return None;
        };
        let v = values[0];
        let width = a.width(e);
        let c = a.constant(v, width);
        let equal = a.cmp(Cmp::Eq, e, c);
        let other = a.not(equal);
        if self.solver.check(&a, path, Some(other)) != Answer::Unsat {
            let reason = format!(
                "{what} ({}) was concretized to {} at {}, dropping its other values",
                a.show(e),
                a.show(c),
                code_location(host, at.method, at.pc)
            );
            drop(a);
            host.incomplete(reason.as_str().into());
            a = arena();
        }
        let extended = a.extend_path(path, Step::Assume(equal));
        host.set_path_attr(path_attr_of(Some(extended)));
        Some(v)
    }

    /// Makes the symbolic operands at `entries` (from the top) concrete, then lets the VM
    /// execute the instruction.
    fn concretize_operands(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        entries: &[u32],
        what: &str,
    ) -> Execution {
        for &i in entries {
            let Some(e) = expr_of(host.stack_attr(i)) else {
                continue;
            };
            let width = arena().width(e);
            let Some(v) = self.concretize(host, at, e, &format!("an operand of {what}")) else {
                return Execution::Next;
            };
            replace_operand(host, i, Self::value(width, v));
        }
        Execution::Default
    }

    /// What the report shows about the path to a violation: each input's value in a
    /// solution of the path condition, and the condition.
    pub fn inputs(&mut self, host: &mut HostRef<'_, '_>) -> Vec<String> {
        let path = Self::path(host);
        let a = arena();
        let steps = a.steps(path);
        let vars: Vec<(ExprId, &str)> = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Input { var, origin } => Some((*var, origin.as_str())),
                Step::Assume(_) => None,
            })
            .collect();
        if vars.is_empty() {
            return Vec::new();
        }
        let ids: Vec<ExprId> = vars.iter().map(|v| v.0).collect();
        let mut lines: Vec<String> = match self.solver.solve(&a, path, None, &ids) {
            Some(values) => vars
                .iter()
                .zip(values)
                .map(|((var, origin), v)| {
                    let value = match a.width(*var) {
                        1 => (v != 0).to_string(),
                        w if is_float(w) => float::literal(v, w),
                        _ => v.to_string(),
                    };
                    format!("{} = {value}  ({origin})", a.show(*var))
                })
                .collect(),
            None => vec!["(the solver found no solution of the path condition)".to_string()],
        };
        let conditions: Vec<String> = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Assume(c) => Some(a.show(*c)),
                Step::Input { .. } => None,
            })
            .collect();
        if !conditions.is_empty() {
            lines.push(format!("path condition: {}", conditions.join(" && ")));
        }
        lines
    }
}

/// Ends the current path: nothing after this instruction runs on it.
fn prune(host: &mut HostRef<'_, '_>) {
    host.ignore_state();
    host.break_transition();
}

/// Replaces the operand `from_top` entries down by a plain `value`.
pub(crate) fn replace_operand(host: &mut HostRef<'_, '_>, from_top: u32, value: JValue) {
    let above: Vec<(JValue, i64)> = (0..from_top)
        .map(|i| {
            (
                host.stack_value(host.current_thread(), i),
                host.stack_attr(i),
            )
        })
        .collect();
    for _ in 0..from_top {
        host.pop();
    }
    host.pop();
    host.push(value);
    for (v, attr) in above.into_iter().rev() {
        host.push(v);
        host.set_stack_attr(0, attr);
    }
}

/// Operand stack entries taken by a method's parameters (`pkg.C.m(IJ)V`: 2).
fn parameter_entries(member: &str) -> u32 {
    let params = member
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map_or("", |(p, _)| p);
    let mut count = 0;
    let mut chars = params.chars();
    while let Some(c) = chars.next() {
        match c {
            '[' => {
                while let Some('[') = chars.clone().next() {
                    chars.next();
                }
                if chars.next() == Some('L') {
                    chars.by_ref().find(|&c| c == ';');
                }
                count += 1;
            }
            'L' => {
                chars.by_ref().find(|&c| c == ';');
                count += 1;
            }
            _ => count += 1,
        }
    }
    count
}

/// Whether a static or special call runs a native method (which reads its arguments'
/// concrete values, never their attributes).
fn runs_native(host: &HostRef<'_, '_>, insn: &InsnInfo) -> bool {
    if !matches!(insn.mnemonic.as_str(), "invokestatic" | "invokespecial") {
        return false;
    }
    let member = insn.member.as_str();
    let Some((owner, rest)) = member
        .split_once('(')
        .and_then(|(head, _)| head.rsplit_once('.'))
        .map(|(class, name)| (class, (name, &member[member.find('(').unwrap_or(0)..])))
    else {
        return false;
    };
    let (name, descriptor) = rest;
    host.class_methods(owner.into()).iter().any(|&id| {
        host.method_info(id).into_option().is_some_and(|m| {
            m.name.as_str() == name && m.descriptor.as_str() == descriptor && m.instructions == 0
        })
    })
}

/// Java's result of `va op vb` on `width`-bit values (the divisor of a division is not 0).
fn concrete(op: BinOp, va: i64, vb: i64, width: u32) -> i64 {
    let r = if width == 32 {
        let (x, y) = (va as i32, vb as i32);
        i64::from(match op {
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            BinOp::Mul => x.wrapping_mul(y),
            BinOp::Div => x.checked_div(y).unwrap_or(if y == 0 { 0 } else { x }),
            BinOp::Rem => x.checked_rem(y).unwrap_or(0),
            BinOp::And => x & y,
            BinOp::Or => x | y,
            BinOp::Xor => x ^ y,
            BinOp::Shl => x.wrapping_shl(y as u32),
            BinOp::Shr => x.wrapping_shr(y as u32),
            BinOp::Ushr => (x as u32).wrapping_shr(y as u32) as i32,
        })
    } else {
        match op {
            BinOp::Add => va.wrapping_add(vb),
            BinOp::Sub => va.wrapping_sub(vb),
            BinOp::Mul => va.wrapping_mul(vb),
            BinOp::Div => va.checked_div(vb).unwrap_or(if vb == 0 { 0 } else { va }),
            BinOp::Rem => va.checked_rem(vb).unwrap_or(0),
            BinOp::And => va & vb,
            BinOp::Or => va | vb,
            BinOp::Xor => va ^ vb,
            BinOp::Shl => va.wrapping_shl(vb as u32),
            BinOp::Shr => va.wrapping_shr(vb as u32),
            BinOp::Ushr => (va as u64).wrapping_shr(vb as u32) as i64,
        }
    };
    sign_extend(r, width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_count_entries() {
        assert_eq!(parameter_entries("a.B.c()V"), 0);
        assert_eq!(parameter_entries("a.B.c(IJ)V"), 2);
        assert_eq!(
            parameter_entries("a.B.c([[ILjava/lang/String;[Ljava/lang/Object;D)V"),
            4
        );
    }

    #[test]
    fn concrete_arithmetic_is_javas() {
        assert_eq!(
            concrete(BinOp::Add, i64::from(i32::MAX), 1, 32),
            i64::from(i32::MIN)
        );
        assert_eq!(
            concrete(BinOp::Div, i64::from(i32::MIN), -1, 32),
            i64::from(i32::MIN)
        );
        assert_eq!(concrete(BinOp::Rem, -7, 2, 32), -1);
        assert_eq!(concrete(BinOp::Ushr, -1, 28, 32), 15);
        assert_eq!(concrete(BinOp::Ushr, -1, 60, 64), 15);
        assert_eq!(concrete(BinOp::Div, i64::MIN, -1, 64), i64::MIN);
    }
}
