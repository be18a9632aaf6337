//! The symbolic semantics of the instructions the factory intercepts.

use std::collections::HashMap;
use std::time::Duration;

use rpf_plugin_api::{code_location, ChoiceKind, ConfigView, Execution, FrameInfo, HostRef};
use rpf_plugin_api::{parameter_types, Event, EventKind, InsnInfo, JValue};

use crate::expr::{
    arena, attr_of, expr_of, is_float, path_attr_of, path_of, sign_extend, Arena, BinOp, CallArg,
    Cmp, Expr, ExprId, PathId, Slot, Step, Taken, F32, F64,
};
use crate::ieee;
use crate::library::{concretizes, native_reading_symbolic_contents, Natives};
use crate::methods::{
    abbreviated, literal, return_type, Analysis, Coverage, InputObject, Mode, Outcome, Summary,
};
use crate::solver::{Answer, Solver};
use crate::structure::{input_heap, input_objects, object_name, Lazy};

/// The ChoiceGenerator id of symbolic branches (its values are outcome indices).
const CHOICE: &str = "symbolic";

/// The class whose `nondet*` methods give symbolic inputs.
const VERIFIER: &str = "org.sosy_lab.sv_benchmarks.Verifier.";

/// JPF's `Verify.getInt(name)` and `Verify.getDouble(name)`: symbolic inputs named `name`
/// when `symbolic=true`.
const VERIFY_NAMED: &str = "gov.nasa.jpf.vm.Verify.get";

/// Arrays up to this length are indexed symbolically by one outcome per index; loads from
/// longer primitive arrays are if-then-else expressions, other accesses concretize the index.
const MAX_ENUMERATED_INDEX: i32 = 64;

/// Loads from long primitive arrays with at most this many runs of equal elements are
/// if-then-else expressions; others concretize the index.
const MAX_TABLE_RUNS: usize = 1024;

/// Every instruction that may consume a symbolic value.
#[rustfmt::skip]
pub const INTERCEPTED: &[&str] = &[
    // arithmetic
    "iadd", "isub", "imul", "idiv", "irem", "iand", "ior", "ixor", "ishl", "ishr", "iushr",
    "ladd", "lsub", "lmul", "ldiv", "lrem", "land", "lor", "lxor", "lshl", "lshr", "lushr",
    "ineg", "lneg", "iinc", "i2l", "l2i", "i2b", "i2c", "i2s", "i2f", "i2d", "l2f", "l2d",
    // comparisons and branches
    "lcmp", "ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle", "if_icmpeq", "if_icmpne",
    "if_icmplt", "if_icmpge", "if_icmpgt", "if_icmple", "tableswitch", "lookupswitch", "ifnull",
    "ifnonnull", "if_acmpeq", "if_acmpne",
    // arrays
    "iaload", "laload", "faload", "daload", "aaload", "baload", "caload", "saload", "iastore",
    "lastore", "fastore", "dastore", "aastore", "bastore", "castore", "sastore", "newarray",
    "anewarray", "multianewarray",
    // calls and their ends
    "invokevirtual", "invokespecial", "invokestatic", "invokeinterface", "invokedynamic",
    "ireturn", "lreturn",
    "freturn", "dreturn", "areturn", "return",
];

/// The factory: the solver, following the search along paths, and the analysed methods.
pub struct Symbolic {
    solver: Solver,
    /// Method-level symbolic execution (`symbolic.method`).
    pub methods: Analysis,
    /// `symbolic.replay`: concrete values for the inputs, in the order a path creates them
    /// (the confirmation run of a violation); the path attribute then counts the inputs
    /// taken.
    replay: Option<Vec<i64>>,
    /// The input values of the last violation's path (for its confirmation settings).
    last_inputs: Vec<i64>,
    /// `symbolic.string_length`: the longest `Verifier.nondetString()` explored.
    string_length: u32,
    /// `symbolic=true`: `Verify.getInt(name)` and `getDouble(name)` give symbolic inputs.
    named_inputs: bool,
    /// SPF's `symbolic.min_int` / `max_int` / ...: bounds of new inputs, by type descriptor.
    ranges: Vec<(&'static str, i64, i64)>,
    /// Whether the generated tests were written (the report asks twice).
    pub tests_written: Option<Result<Vec<std::path::PathBuf>, String>>,
    /// `symbolic.lazy`: lazy initialization of reference inputs.
    pub(crate) lazy: Option<Lazy>,
    /// The class of the exception thrown last, by thread (which one unwinds a method).
    thrown: HashMap<u32, String>,
    /// The thread and analysed method of the return instruction just summarized.
    returning: Option<(u32, u32)>,
    /// Which calls are natives that cannot see symbolic contents.
    natives: Natives,
}

/// A branch decision.
pub(crate) enum Decision {
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
            methods: Analysis::configured(config)?,
            named_inputs: config.bool("symbolic", false)?,
            string_length: match config.int("symbolic.string_length")? {
                None => 8,
                Some(n) if (0..=1024).contains(&n) => n as u32,
                Some(n) => {
                    return Err(format!(
                        "symbolic.string_length must be 0..1024 characters, not {n}"
                    ))
                }
            },
            replay: config
                .get("symbolic.replay")
                .map(|list| {
                    list.split(',')
                        .filter(|v| !v.trim().is_empty())
                        .map(|v| {
                            v.trim()
                                .parse::<i64>()
                                .map_err(|_| format!("symbolic.replay: \"{v}\" is not an integer"))
                        })
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()?,
            last_inputs: Vec::new(),
            ranges: ranges(config)?,
            tests_written: None,
            lazy: Lazy::configured(config)?,
            thrown: HashMap::new(),
            returning: None,
            natives: Natives::default(),
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
            "iinc" => self.iinc(host, insn),
            "ineg" | "lneg" => self.negate(host),
            "i2l" | "l2i" | "i2b" | "i2c" | "i2s" => self.convert(host, m),
            "lcmp" => self.lcmp(host),
            "tableswitch" | "lookupswitch" => self.switch(host, at, insn),
            "newarray" | "anewarray" => self.new_array(host, at, m),
            "multianewarray" => {
                let dims = insn.operands.first().copied().unwrap_or(1).max(1) as u32;
                let all: Vec<u32> = (0..dims).collect();
                self.concretize_operands(host, at, &all, "the dimensions of multianewarray")
            }
            _ if m.starts_with("invoke") => self.invoke(host, at, insn),
            "ireturn" | "lreturn" | "freturn" | "dreturn" | "areturn" | "return" => {
                self.leave(host, at, m)
            }
            "ifnull" | "ifnonnull" | "if_acmpeq" | "if_acmpne" => {
                self.reference_branch(host, at, insn)
            }
            _ if m.ends_with("aload") && m != "aload" => self.array_access(host, at, m, 0),
            _ if m.ends_with("astore") => self.array_access(host, at, m, 1),
            _ if m.starts_with("if") => self.branch(host, at, insn),
            _ => self.binary(host, m),
        }
    }

    // ----- values

    /// The current path.
    pub(crate) fn path(host: &HostRef<'_, '_>) -> Option<PathId> {
        path_of(host.path_attr())
    }

    /// The expression of operand `from_top` (a constant if it carries no symbolic value).
    fn operand(a: &mut Arena, host: &HostRef<'_, '_>, from_top: u32) -> ExprId {
        match expr_of(host.stack_attr(from_top)) {
            Some(e) => e,
            None => match host.stack_value(host.current_thread(), from_top) {
                JValue::Long(v) => a.constant(v, 64),
                JValue::Int(v) => a.constant(i64::from(v), 32),
                JValue::Float(v) => a.float_constant(f64::from(v), F32),
                JValue::Double(v) => a.float_constant(v, F64),
                _ => a.constant(0, 32),
            },
        }
    }

    /// Pushes `value` carrying expression `e` (a constant `e` is pushed as its plain value).
    fn push(a: &Arena, host: &mut HostRef<'_, '_>, value: JValue, e: ExprId) {
        match a.constant_value(e) {
            Some(c) => host.push(Self::value(a.width(e), c)),
            None => {
                host.push(value);
                host.set_stack_attr(0, attr_of(e));
            }
        }
    }

    /// A Java value of `e`'s width (of a float or double: from its IEEE bits).
    pub(crate) fn value(width: u32, v: i64) -> JValue {
        if is_float(width) {
            ieee::value(v, width)
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
        let v = crate::expr::apply(op, va, vb, width).unwrap_or(0);
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

    fn branch(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo) -> Execution {
        let m = insn.mnemonic.as_str();
        let binary = m.starts_with("if_icmp");
        let Some(&target) = insn.targets.first() else {
            return Execution::Default;
        };
        let cmp = match &m[m.len() - 2..] {
            "eq" => Cmp::Eq,
            "ne" => Cmp::Ne,
            "lt" => Cmp::Lt,
            "ge" => Cmp::Ge,
            "gt" => Cmp::Gt,
            _ => Cmp::Le,
        };
        let attrs = if binary {
            host.stack_attr(0) | host.stack_attr(1)
        } else {
            host.stack_attr(0)
        };
        if attrs == 0 {
            if self.analysed(host, at) {
                let thread = host.current_thread();
                let top = Self::bits(host.stack_value(thread, 0));
                let (x, y) = if binary {
                    (Self::bits(host.stack_value(thread, 1)), top)
                } else {
                    (top, 0)
                };
                let to = if cmp.holds(x, y) { target } else { at.pc + 1 };
                self.edge(host, at, to);
            }
            return Execution::Default;
        }
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
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(i) => {
                host.pop();
                if binary {
                    host.pop();
                }
                let to = if i == 0 { target } else { at.pc + 1 };
                self.edge(host, at, to);
                Execution::Jump(to)
            }
        }
    }

    /// `ifnull`, `if_acmpeq`, ...: never symbolic, but part of branch coverage.
    fn reference_branch(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Execution {
        if insn.mnemonic.starts_with("if_acmp") {
            if let Some(execution) = self.box_identity(host, at, insn) {
                return execution;
            }
        }
        if !self.analysed(host, at) {
            return Execution::Default;
        }
        let Some(&target) = insn.targets.first() else {
            return Execution::Default;
        };
        let thread = host.current_thread();
        let top = host.stack_value(thread, 0);
        let jump = match insn.mnemonic.as_str() {
            "ifnull" => top == JValue::Null,
            "ifnonnull" => top != JValue::Null,
            "if_acmpeq" => host.stack_value(thread, 1) == top,
            _ => host.stack_value(thread, 1) != top,
        };
        self.edge(host, at, if jump { target } else { at.pc + 1 });
        Execution::Default
    }

    /// Whether the running method is one of the analysed methods.
    fn analysed(&mut self, host: &HostRef<'_, '_>, at: &FrameInfo) -> bool {
        self.methods.frame_target(host, at.method).is_some()
    }

    /// Records that the branch at `at` goes to `to` on this path, if the running method is
    /// analysed (branch coverage).
    pub(crate) fn edge(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, to: u32) {
        if !self.analysed(host, at) {
            return;
        }
        let path = Self::path(host);
        let step = Step::Edge {
            method: at.method,
            pc: at.pc,
            to,
        };
        let extended = arena().extend_path(path, step);
        host.set_path_attr(path_attr_of(Some(extended)));
    }

    fn switch(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo) -> Execution {
        let Some((&default, cases)) = insn.operands.split_first() else {
            return Execution::Default;
        };
        let cases: Vec<(i64, u32)> = cases.chunks(2).map(|c| (c[0], c[1] as u32)).collect();
        if host.stack_attr(0) == 0 {
            if self.analysed(host, at) {
                let key = Self::bits(host.stack_value(host.current_thread(), 0));
                let to = cases
                    .iter()
                    .find(|c| c.0 == key)
                    .map_or(default as u32, |c| c.1);
                self.edge(host, at, to);
            }
            return Execution::Default;
        }
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
                let to = cases.get(i).map_or(default as u32, |c| c.1);
                self.edge(host, at, to);
                Execution::Jump(to)
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
        m: &str,
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
        if length > MAX_ENUMERATED_INDEX && index_at == 0 && m != "aaload" {
            return self.table_load(host, at, m, index, array, length);
        }
        if length > MAX_ENUMERATED_INDEX {
            return self.concretize_operands(
                host,
                at,
                &[index_at],
                "an index into an array longer than 64 elements",
            );
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

    /// A load from a primitive array longer than [`MAX_ENUMERATED_INDEX`] at a symbolic
    /// index (a lookup table: `Character.digit`'s, say): in bounds, the value is an
    /// if-then-else over the runs of equal elements, one path whatever the index; out of
    /// bounds, the VM throws.
    fn table_load(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        m: &str,
        index: ExprId,
        array: u32,
        length: i32,
    ) -> Execution {
        // Runs of equal elements, as (last index, value expression).
        let mut runs: Vec<(i32, ExprId)> = Vec::new();
        {
            let mut a = arena();
            for k in 0..length {
                let element = match expr_of(host.element_attr(array, k as u32)) {
                    Some(e) => e,
                    None => match host.array_element(array, k as u32).into_option() {
                        Some(JValue::Long(v)) => a.constant(v, 64),
                        Some(JValue::Float(v)) => a.float_constant(f64::from(v), F32),
                        Some(JValue::Double(v)) => a.float_constant(v, F64),
                        Some(JValue::Int(v)) => a.constant(i64::from(v), 32),
                        _ => a.constant(0, 32),
                    },
                };
                match runs.last_mut() {
                    Some((last, e)) if *e == element => *last = k,
                    _ => runs.push((k, element)),
                }
                if runs.len() > MAX_TABLE_RUNS {
                    break;
                }
            }
        }
        if runs.len() > MAX_TABLE_RUNS {
            return self.concretize_operands(
                host,
                at,
                &[0],
                &format!("an index into an array of more than {MAX_TABLE_RUNS} distinct runs of elements"),
            );
        }
        let outcomes = {
            let mut a = arena();
            let zero = a.constant(0, 32);
            let len = a.constant(i64::from(length), 32);
            let below = a.cmp(Cmp::Lt, index, zero);
            let above = a.cmp(Cmp::Ge, index, len);
            let outside = a.intern(Expr::Any(vec![below, above]));
            [a.not(outside), outside]
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Execution::Reexecute,
            Decision::Infeasible => Execution::Next,
            Decision::Take(1) => {
                // Out of bounds: the VM throws, naming one such index.
                let Some(v) = self.concretize(host, at, index, "an out-of-bounds array index")
                else {
                    return Execution::Next;
                };
                replace_operand(host, 0, JValue::Int(v as i32));
                Execution::Default
            }
            Decision::Take(_) => {
                let value = {
                    let mut a = arena();
                    let (_, last) = runs.pop().expect("a non-empty array has a run");
                    runs.iter().rev().fold(last, |rest, &(end, v)| {
                        let end = a.constant(i64::from(end), 32);
                        let within = a.cmp(Cmp::Le, index, end);
                        a.intern(Expr::Ite(within, v, rest))
                    })
                };
                host.pop();
                host.pop();
                let placeholder = match m {
                    "laload" => JValue::Long(0),
                    "faload" => JValue::Float(0.0),
                    "daload" => JValue::Double(0.0),
                    _ => JValue::Int(0),
                };
                let a = arena();
                Self::push(&a, host, placeholder, value);
                Execution::Next
            }
        }
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
            Decision::Take(_) => {
                self.concretize_operands(host, at, &[0], &format!("the length of {m}"))
            }
        }
    }

    // ----- calls

    fn invoke(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo) -> Execution {
        let member = insn.member.as_str();
        if let Some(method) = member.strip_prefix(VERIFIER) {
            return self.verifier(host, at, method);
        }
        if self.named_inputs {
            match member.strip_prefix(VERIFY_NAMED) {
                Some("Int(Ljava/lang/String;)I") => return self.named_input(host, at, "I"),
                Some("Double(Ljava/lang/String;)D") => return self.named_input(host, at, "D"),
                _ => {}
            }
        }
        if let Some(t) = self.methods.call_target(member) {
            if let Err(execution) = self.enter(host, at, insn, t) {
                return execution;
            }
        }
        if let Some(execution) = self.box_value(host, insn) {
            return execution;
        }
        self.check_native_contents(host, at, insn);
        let params = parameter_types(member).len() as u32;
        let symbolic: Vec<u32> = (0..params).filter(|&i| host.stack_attr(i) != 0).collect();
        // A call site (string concatenation, a lambda capturing values) runs the class
        // library's own machinery on its arguments' concrete values.
        let dynamic = insn.mnemonic.as_str() == "invokedynamic";
        if symbolic.is_empty() || !(dynamic || concretizes(host, insn)) {
            return Execution::Default;
        }
        self.concretize_operands(host, at, &symbolic, &format!("a call of {member}"))
    }

    /// A native method that gets symbolic contents it cannot see makes the run incomplete.
    fn check_native_contents(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) {
        if let Some(member) = native_reading_symbolic_contents(&mut self.natives, host, insn) {
            let reason = format!(
                "a native method, {member}, read arrays or objects holding symbolic values, which it sees as placeholders, at {}",
                code_location(host, at.method, at.pc)
            );
            host.incomplete(reason.as_str().into());
        }
    }

    /// `Verifier.nondet*()` inputs and `Verifier.assume(cond)`.
    fn verifier(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, method: &str) -> Execution {
        match method {
            "nondetInt()I" | "nondetLong()J" | "nondetShort()S" | "nondetByte()B"
            | "nondetChar()C" => {}
            // Symbolic too while the factory runs, so that the inputs the report lists
            // are all of the program's inputs, in order.
            "nondetBoolean()Z" | "nondetFloat()F" | "nondetDouble()D" => {}
            "assume(Z)V" => return self.assume(host),
            "stringBound()I" => {
                host.push(JValue::Int(self.string_length as i32));
                return Execution::Next;
            }
            "nondetString()Ljava/lang/String;" => {
                if self.replay.is_none() {
                    let reason = format!(
                        "Verifier.nondetString() explores strings of at most {} characters (symbolic.string_length)",
                        self.string_length
                    );
                    host.incomplete(reason.as_str().into());
                }
                return Execution::Default;
            }
            _ => return Execution::Default,
        }
        let path = Self::path(host);
        let origin = format!(
            "Verifier.{} at {}",
            &method[..method.find('(').map_or(method.len(), |i| i + 2)],
            code_location(host, at.method, at.pc)
        );
        let descriptor = &method[method.find(')').map_or(0, |i| i + 1)..];
        let mut a = arena();
        let n = a
            .steps(path)
            .iter()
            .filter(|(_, s)| matches!(s, Step::Input { .. }))
            .count();
        let name = format!("{}_{n}", &method[..method.find('(').unwrap_or(0)]);
        let (path, _, e) = self.new_input(&mut a, path, name, descriptor, origin);
        host.set_path_attr(path_attr_of(Some(path)));
        Self::push(&a, host, Self::value(a.width(e), 0), e);
        Execution::Next
    }

    fn assume(&mut self, host: &mut HostRef<'_, '_>) -> Execution {
        if host.stack_attr(0) == 0 {
            return Execution::Default;
        }
        match self.truth(host) {
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

    /// Whether the symbolic `boolean` on top of the operand stack is true (outcome 0) or
    /// false (outcome 1) on this path.
    pub(crate) fn truth(&mut self, host: &mut HostRef<'_, '_>) -> Decision {
        let outcomes = {
            let mut a = arena();
            let c = Self::operand(&mut a, host, 0);
            let zero = a.constant(0, 32);
            let holds = a.cmp(Cmp::Ne, c, zero);
            [holds, a.not(holds)]
        };
        self.decide(host, &outcomes)
    }

    /// `Verify.getInt(name)` / `getDouble(name)` with `symbolic=true`: a symbolic `int` or
    /// `double` (`descriptor`) input called `name`.
    fn named_input(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        descriptor: &str,
    ) -> Execution {
        let JValue::Ref(r) = host.stack_value(host.current_thread(), 0) else {
            return Execution::Default;
        };
        let Some(name) = host.string_value(r).into_option() else {
            return Execution::Default;
        };
        let path = Self::path(host);
        let origin = format!(
            "Verify.get{}(\"{name}\") at {}",
            if descriptor == "D" { "Double" } else { "Int" },
            code_location(host, at.method, at.pc)
        );
        let mut a = arena();
        let taken = a.steps(path).iter().any(|(_, s)| {
            matches!(s, Step::Input { var, .. } if matches!(a.get(*var), Expr::Var { name: n, .. } if *n == *name))
        });
        // A name met again on the same path is a new input: JPF's choices are per call too.
        let name = if taken {
            let n = a.steps(path).len();
            format!("{name}#{n}")
        } else {
            name.into_string()
        };
        let (path, _, e) = self.new_input(&mut a, path, name, descriptor, origin);
        host.pop();
        host.set_path_attr(path_attr_of(Some(path)));
        let placeholder = if descriptor == "D" {
            JValue::Double(0.0)
        } else {
            JValue::Int(0)
        };
        Self::push(&a, host, placeholder, e);
        Execution::Next
    }

    /// A new input `name` of type `descriptor` (integral) on `path`, within the configured
    /// range: the extended path, the variable, and the input's value as an `int` or `long`
    /// expression.
    pub(crate) fn new_input(
        &self,
        a: &mut Arena,
        path: Option<PathId>,
        name: String,
        descriptor: &str,
        origin: String,
    ) -> (PathId, ExprId, ExprId) {
        let float = match descriptor {
            "F" => Some(F32),
            "D" => Some(F64),
            _ => None,
        };
        if let Some(width) = float {
            // A float or double input: an IEEE 754 variable (replayed: its bits).
            let var = match self.replay_value(a, path) {
                Some(v) => a.constant(v, width),
                None => a.var(name, width),
            };
            let path = a.extend_path(path, Step::Input { var, origin });
            return (path, var, var);
        }
        let (width, signed, wide) = integral(descriptor).unwrap_or((32, true, false));
        if let Some(v) = self.replay_value(a, path) {
            // Confirmation: the next value, as a constant (so nothing is symbolic).
            let java = if signed {
                sign_extend(v, width)
            } else {
                v & ((1 << width) - 1)
            };
            let value = a.constant(java, if wide { 64 } else { 32 });
            let path = a.extend_path(path, Step::Input { var: value, origin });
            return (path, value, value);
        }
        let var = a.var(name, width);
        let mut path = a.extend_path(path, Step::Input { var, origin });
        let value = a.resize(var, if wide { 64 } else { 32 }, signed);
        if let Some(&(_, min, max)) = self.ranges.iter().find(|r| r.0 == descriptor) {
            let w = a.width(value);
            let (lo, hi) = (a.constant(min, w), a.constant(max, w));
            let above = a.cmp(Cmp::Ge, value, lo);
            let below = a.cmp(Cmp::Le, value, hi);
            path = a.extend_path(Some(path), Step::Assume(above));
            path = a.extend_path(Some(path), Step::Assume(below));
        }
        (path, var, value)
    }

    /// Under `symbolic.replay`, the value of the next input of `path`: inputs and the
    /// alternatives of reference inputs count, in path order.
    pub(crate) fn replay_value(&self, a: &Arena, path: Option<PathId>) -> Option<i64> {
        let values = self.replay.as_ref()?;
        let taken = a.steps(path).iter().filter(|(_, s)| is_replayed(s)).count();
        Some(values.get(taken).copied().unwrap_or(0))
    }

    // ----- analysed methods

    /// A call of analysed method `t`: its `sym` parameters become inputs, and the path
    /// records the call's arguments; with `symbolic.lazy`, reference inputs are set up and
    /// the precondition runs first. `Err`: what the factory returns meanwhile.
    fn enter(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
        t: usize,
    ) -> Result<(), Execution> {
        if self.precondition_pending(host) {
            return self.precondition_result(host);
        }
        let member = insn.member.as_str();
        let descriptor = &member[member.find('(').unwrap_or(0)..];
        let types = parameter_types(descriptor);
        let n = types.len() as u32;
        let target = self.methods.targets[t].clone();
        let reference = |ty: &str| ty.starts_with('L') || ty.starts_with('[');
        let receiver_from_top = (insn.mnemonic.as_str() != "invokestatic").then_some(n);
        let lazy_params: Vec<(u32, u32, String)> = types
            .iter()
            .enumerate()
            .filter(|(i, ty)| target.modes[*i] == Mode::Sym && reference(ty))
            .map(|(i, ty)| (i as u32, n - 1 - i as u32, ty.clone()))
            .collect();
        self.lazy_entry(host, at, &lazy_params, receiver_from_top)?;
        let lazy = self.lazy.is_some();
        let mut path = Self::path(host);
        let mut a = arena();
        let calls = a
            .steps(path)
            .iter()
            .filter(|(_, s)| matches!(s, Step::Call { target, .. } if *target as usize == t))
            .count();
        let suffix = if calls == 0 {
            String::new()
        } else {
            format!("#{calls}")
        };
        let mut args = Vec::new();
        let mut attrs = Vec::new();
        for (i, ty) in types.iter().enumerate() {
            let from_top = n - 1 - i as u32;
            let integral_type = integral(ty).is_some();
            let primitive = integral_type || ty == "F" || ty == "D";
            let arg = match (target.modes[i], primitive) {
                (Mode::Sym, true) => {
                    let name = format!("{}_p{i}{suffix}", target.name);
                    let origin = format!("parameter {i} of {}.{}", target.class, target.name);
                    let (extended, var, e) = self.new_input(&mut a, path, name, ty, origin);
                    path = Some(extended);
                    attrs.push((from_top, e));
                    CallArg::Sym(var)
                }
                (Mode::Con, true) if integral_type => match expr_of(host.stack_attr(from_top)) {
                    Some(e) => CallArg::Sym(e),
                    None => CallArg::Con(Self::bits(
                        host.stack_value(host.current_thread(), from_top),
                    )),
                },
                (Mode::Sym, false) if lazy => {
                    CallArg::Object(host.stack_value(host.current_thread(), from_top).as_ref())
                }
                (mode, _) => {
                    if mode == Mode::Sym {
                        self.methods.warnings.insert(format!(
                            "parameter {i} ({}) of {}.{} stays concrete: symbolic references need symbolic.lazy=true",
                            crate::methods::java_name(ty),
                            target.class,
                            target.name
                        ));
                    }
                    CallArg::Opaque
                }
            };
            args.push(arg);
        }
        let receiver = receiver_from_top
            .filter(|_| lazy)
            .and_then(|r| host.stack_value(host.current_thread(), r).as_ref());
        let path = a.extend_path(
            path,
            Step::Call {
                target: t as u32,
                args,
                receiver,
            },
        );
        for (from_top, e) in attrs {
            match a.constant_value(e) {
                Some(c) => replace_operand(host, from_top, Self::value(a.width(e), c)),
                None => host.set_stack_attr(from_top, attr_of(e)),
            }
        }
        drop(a);
        host.set_path_attr(path_attr_of(Some(path)));
        let first_reference = receiver_from_top.or_else(|| lazy_params.first().map(|p| p.1));
        self.call_precondition(host, &target.class, first_reference)
    }

    /// A return in an analysed method ends one of its paths.
    fn leave(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, m: &str) -> Execution {
        if !self.analysed(host, at) {
            return Execution::Default;
        }
        let outcome = match m {
            "return" => Ended::Returns(None),
            "areturn" if self.lazy.is_some() => {
                Ended::Reference(host.stack_value(host.current_thread(), 0).as_ref())
            }
            "areturn" => Ended::Returns(None),
            _ => {
                let value = {
                    let mut a = arena();
                    Self::operand(&mut a, host, 0)
                };
                Ended::Returns(Some(value))
            }
        };
        self.summarize(host, at.method, outcome);
        self.returning = Some((host.current_thread(), at.method));
        Execution::Default
    }

    /// Events of analysed methods: an exception thrown, and a method exited — by the return
    /// [`Symbolic::leave`] saw, or else unwound by the exception thrown last on its thread,
    /// which ends its path (thrown by the method itself, by a callee, or by the VM).
    pub fn exited(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            EventKind::ExceptionThrown => {
                self.thrown
                    .insert(event.thread, event.text.as_str().replace('/', "."));
            }
            EventKind::MethodExited => {
                if self.returning.take() == Some((event.thread, event.method)) {
                    return;
                }
                if self.methods.frame_target(host, event.method).is_none() {
                    return;
                }
                let Some(exception) = self.thrown.get(&event.thread).cloned() else {
                    return;
                };
                self.summarize(host, event.method, Ended::Throws(exception));
            }
            _ => {}
        }
    }

    /// Records the path of analysed method `method` that ends `how`.
    fn summarize(&mut self, host: &mut HostRef<'_, '_>, method: u32, how: Ended) {
        let Some(t) = self.methods.frame_target(host, method) else {
            return;
        };
        let Some(info) = host.method_info(method).into_option() else {
            return;
        };
        let descriptor = info.descriptor.into_string();
        let path = Self::path(host);
        let a = arena();
        let steps = a.steps(path);
        let Some(args) = steps.iter().rev().find_map(|(_, s)| match s {
            Step::Call { target, args, .. } if *target as usize == t => Some(args.clone()),
            _ => None,
        }) else {
            return;
        };
        let heap = input_heap(host, &a, path);
        let objects = input_objects(&a, path);
        let mut wanted: Vec<ExprId> = args
            .iter()
            .filter_map(|arg| match arg {
                CallArg::Sym(e) => Some(*e),
                _ => None,
            })
            .collect();
        let args_wanted = wanted.len();
        wanted.extend(
            heap.iter()
                .flat_map(|(_, fields)| fields.iter())
                .filter_map(|(_, v)| v.as_ref().err().map(|(e, _)| *e)),
        );
        if let Ended::Returns(Some(e)) = &how {
            wanted.push(*e);
        }
        let Some(mut values) = self.solver.solve(&a, path, None, &wanted) else {
            self.methods
                .warnings
                .insert("the solver found no solution for a path (not listed)".into());
            return;
        };
        let types = parameter_types(&descriptor);
        let outcome = match how {
            Ended::Throws(class) => Outcome::Throws(class),
            Ended::Returns(None) => Outcome::Returns(None),
            Ended::Returns(Some(_)) => {
                let v = values.pop().unwrap_or(0);
                Outcome::Returns(literal(v, return_type(&descriptor)))
            }
            Ended::Reference(r) => Outcome::Returns(match r {
                None => Some("null".to_string()),
                Some(r) if objects.iter().any(|(o, _)| *o == r) => Some(object_name(&objects, r)),
                Some(_) => None,
            }),
        };
        let mut field_values = values.split_off(args_wanted.min(values.len())).into_iter();
        let objects_solved: Vec<InputObject> = heap
            .into_iter()
            .map(|(class, fields)| {
                let fields = fields
                    .into_iter()
                    .map(|(name, v)| {
                        let text = match v {
                            Ok(text) => text,
                            Err((_, descriptor)) => field_values
                                .next()
                                .and_then(|v| literal(v, &descriptor))
                                .unwrap_or_else(|| "?".to_string()),
                        };
                        (name, text)
                    })
                    .collect();
                (class, fields)
            })
            .collect();
        let receiver = steps.iter().rev().find_map(|(_, s)| match s {
            Step::Call {
                target, receiver, ..
            } if *target as usize == t => Some(*receiver),
            _ => None,
        });
        let receiver = receiver.flatten().map(|r| object_name(&objects, r));
        let mut solved = values.into_iter();
        let args: Vec<Option<String>> = args
            .iter()
            .zip(&types)
            .map(|(arg, ty)| match arg {
                CallArg::Sym(_) => solved.next().and_then(|v| literal(v, ty)),
                CallArg::Con(v) => literal(*v, ty),
                CallArg::Object(None) => Some("null".to_string()),
                CallArg::Object(Some(r)) => Some(object_name(&objects, *r)),
                CallArg::Opaque => None,
            })
            .collect();
        let condition = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Assume(c) => Some(a.show(*c)),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" && ");
        let edges = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Edge { method, pc, to } => Some((*method, *pc, *to)),
                _ => None,
            })
            .collect();
        drop(a);
        let summary = Summary {
            target: t,
            descriptor,
            is_static: info.is_static,
            condition,
            args,
            outcome,
            edges,
            receiver,
            objects: objects_solved,
        };
        if self.methods.record(path, summary)
            && self.methods.coverage == Coverage::Branch
            && self.methods.all_edges_covered()
        {
            host.end_search();
        }
    }

    // ----- decisions

    /// Which of `outcomes` (conditions that exclude each other and cover every case) the
    /// path takes.
    pub(crate) fn decide(&mut self, host: &mut HostRef<'_, '_>, outcomes: &[ExprId]) -> Decision {
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
                match self.solver.feasible(&a, path, c) {
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
            // One reason per place, however many values and paths it cut.
            let reason = format!(
                "symbolic values were made concrete, dropping other values: {what} at {}",
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
            let Some(v) = self.concretize(host, at, e, what) else {
                return Execution::Next;
            };
            replace_operand(host, i, Self::value(width, v));
        }
        Execution::Default
    }

    /// The settings under which the violation whose inputs [`Symbolic::inputs`] just
    /// listed must recur: those inputs as concrete values.
    pub fn confirmation(&mut self) -> Vec<String> {
        if self.replay.is_some() || self.last_inputs.is_empty() {
            return Vec::new();
        }
        let values: Vec<String> = self.last_inputs.iter().map(i64::to_string).collect();
        vec![format!("symbolic.replay={}", values.join(","))]
    }

    /// What the report shows about the path to a violation: each input's value in a
    /// solution of the path condition, and the condition.
    pub fn inputs(&mut self, host: &mut HostRef<'_, '_>) -> Vec<String> {
        let path = Self::path(host);
        let a = arena();
        let steps = a.steps(path);
        let objects = input_objects(&a, path);
        let vars: Vec<ExprId> = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Input { var, .. } => Some(*var),
                _ => None,
            })
            .collect();
        if !steps.iter().any(|(_, s)| is_replayed(s)) {
            return Vec::new();
        }
        let Some(values) = self.solver.solve(&a, path, None, &vars) else {
            self.last_inputs.clear();
            return vec!["(the solver found no solution of the path condition)".to_string()];
        };
        // In path order, as a replay takes them: input values and reference alternatives.
        let mut values = values.into_iter();
        self.last_inputs.clear();
        let mut lines = Vec::new();
        for (_, step) in &steps {
            match step {
                Step::Input { var, origin } => {
                    let v = values.next().unwrap_or(0);
                    self.last_inputs.push(v);
                    let value = match a.width(*var) {
                        1 => (v != 0).to_string(),
                        w if is_float(w) => ieee::literal(v, w),
                        _ => v.to_string(),
                    };
                    lines.push(format!("{} = {value}  ({origin})", a.show(*var)));
                }
                Step::Slot {
                    slot,
                    taken: taken @ (Taken::Null | Taken::Object(_)),
                    choice,
                } => {
                    self.last_inputs.push(i64::from(*choice));
                    let target = match slot {
                        Slot::Field { holder, field } => {
                            format!("{}.{field}", object_name(&objects, *holder))
                        }
                        Slot::Param(i) => format!("parameter {i}"),
                    };
                    let value = match taken {
                        Taken::Object(o) => {
                            let class = objects
                                .iter()
                                .find(|(id, _)| id == o)
                                .map_or("", |(_, c)| c.as_str());
                            format!("{} ({class})", object_name(&objects, *o))
                        }
                        _ => "null".to_string(),
                    };
                    lines.push(format!("{target} = {value}  (lazy initialization)"));
                }
                _ => {}
            }
        }
        let conditions: Vec<String> = steps
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Assume(c) => Some(a.show(*c)),
                _ => None,
            })
            .collect();
        if !conditions.is_empty() {
            let condition = conditions.join(" && ");
            lines.push(format!("path condition: {}", abbreviated(&condition)));
        }
        lines
    }
}

impl Symbolic {
    /// Writes the generated tests once, if asked to.
    fn write_tests(&mut self) -> Option<&Result<Vec<std::path::PathBuf>, String>> {
        let dir = self.methods.tests_dir.clone()?;
        if self.tests_written.is_none() {
            self.tests_written = Some(crate::junit::write(&dir, &self.methods));
        }
        self.tests_written.as_ref()
    }

    /// The console report: solver statistics, the analysed methods' paths, tests written.
    pub fn report_text(&mut self) -> String {
        let mut out = format!(
            "{} solver queries, {} ms in Z3, {} method paths\n",
            self.solver.queries,
            self.solver.time.as_millis(),
            self.methods.summaries.len()
        );
        out.push_str(&self.methods.report_text());
        match self.write_tests() {
            Some(Ok(files)) => {
                for f in files {
                    out.push_str(&format!("wrote {}\n", f.display()));
                }
            }
            Some(Err(e)) => out.push_str(&format!("tests not written: {e}\n")),
            None => {}
        }
        out
    }

    /// The JSON report.
    pub fn report_value(&mut self) -> serde_json::Value {
        let tests: Vec<String> = match self.write_tests() {
            Some(Ok(files)) => files.iter().map(|f| f.display().to_string()).collect(),
            _ => Vec::new(),
        };
        let methods = &self.methods;
        let paths: Vec<serde_json::Value> = methods
            .summaries
            .iter()
            .map(|s| {
                let (returns, throws) = match &s.outcome {
                    Outcome::Returns(v) => (v.clone(), None),
                    Outcome::Throws(c) => (None, Some(c.clone())),
                };
                let objects: Vec<serde_json::Value> = s
                    .objects
                    .iter()
                    .enumerate()
                    .map(|(k, (class, fields))| {
                        let fields: serde_json::Map<String, serde_json::Value> = fields
                            .iter()
                            .map(|(f, v)| (f.clone(), serde_json::Value::from(v.as_str())))
                            .collect();
                        serde_json::json!({ "name": format!("e{k}"), "class": class, "fields": fields })
                    })
                    .collect();
                serde_json::json!({
                    "method": methods.signature(s),
                    "condition": s.condition,
                    "receiver": s.receiver,
                    "arguments": s.args,
                    "objects": objects,
                    "returns": returns,
                    "throws": throws,
                })
            })
            .collect();
        let uncovered: Vec<serde_json::Value> = methods
            .uncovered()
            .into_iter()
            .map(|(m, e)| serde_json::json!({ "method": m, "edges": e }))
            .collect();
        serde_json::json!({
            "solver_queries": self.solver.queries,
            "solver_ms": self.solver.time.as_secs_f64() * 1000.0,
            "paths": paths,
            "uncovered_branches": uncovered,
            "warnings": methods.warnings,
            "tests": tests,
        })
    }
}

/// SPF's range keys (`symbolic.min_int`, `symbolic.max_long`, ...) as bounds by type
/// descriptor; an unset bound is the type's own.
fn ranges(config: &ConfigView) -> Result<Vec<(&'static str, i64, i64)>, String> {
    let types: [(&str, &str, i64, i64); 5] = [
        ("I", "int", i32::MIN.into(), i32::MAX.into()),
        ("J", "long", i64::MIN, i64::MAX),
        ("S", "short", i16::MIN.into(), i16::MAX.into()),
        ("B", "byte", i8::MIN.into(), i8::MAX.into()),
        ("C", "char", 0, u16::MAX.into()),
    ];
    let mut out = Vec::new();
    for (descriptor, name, lowest, highest) in types {
        let min = config.int(&format!("symbolic.min_{name}"))?;
        let max = config.int(&format!("symbolic.max_{name}"))?;
        if min.is_none() && max.is_none() {
            continue;
        }
        let (min, max) = (min.unwrap_or(lowest), max.unwrap_or(highest));
        if min < lowest || max > highest || min > max {
            return Err(format!(
                "symbolic.min_{name}/max_{name}: [{min}, {max}] is not a non-empty range of {name} values"
            ));
        }
        out.push((descriptor, min, max));
    }
    Ok(out)
}

/// How a path of an analysed method ended, before solving.
enum Ended {
    /// A return, with the returned primitive value's expression.
    Returns(Option<ExprId>),
    /// A reference returned (`symbolic.lazy`): `null` or an object.
    Reference(Option<u32>),
    /// An exception of this class.
    Throws(String),
}

/// The width, signedness and stack kind (long) of an integral type descriptor.
fn integral(descriptor: &str) -> Option<(u32, bool, bool)> {
    Some(match descriptor {
        "I" => (32, true, false),
        "J" => (64, true, true),
        "S" => (16, true, false),
        "B" => (8, true, false),
        "C" => (16, false, false),
        "Z" => (1, false, false),
        _ => return None,
    })
}

/// Whether a step is an input that `symbolic.replay` gives a value for: an input variable,
/// or the alternative a reference input took.
fn is_replayed(step: &Step) -> bool {
    matches!(
        step,
        Step::Input { .. }
            | Step::Slot {
                taken: Taken::Null | Taken::Object(_),
                ..
            }
    )
}

/// Ends the current path: nothing after this instruction runs on it.
pub(crate) fn prune(host: &mut HostRef<'_, '_>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concrete_arithmetic_is_javas() {
        assert_eq!(
            crate::expr::apply(BinOp::Add, i64::from(i32::MAX), 1, 32).unwrap(),
            i64::from(i32::MIN)
        );
        assert_eq!(
            crate::expr::apply(BinOp::Div, i64::from(i32::MIN), -1, 32).unwrap(),
            i64::from(i32::MIN)
        );
        assert_eq!(crate::expr::apply(BinOp::Rem, -7, 2, 32).unwrap(), -1);
        assert_eq!(crate::expr::apply(BinOp::Ushr, -1, 28, 32).unwrap(), 15);
        assert_eq!(crate::expr::apply(BinOp::Ushr, -1, 60, 64).unwrap(), 15);
        assert_eq!(
            crate::expr::apply(BinOp::Div, i64::MIN, -1, 64).unwrap(),
            i64::MIN
        );
    }
}
