//! Symbolic expressions and paths, hash-consed in one arena for the whole process.
//!
//! Attributes are `i64`s the host saves with states and hashes into fingerprints, so an
//! attribute must name the same expression in every worker and at every point of the
//! search: ids are handed out once, by one arena behind a lock, and never reused. Equal
//! expressions (and equal paths) get equal ids, so states that carry equal symbolic values
//! and path conditions match.

use std::collections::HashMap;

/// Values of input variables (absent ones are 0), each sign-extended from its width.
pub type Model = HashMap<ExprId, i64>;
use std::sync::{Mutex, MutexGuard, OnceLock};

pub use crate::ieee::{is_float, F32, F64};
use crate::ieee::{NAN32, NAN64};

/// An expression's id (its attribute is `id + 1`).
pub type ExprId = u32;

/// A path's id (the path attribute is `id + 1`; attribute 0 is the empty path).
pub type PathId = u32;

/// Binary operators on bit vectors of equal width (Java's semantics where they differ:
/// division truncates, the remainder takes the dividend's sign). `Add`..`Rem` also apply to
/// two floats or two doubles ([`F32`], [`F64`]): IEEE 754 rounding to nearest, ties to even,
/// and `Rem` is Java's `%` (C's `fmod`, truncating), not IEEE's remainder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// Wrapping addition.
    Add,
    /// Wrapping subtraction.
    Sub,
    /// Wrapping multiplication.
    Mul,
    /// Signed division, truncating (the divisor is known non-zero).
    Div,
    /// Signed remainder with the dividend's sign.
    Rem,
    /// Bitwise and.
    And,
    /// Bitwise or.
    Or,
    /// Bitwise exclusive or.
    Xor,
    /// Left shift (the distance already masked).
    Shl,
    /// Arithmetic right shift.
    Shr,
    /// Logical right shift.
    Ushr,
}

/// Comparisons of two bit vectors, giving a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Signed less than.
    Lt,
    /// Signed greater or equal.
    Ge,
    /// Signed greater than.
    Gt,
    /// Signed less or equal.
    Le,
}

impl Cmp {
    /// The comparison that holds exactly when this one does not.
    pub fn negated(self) -> Cmp {
        match self {
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
            Cmp::Lt => Cmp::Ge,
            Cmp::Ge => Cmp::Lt,
            Cmp::Gt => Cmp::Le,
            Cmp::Le => Cmp::Gt,
        }
    }

    /// Whether `a cmp b` holds for two values of the same width.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Ge => a >= b,
            Cmp::Gt => a > b,
            Cmp::Le => a <= b,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Ge => ">=",
            Cmp::Gt => ">",
            Cmp::Le => "<=",
        }
    }
}

/// Relations of two floats or two doubles as IEEE 754 defines them: false when either is
/// NaN, and `-0.0` equals `0.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FRel {
    /// Equal.
    Eq,
    /// Less than.
    Lt,
    /// Less or equal.
    Le,
    /// Greater than.
    Gt,
    /// Greater or equal.
    Ge,
}

/// An expression: a bit vector of `width` bits, a float or double ([`F32`], [`F64`]:
/// [`Expr::Var`], [`Expr::Const`] with the IEEE bits, [`Expr::Neg`], [`Expr::Bin`],
/// [`Expr::Convert`]), or (for [`Expr::Cmp`], [`Expr::FRel`], [`Expr::Not`], [`Expr::Any`])
/// a condition. [`Expr::Cmp`] of two floats is `Eq`/`Ne` only, and means the same value
/// (NaN is NaN, `-0.0` is not `0.0`): the equality that concretization records.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An input.
    Var {
        /// Its name, unique on a path.
        name: String,
        /// Bits.
        width: u32,
    },
    /// A constant (the low `width` bits of `value`).
    Const {
        /// The value, sign-extended.
        value: i64,
        /// Bits.
        width: u32,
    },
    /// Two's complement negation.
    Neg(ExprId),
    /// A binary operation.
    Bin(BinOp, ExprId, ExprId),
    /// Sign (`signed`) or zero extension to `width` bits.
    Extend {
        /// The operand.
        of: ExprId,
        /// Whether the extension copies the sign bit.
        signed: bool,
        /// The width after extension.
        width: u32,
    },
    /// The low `width` bits.
    Low {
        /// The operand.
        of: ExprId,
        /// Bits kept.
        width: u32,
    },
    /// A comparison.
    Cmp(Cmp, ExprId, ExprId),
    /// `if cond then a else b`, of `a`'s width.
    Ite(ExprId, ExprId, ExprId),
    /// The negation of a condition.
    Not(ExprId),
    /// The disjunction of conditions.
    Any(Vec<ExprId>),
    /// A Java numeric conversion to `width` between ints, longs, floats and doubles that
    /// involves a float or double: to a float or double, rounding to nearest (ties to even);
    /// to an int or long, rounding toward zero, NaN giving 0 and saturating at the bounds.
    Convert {
        /// The operand.
        of: ExprId,
        /// The width after conversion.
        width: u32,
    },
    /// Java's `fcmpl`/`dcmpl` (`nan` -1) and `fcmpg`/`dcmpg` (`nan` 1): an int, -1, 0 or 1,
    /// and `nan` when either operand is NaN.
    FCompare {
        /// The left operand.
        a: ExprId,
        /// The right operand.
        b: ExprId,
        /// The result when unordered.
        nan: i8,
    },
    /// An IEEE 754 relation of two floats or doubles.
    FRel(FRel, ExprId, ExprId),
}

/// An argument of a call to a method analysed symbolically (`symbolic.method`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CallArg {
    /// A symbolic input.
    Sym(ExprId),
    /// A concrete primitive value (as the descriptor's type, bits sign-extended).
    Con(i64),
    /// A lazily initialized reference input (`symbolic.lazy`): an input object, or `null`.
    Object(Option<u32>),
    /// A value generated tests cannot rebuild (a reference, or a floating-point value).
    Opaque,
}

/// Where a lazily initialized input goes (`symbolic.lazy`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A field of an input object.
    Field {
        /// The input object (host id; input objects are pinned, so ids are stable along
        /// a path).
        holder: u32,
        /// The field's name.
        field: String,
    },
    /// A reference parameter of an analysed method, by index.
    Param(u32),
}

/// The value a lazily initialized input took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Taken {
    /// `null`.
    Null,
    /// An input object (host id).
    Object(u32),
    /// A primitive input (its value as an `int`/`long`/float expression).
    Value(ExprId),
}

/// What a path adds to its parent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    /// A call of method `target` of the analysed methods, with its arguments.
    Call {
        /// Index into the analysed methods.
        target: u32,
        /// The arguments, in declaration order.
        args: Vec<CallArg>,
        /// The receiver, if it is an input object (`symbolic.lazy`).
        receiver: Option<u32>,
    },
    /// A branch of an analysed method took the edge from `pc` to `to` (branch coverage).
    Edge {
        /// The method (host id).
        method: u32,
        /// The branch instruction.
        pc: u32,
        /// The instruction it went to.
        to: u32,
    },
    /// A condition the path takes.
    Assume(ExprId),
    /// An input object of lazy initialization: the receiver of an analysed method, or an
    /// object created for a reference input.
    Object {
        /// The host's object id.
        id: u32,
        /// `pkg.Class`.
        class: String,
    },
    /// A lazily initialized input took its value (`choice` is the alternative's index, what
    /// a replay repeats; 0 for primitive values).
    Slot {
        /// Where the value went.
        slot: Slot,
        /// The value.
        taken: Taken,
        /// The alternative taken.
        choice: u32,
    },
    /// A box made for a symbolic value inside its wrapper class's cache, standing for the
    /// cached box (see the `boxes` module).
    Boxed {
        /// The box (host id; pinned).
        id: u32,
    },
    /// The precondition (`symbolic.lazy.precondition`) of an analysed method was called
    /// (`done` false) or its result consumed (`done` true).
    Precondition {
        /// Whether its result was consumed.
        done: bool,
    },
    /// A new input variable, with where it came from.
    Input {
        /// The variable.
        var: ExprId,
        /// `Verifier.nondetInt() at Main.main(Main.java:5)`.
        origin: String,
    },
}

/// A path: its parent (`None` for the first step) and the step it adds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathNode {
    /// The path before this step.
    pub parent: Option<PathId>,
    /// The step.
    pub step: Step,
}

/// Every expression and path node made in this process.
#[derive(Debug, Default)]
pub struct Arena {
    exprs: Vec<Expr>,
    widths: Vec<u32>,
    expr_ids: HashMap<Expr, ExprId>,
    paths: Vec<PathNode>,
    path_ids: HashMap<PathNode, PathId>,
}

/// The process's arena.
pub fn arena() -> MutexGuard<'static, Arena> {
    static ARENA: OnceLock<Mutex<Arena>> = OnceLock::new();
    ARENA
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Width 0 marks conditions.
const CONDITION: u32 = 0;

impl Arena {
    /// The id of `e`, made on first sight.
    pub fn intern(&mut self, e: Expr) -> ExprId {
        if let Some(&id) = self.expr_ids.get(&e) {
            return id;
        }
        let width = match &e {
            Expr::Var { width, .. }
            | Expr::Const { width, .. }
            | Expr::Extend { width, .. }
            | Expr::Low { width, .. }
            | Expr::Convert { width, .. } => *width,
            Expr::Neg(a) | Expr::Bin(_, a, _) | Expr::Ite(_, a, _) => self.width(*a),
            Expr::FCompare { .. } => 32,
            Expr::Cmp(..) | Expr::FRel(..) | Expr::Not(_) | Expr::Any(_) => CONDITION,
        };
        let id = self.exprs.len() as ExprId;
        self.exprs.push(e.clone());
        self.widths.push(width);
        self.expr_ids.insert(e, id);
        id
    }

    /// An input variable `name` of `width` bits.
    pub fn var(&mut self, name: impl Into<String>, width: u32) -> ExprId {
        self.intern(Expr::Var {
            name: name.into(),
            width,
        })
    }

    /// The expression with id `id`.
    pub fn get(&self, id: ExprId) -> &Expr {
        &self.exprs[id as usize]
    }

    /// The width of a bit-vector expression (0 for conditions).
    pub fn width(&self, id: ExprId) -> u32 {
        self.widths[id as usize]
    }

    /// A constant of `width` bits.
    pub fn constant(&mut self, value: i64, width: u32) -> ExprId {
        self.intern(Expr::Const {
            value: sign_extend(value, width),
            width,
        })
    }

    /// The constant value of `id`, if it is one.
    pub fn constant_value(&self, id: ExprId) -> Option<i64> {
        match self.get(id) {
            Expr::Const { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// `a op b`.
    pub fn bin(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        self.intern(Expr::Bin(op, a, b))
    }

    /// `a cmp b`.
    pub fn cmp(&mut self, cmp: Cmp, a: ExprId, b: ExprId) -> ExprId {
        if let Some(c) = self.compare_fcompare(cmp, a, b) {
            return c;
        }
        self.intern(Expr::Cmp(cmp, a, b))
    }

    /// The negation of condition `c`.
    pub fn not(&mut self, c: ExprId) -> ExprId {
        match self.get(c) {
            Expr::Not(inner) => *inner,
            Expr::Cmp(op, a, b) => {
                let (op, a, b) = (op.negated(), *a, *b);
                self.cmp(op, a, b)
            }
            _ => self.intern(Expr::Not(c)),
        }
    }

    /// `e` converted to `width` bits as Java's casts do (sign extension when widening).
    pub fn resize(&mut self, e: ExprId, width: u32, signed: bool) -> ExprId {
        let from = self.width(e);
        match from.cmp(&width) {
            std::cmp::Ordering::Equal => e,
            std::cmp::Ordering::Less => self.intern(Expr::Extend {
                of: e,
                signed,
                width,
            }),
            std::cmp::Ordering::Greater => self.intern(Expr::Low { of: e, width }),
        }
    }

    /// The path `parent` followed by `step`.
    pub fn extend_path(&mut self, parent: Option<PathId>, step: Step) -> PathId {
        let node = PathNode { parent, step };
        if let Some(&id) = self.path_ids.get(&node) {
            return id;
        }
        let id = self.paths.len() as PathId;
        self.paths.push(node.clone());
        self.path_ids.insert(node, id);
        id
    }

    /// The steps of `path`, first first.
    pub fn steps(&self, path: Option<PathId>) -> Vec<(PathId, Step)> {
        let mut out = Vec::new();
        let mut at = path;
        while let Some(id) = at {
            let node = &self.paths[id as usize];
            out.push((id, node.step.clone()));
            at = node.parent;
        }
        out.reverse();
        out
    }

    /// `e` as text (`(x + 1) > 0`).
    pub fn show(&self, e: ExprId) -> String {
        match self.get(e) {
            Expr::Var { name, .. } => name.clone(),
            Expr::Const { value, width } if is_float(*width) => {
                let text = crate::ieee::literal(*value, *width);
                let finite = text.ends_with(|c: char| c.is_ascii_digit());
                if *width == F32 && finite {
                    format!("{text}f")
                } else {
                    text
                }
            }
            Expr::Const { value, .. } => value.to_string(),
            Expr::Neg(a) => format!("-{}", self.show(*a)),
            Expr::Bin(op, a, b) => {
                let sym = match op {
                    BinOp::Add => "+",
                    BinOp::Sub => "-",
                    BinOp::Mul => "*",
                    BinOp::Div => "/",
                    BinOp::Rem => "%",
                    BinOp::And => "&",
                    BinOp::Or => "|",
                    BinOp::Xor => "^",
                    BinOp::Shl => "<<",
                    BinOp::Shr => ">>",
                    BinOp::Ushr => ">>>",
                };
                format!("({} {sym} {})", self.show(*a), self.show(*b))
            }
            Expr::Extend { of, width, .. }
            | Expr::Low { of, width }
            | Expr::Convert { of, width } => {
                format!("({}){}", java_type(*width), self.show(*of))
            }
            Expr::Cmp(op, a, b) if is_float(self.width(*a)) => {
                // The same value, not IEEE equality (see [`Expr`]).
                let sym = if *op == Cmp::Eq { "===" } else { "!==" };
                format!("{} {sym} {}", self.show(*a), self.show(*b))
            }
            Expr::Cmp(op, a, b) => format!("{} {} {}", self.show(*a), op.symbol(), self.show(*b)),
            Expr::Ite(c, a, b) => format!(
                "({} ? {} : {})",
                self.show(*c),
                self.show(*a),
                self.show(*b)
            ),
            Expr::Not(c) => format!("!({})", self.show(*c)),
            Expr::Any(cs) => format!(
                "({})",
                cs.iter()
                    .map(|c| self.show(*c))
                    .collect::<Vec<_>>()
                    .join(" || ")
            ),
            Expr::FCompare { a, b, nan } => format!(
                "{}({}, {})",
                if *nan < 0 { "cmpl" } else { "cmpg" },
                self.show(*a),
                self.show(*b)
            ),
            Expr::FRel(rel, a, b) => {
                let sym = match rel {
                    FRel::Eq => "==",
                    FRel::Lt => "<",
                    FRel::Le => "<=",
                    FRel::Gt => ">",
                    FRel::Ge => ">=",
                };
                format!("{} {sym} {}", self.show(*a), self.show(*b))
            }
        }
    }
}

/// Java's result of `a op b` on `width`-bit values; `None` for a zero divisor (Java throws,
/// and SMT-LIB gives a value of its own).
pub fn apply(op: BinOp, a: i64, b: i64, width: u32) -> Option<i64> {
    let r = if width == 32 {
        let (x, y) = (a as i32, b as i32);
        i64::from(match op {
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            BinOp::Mul => x.wrapping_mul(y),
            BinOp::Div if y == 0 => return None,
            BinOp::Div => x.wrapping_div(y),
            BinOp::Rem if y == 0 => return None,
            BinOp::Rem => x.wrapping_rem(y),
            BinOp::And => x & y,
            BinOp::Or => x | y,
            BinOp::Xor => x ^ y,
            BinOp::Shl => x.wrapping_shl(y as u32),
            BinOp::Shr => x.wrapping_shr(y as u32),
            BinOp::Ushr => (x as u32).wrapping_shr(y as u32) as i32,
        })
    } else {
        match op {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div if b == 0 => return None,
            BinOp::Div => a.wrapping_div(b),
            BinOp::Rem if b == 0 => return None,
            BinOp::Rem => a.wrapping_rem(b),
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
            BinOp::Shl => a.wrapping_shl(b as u32),
            BinOp::Shr => a.wrapping_shr(b as u32),
            BinOp::Ushr => (a as u64).wrapping_shr(b as u32) as i64,
        }
    };
    Some(sign_extend(r, width))
}

impl Arena {
    /// The value of `e` under `model` (conditions give 0 or 1); `None` where it divides by
    /// zero.
    pub fn eval(&self, e: ExprId, model: &Model) -> Option<i64> {
        self.eval_memo(e, model, &mut HashMap::new())
    }

    fn eval_memo(
        &self,
        e: ExprId,
        model: &Model,
        memo: &mut HashMap<ExprId, Option<i64>>,
    ) -> Option<i64> {
        if let Some(&v) = memo.get(&e) {
            return v;
        }
        if is_float(self.width(e)) {
            // IEEE 754 values are left to Z3.
            return None;
        }
        let mut go = |x: ExprId| self.eval_memo(x, model, memo);
        let v = match self.get(e) {
            Expr::Var { .. } => Some(model.get(&e).copied().unwrap_or(0)),
            Expr::Const { value, .. } => Some(*value),
            Expr::Neg(a) => go(*a).map(|v| sign_extend(v.wrapping_neg(), self.width(e))),
            Expr::Bin(op, a, b) => {
                let (a, b) = (go(*a), go(*b));
                a.zip(b).and_then(|(a, b)| apply(*op, a, b, self.width(e)))
            }
            Expr::Extend { of, signed, width } => {
                let from = self.width(*of);
                go(*of).map(|v| {
                    if *signed || from >= 64 {
                        v
                    } else {
                        sign_extend(v & ((1i64 << from) - 1), *width)
                    }
                })
            }
            Expr::Low { of, width } => go(*of).map(|v| sign_extend(v, *width)),
            Expr::Cmp(op, a, b) => {
                let (a, b) = (go(*a), go(*b));
                a.zip(b).map(|(a, b)| i64::from(op.holds(a, b)))
            }
            Expr::Ite(c, a, b) => match go(*c)? {
                0 => go(*b),
                _ => go(*a),
            },
            Expr::Not(c) => go(*c).map(|v| i64::from(v == 0)),
            // Comparisons and conversions of floating-point values: left to Z3 as well.
            Expr::Convert { .. } | Expr::FCompare { .. } | Expr::FRel(..) => None,
            Expr::Any(cs) => {
                let mut any = Some(0);
                for &c in cs {
                    match go(c) {
                        Some(0) => {}
                        Some(_) => {
                            any = Some(1);
                            break;
                        }
                        None => any = None,
                    }
                }
                any
            }
        };
        memo.insert(e, v);
        v
    }

    /// The parent of path node `id` and the step it adds.
    pub fn node(&self, id: PathId) -> &PathNode {
        &self.paths[id as usize]
    }
}

/// The Java type of a `width`-bit value.
pub fn java_type(width: u32) -> &'static str {
    match width {
        1 => "boolean",
        8 => "byte",
        16 => "short",
        32 => "int",
        F32 => "float",
        F64 => "double",
        _ => "long",
    }
}

/// The low `width` bits of `v`, sign-extended.
pub fn sign_extend(v: i64, width: u32) -> i64 {
    if width >= 64 || width == 0 {
        v
    } else {
        let shift = 64 - width;
        (v << shift) >> shift
    }
}

/// The attribute of expression `e`.
pub fn attr_of(e: ExprId) -> i64 {
    i64::from(e) + 1
}

/// The expression an attribute names, if any.
pub fn expr_of(attr: i64) -> Option<ExprId> {
    (attr > 0 && attr <= i64::from(u32::MAX)).then(|| (attr - 1) as ExprId)
}

/// The path attribute of `path`.
pub fn path_attr_of(path: Option<PathId>) -> i64 {
    path.map_or(0, |p| i64::from(p) + 1)
}

/// The path a path attribute names.
pub fn path_of(attr: i64) -> Option<PathId> {
    expr_of(attr)
}

// ----- floating-point expressions

impl Arena {
    /// A float ([`F32`]) or double ([`F64`]) constant of value `x` (a float's value is
    /// exactly representable: it came from an `f32`).
    pub fn float_constant(&mut self, x: f64, width: u32) -> ExprId {
        let bits = if width == F32 {
            let x = x as f32;
            i64::from(if x.is_nan() { NAN32 } else { x.to_bits() })
        } else if x.is_nan() {
            NAN64 as i64
        } else {
            x.to_bits() as i64
        };
        self.constant(bits, width)
    }

    /// `a cmp b` where `a` is a `fcmp<l|g>`/`dcmp<l|g>` result and `b` the int 0 (the
    /// `if<cond>` after the comparison): the IEEE relation it means; `None` for any other
    /// comparison.
    pub(crate) fn compare_fcompare(&mut self, cmp: Cmp, a: ExprId, b: ExprId) -> Option<ExprId> {
        let Expr::FCompare { a: x, b: y, nan } = *self.get(a) else {
            return None;
        };
        if self.width(b) != 32 || self.constant_value(b) != Some(0) {
            return None;
        }
        let less_on_nan = nan < 0;
        let (rel, negated) = match (cmp, less_on_nan) {
            (Cmp::Eq, _) => (FRel::Eq, false),
            (Cmp::Ne, _) => (FRel::Eq, true),
            // -1: less, or unordered for cmpl.
            (Cmp::Lt, true) => (FRel::Ge, true),
            (Cmp::Lt, false) => (FRel::Lt, false),
            (Cmp::Ge, true) => (FRel::Ge, false),
            (Cmp::Ge, false) => (FRel::Lt, true),
            // 1: greater, or unordered for cmpg.
            (Cmp::Gt, true) => (FRel::Gt, false),
            (Cmp::Gt, false) => (FRel::Le, true),
            (Cmp::Le, true) => (FRel::Gt, true),
            (Cmp::Le, false) => (FRel::Le, false),
        };
        let c = self.intern(Expr::FRel(rel, x, y));
        Some(if negated { self.not(c) } else { c })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_expressions_share_an_id() {
        let mut a = Arena::default();
        let x = a.var("x", 32);
        let one = a.constant(1, 32);
        assert_eq!(a.bin(BinOp::Add, x, one), a.bin(BinOp::Add, x, one));
        assert_ne!(a.bin(BinOp::Add, x, one), a.bin(BinOp::Sub, x, one));
        let gt = a.cmp(Cmp::Gt, x, one);
        assert_eq!(a.not(gt), a.cmp(Cmp::Le, x, one));
        assert_eq!(a.show(gt), "x > 1");
    }

    #[test]
    fn paths_are_shared_and_listed_in_order() {
        let mut a = Arena::default();
        let x = a.var("x", 32);
        let p1 = a.extend_path(
            None,
            Step::Input {
                var: x,
                origin: "here".into(),
            },
        );
        let p2 = a.extend_path(Some(p1), Step::Assume(x));
        assert_eq!(a.extend_path(Some(p1), Step::Assume(x)), p2);
        let steps = a.steps(Some(p2));
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[1], (p2, Step::Assume(x)));
    }

    #[test]
    fn evaluation_follows_java() {
        let mut a = Arena::default();
        let x = a.var("x", 16);
        let as_char = a.resize(x, 32, false);
        let as_short = a.resize(x, 32, true);
        let model: Model = [(x, -1)].into();
        assert_eq!(a.eval(as_char, &model), Some(65535));
        assert_eq!(a.eval(as_short, &model), Some(-1));
        let three = a.constant(3, 32);
        let shifted = a.bin(BinOp::Ushr, as_short, three);
        assert_eq!(a.eval(shifted, &model), Some(0x1fff_ffff));
        let zero = a.constant(0, 32);
        let division = a.bin(BinOp::Div, as_short, zero);
        assert_eq!(a.eval(division, &model), None, "Java throws; no value");
        let low = a.intern(Expr::Low {
            of: as_char,
            width: 8,
        });
        assert_eq!(a.eval(low, &model), Some(-1));
    }

    #[test]
    fn constants_keep_their_width() {
        assert_eq!(sign_extend(0xff, 8), -1);
        assert_eq!(sign_extend(0x7f, 8), 127);
        assert_eq!(sign_extend(0x1_0000_0005, 32), 5);
    }
}
