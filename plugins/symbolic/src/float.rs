//! Symbolic floats and doubles, bit-precise in Z3's IEEE 754 floating-point theory, with
//! Java's semantics (JLS 4.2.3-4.2.4, 5.1.2-5.1.3; JVMS `fadd`..`d2l`):
//!
//! - `+ - * /` round to nearest, ties to even; division by zero gives an infinity or NaN
//!   (no exception); `fneg`/`dneg` flip the sign, so `-(0.0)` is `-0.0`;
//! - `%` is C's `fmod` (the remainder of the quotient truncated toward zero, with the
//!   dividend's sign), not IEEE 754's remainder (quotient rounded to nearest), which is
//!   what Z3's `fp.rem` computes: the translation corrects it;
//! - `fcmpl`/`dcmpl` give -1 and `fcmpg`/`dcmpg` give 1 when an operand is NaN, and
//!   `-0.0 == 0.0`; compared with 0 by the `if*` that follows, they become IEEE relations;
//! - int and long to float or double, and double to float, round to nearest (ties to even);
//!   float to double is exact;
//! - float or double to int or long rounds toward zero, NaN gives 0, and values beyond the
//!   range give `MIN_VALUE`/`MAX_VALUE` (Z3's `fp.to_sbv` leaves those unspecified, so the
//!   translation tests them first).
//!
//! The concrete values the VM carries along are computed with the same semantics: Rust's
//! `f32`/`f64` arithmetic is IEEE 754 (as Java's is, strictly, since Java 17), its `%` is
//! `fmod`, and its `as` conversions saturate and map NaN to 0 as Java's do.
//!
//! One operation is not symbolic in full: Z3 (4.8) bit-blasts `fp.rem` into circuits far
//! too large unless the divisor is a constant power of two (a float `x % y` took 90 s and
//! 2 GB for one query, a double one ran out of memory, and even a double `x % 3.0` was
//! undecided after five minutes). So `%` makes a symbolic divisor concrete, and a symbolic
//! dividend too unless the divisor is a power of two, a zero, an infinity or NaN (the run
//! is then incomplete if they had other values); a double `x % 4.0` takes seconds.
//!
//! The Z3 terms are made in [`crate::fp`].

use rpf_plugin_api::{Execution, HostRef, JValue};

use crate::expr::{arena, attr_of, expr_of, Arena, BinOp, Expr, ExprId, F32, F64};
use crate::ieee::{literal, value};
use crate::machine::{replace_operand, Symbolic};
use rpf_plugin_api::FrameInfo;

/// The floating-point instructions (the conversions from int and long are in the
/// machine's list already).
pub const INTERCEPTED: &[&str] = &[
    "fadd", "fsub", "fmul", "fdiv", "frem", "dadd", "dsub", "dmul", "ddiv", "drem", "fneg", "dneg",
    "f2d", "d2f", "f2i", "f2l", "d2i", "d2l", "fcmpl", "fcmpg", "dcmpl", "dcmpg",
];

/// Whether this module executes instruction `m`.
pub fn handles(m: &str) -> bool {
    INTERCEPTED.contains(&m) || matches!(m, "i2f" | "i2d" | "l2f" | "l2d")
}

impl Symbolic {
    /// Executes floating-point instruction `m` (one [`handles`]) symbolically if an operand
    /// is symbolic; for `frem`/`drem`, after making the operands Z3 cannot afford concrete.
    pub(crate) fn float_step(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        m: &str,
    ) -> Execution {
        if matches!(m, "frem" | "drem") {
            let width = if m == "frem" { F32 } else { F64 };
            let what = "the divisor of a floating-point %";
            if !self.concretize_float(host, at, 0, width, what) {
                return Execution::Next;
            }
            let divisor = host.stack_value(host.current_thread(), 0);
            if !cheap_divisor(divisor) {
                let what = format!(
                    "a floating-point % by {}: its dividend",
                    literal(bits_of(divisor), width)
                );
                if !self.concretize_float(host, at, 1, width, &what) {
                    return Execution::Next;
                }
            }
        }
        step(host, m)
    }

    /// Makes operand `from_top` concrete if it is a symbolic float or double (`width`);
    /// false if the path has no solution.
    fn concretize_float(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        from_top: u32,
        width: u32,
        what: &str,
    ) -> bool {
        let Some(e) = expr_of(host.stack_attr(from_top)).filter(|&e| arena().width(e) == width)
        else {
            return true;
        };
        match self.concretize(host, at, e, what) {
            Some(v) => {
                replace_operand(host, from_top, value(v, width));
                true
            }
            None => false,
        }
    }
}

/// Whether Z3 decides a `%` by `divisor` in reasonable time: a power of two (its significand
/// field is 0), a zero, an infinity or NaN. Z3 4.8 bit-blasts `fp.rem` by any other divisor
/// into circuits too large to decide in minutes (and exceeding its time limit while it
/// builds them): a double `x % 3.0` on `-10 < x < 0` was undecided after five minutes, and
/// a symbolic divisor ran out of memory.
fn cheap_divisor(divisor: JValue) -> bool {
    match divisor {
        JValue::Float(y) => y.is_nan() || y.to_bits() & 0x007f_ffff == 0,
        JValue::Double(y) => y.is_nan() || y.to_bits() & 0x000f_ffff_ffff_ffff == 0,
        _ => true,
    }
}

/// The IEEE bits of a float or double.
fn bits_of(v: JValue) -> i64 {
    match v {
        JValue::Float(x) => i64::from(x.to_bits()),
        JValue::Double(x) => x.to_bits() as i64,
        _ => 0,
    }
}

/// Executes floating-point instruction `m` (one [`handles`]) symbolically if an operand is
/// symbolic. No floating-point instruction branches or throws, so this only builds
/// expressions.
fn step(host: &mut HostRef<'_, '_>, m: &str) -> Execution {
    let operand_width = match m.as_bytes()[0] {
        b'f' => F32,
        b'd' => F64,
        b'i' => 32,
        _ => 64,
    };
    let result_width = match m.get(1..) {
        Some("2f") => F32,
        Some("2d") => F64,
        Some("2i") => 32,
        Some("2l") => 64,
        Some(op) if op.starts_with("cmp") => 32,
        _ => operand_width,
    };
    let binary = !m.contains('2') && m != "fneg" && m != "dneg";
    let operands = if binary { 2 } else { 1 };
    if (0..operands).all(|i| host.stack_attr(i) == 0) {
        return Execution::Default;
    }
    let mut a = arena();
    let mut exprs = Vec::new();
    let mut values = Vec::new();
    for i in (0..operands).rev() {
        let (e, mismatch) = operand(&mut a, host, i, operand_width);
        if mismatch {
            drop(a);
            host.incomplete(
                format!("a symbolic value of another type reached {m}; it was taken as concrete")
                    .as_str()
                    .into(),
            );
            a = arena();
        }
        exprs.push(e);
        values.push(host.stack_value(host.current_thread(), i));
    }
    for _ in 0..operands {
        host.pop();
    }
    let (e, v) = if binary && m.get(1..4) == Some("cmp") {
        let nan = if m.ends_with('l') { -1 } else { 1 };
        let e = a.intern(Expr::FCompare {
            a: exprs[0],
            b: exprs[1],
            nan,
        });
        (e, JValue::Int(concrete_compare(values[0], values[1], nan)))
    } else if binary {
        let op = match &m[1..] {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            "mul" => BinOp::Mul,
            "div" => BinOp::Div,
            _ => BinOp::Rem,
        };
        let e = a.bin(op, exprs[0], exprs[1]);
        (e, concrete_arithmetic(op, values[0], values[1]))
    } else if m.ends_with("neg") {
        let e = a.intern(Expr::Neg(exprs[0]));
        let v = match values[0] {
            JValue::Float(x) => JValue::Float(-x),
            JValue::Double(x) => JValue::Double(-x),
            other => other,
        };
        (e, v)
    } else {
        let e = a.intern(Expr::Convert {
            of: exprs[0],
            width: result_width,
        });
        (e, concrete_convert(values[0], result_width))
    };
    host.push(v);
    if a.constant_value(e).is_none() {
        host.set_stack_attr(0, attr_of(e));
    }
    Execution::Next
}

/// The expression of operand `from_top`, expected of `width` (a constant if it carries
/// none); true if it carried an expression of another width, which is then ignored.
fn operand(a: &mut Arena, host: &HostRef<'_, '_>, from_top: u32, width: u32) -> (ExprId, bool) {
    if let Some(e) = expr_of(host.stack_attr(from_top)) {
        if a.width(e) == width {
            return (e, false);
        }
    }
    let v = host.stack_value(host.current_thread(), from_top);
    let e = match v {
        JValue::Float(x) => a.float_constant(f64::from(x), F32),
        JValue::Double(x) => a.float_constant(x, F64),
        JValue::Long(x) => a.constant(x, 64),
        JValue::Int(x) => a.constant(i64::from(x), 32),
        _ => a.constant(0, width),
    };
    (e, host.stack_attr(from_top) != 0)
}

// ----- concrete semantics (Java's)

/// `fcmp<l|g>` / `dcmp<l|g>` of two values: `nan` when unordered.
fn concrete_compare(x: JValue, y: JValue, nan: i8) -> i32 {
    let (x, y) = (as_f64(x), as_f64(y));
    match x.partial_cmp(&y) {
        Some(o) => o as i32,
        None => i32::from(nan),
    }
}

/// `x op y` on two floats or two doubles.
fn concrete_arithmetic(op: BinOp, x: JValue, y: JValue) -> JValue {
    match (x, y) {
        (JValue::Float(x), JValue::Float(y)) => JValue::Float(match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div => x / y,
            _ => x % y,
        }),
        (x, y) => {
            let (x, y) = (as_f64(x), as_f64(y));
            JValue::Double(match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                _ => x % y,
            })
        }
    }
}

/// Java's conversion of `v` to `width`.
fn concrete_convert(v: JValue, width: u32) -> JValue {
    match (v, width) {
        (JValue::Int(i), F32) => JValue::Float(i as f32),
        (JValue::Int(i), F64) => JValue::Double(f64::from(i)),
        (JValue::Long(l), F32) => JValue::Float(l as f32),
        (JValue::Long(l), F64) => JValue::Double(l as f64),
        (JValue::Float(f), F64) => JValue::Double(f64::from(f)),
        (JValue::Double(d), F32) => JValue::Float(d as f32),
        (JValue::Float(f), 32) => JValue::Int(f as i32),
        (JValue::Float(f), 64) => JValue::Long(f as i64),
        (JValue::Double(d), 32) => JValue::Int(d as i32),
        (JValue::Double(d), 64) => JValue::Long(d as i64),
        (other, _) => other,
    }
}

fn as_f64(v: JValue) -> f64 {
    match v {
        JValue::Float(x) => f64::from(x),
        JValue::Double(x) => x,
        JValue::Int(x) => f64::from(x),
        JValue::Long(x) => x as f64,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{Cmp, FRel, Step};
    use crate::ieee::{NAN32, NAN64};
    use crate::solver::{Answer, Solver};

    fn f32c(a: &mut Arena, x: f32) -> ExprId {
        a.float_constant(f64::from(x), F32)
    }

    fn f64c(a: &mut Arena, x: f64) -> ExprId {
        a.float_constant(x, F64)
    }

    /// The value of `e` (of constants) as the solver computes it.
    fn eval(a: &Arena, s: &mut Solver, e: ExprId) -> i64 {
        s.solve(a, None, None, &[e]).expect("a value")[0]
    }

    /// The IEEE bits of a Java value, NaN's canonical, as `solve` gives them.
    fn bits_of(v: JValue) -> i64 {
        match v {
            JValue::Float(x) if x.is_nan() => i64::from(NAN32),
            JValue::Float(x) => i64::from(x.to_bits()),
            JValue::Double(x) if x.is_nan() => NAN64 as i64,
            JValue::Double(x) => x.to_bits() as i64,
            JValue::Int(x) => i64::from(x),
            JValue::Long(x) => x,
            _ => unreachable!(),
        }
    }

    const DOUBLES: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.2,
        -2.0,
        3.0,
        -3.5,
        4.0,
        5.5,
        1e-300,
        -4.9e-324,
        1.7976931348623157e308,
        -1.7976931348623157e308,
        2147483647.0,
        2147483647.5,
        2147483648.0,
        -2147483648.0,
        -2147483648.9,
        -2147483649.0,
        9_223_372_036_854_775_808.0,
        9_223_372_036_854_774_784.0,
        -9_223_372_036_854_775_808.0,
        -9_223_372_036_854_777_856.0,
        1.5e19,
        16777217.0,
        3.4028235677973366e38,
        3.4028235677973362e38,
        1e39,
        1.401298464324817e-45,
        7.006492321624085e-46,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];

    /// Z3's translation and the concrete semantics agree on every pair of special values,
    /// for every operation, comparison and conversion.
    #[test]
    fn translation_and_concrete_values_agree() {
        let mut s = Solver::new(None);
        let mut a = Arena::default();
        let ops = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Rem];
        let floats: Vec<f32> = DOUBLES.iter().map(|&d| d as f32).collect();
        // (expression, the concrete result, what it is)
        let mut cases: Vec<(ExprId, JValue, String)> = Vec::new();
        for (i, &x) in DOUBLES.iter().enumerate() {
            for (j, &y) in DOUBLES.iter().enumerate() {
                for (cx, cy, vx, vy) in [
                    (
                        f64c(&mut a, x),
                        f64c(&mut a, y),
                        JValue::Double(x),
                        JValue::Double(y),
                    ),
                    (
                        f32c(&mut a, floats[i]),
                        f32c(&mut a, floats[j]),
                        JValue::Float(floats[i]),
                        JValue::Float(floats[j]),
                    ),
                ] {
                    for op in ops {
                        let e = a.bin(op, cx, cy);
                        let v = concrete_arithmetic(op, vx, vy);
                        cases.push((e, v, format!("{vx:?} {op:?} {vy:?}")));
                    }
                    for nan in [-1, 1] {
                        let e = a.intern(Expr::FCompare { a: cx, b: cy, nan });
                        let r = concrete_compare(vx, vy, nan);
                        cases.push((e, JValue::Int(r), format!("cmp{nan} {vx:?} {vy:?}")));
                        // The `if<cond>` after it: an IEEE relation.
                        let zero = a.constant(0, 32);
                        for cmp in [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Ge, Cmp::Gt, Cmp::Le] {
                            let c = a.cmp(cmp, e, zero);
                            assert!(!matches!(a.get(c), Expr::Cmp(..)), "{cmp:?}");
                            let holds = match cmp {
                                Cmp::Eq => r == 0,
                                Cmp::Ne => r != 0,
                                Cmp::Lt => r < 0,
                                Cmp::Ge => r >= 0,
                                Cmp::Gt => r > 0,
                                Cmp::Le => r <= 0,
                            };
                            let v = JValue::Int(i32::from(holds));
                            cases.push((c, v, format!("cmp{nan} {vx:?} {vy:?} {cmp:?} 0")));
                        }
                    }
                }
            }
            let cx = f64c(&mut a, x);
            let fx = f32c(&mut a, floats[i]);
            for (c, v, other) in [
                (cx, JValue::Double(x), F32),
                (fx, JValue::Float(floats[i]), F64),
            ] {
                for width in [32, 64, other] {
                    let e = a.intern(Expr::Convert { of: c, width });
                    cases.push((
                        e,
                        concrete_convert(v, width),
                        format!("{v:?} to {width:#x}"),
                    ));
                }
            }
        }
        for i in [
            0,
            1,
            -1,
            16_777_217,
            i64::from(i32::MAX),
            i64::from(i32::MIN),
            (1 << 53) + 1,
            i64::MAX,
            i64::MIN,
        ] {
            for (c, v) in [
                (a.constant(i, 32), JValue::Int(i as i32)),
                (a.constant(i, 64), JValue::Long(i)),
            ] {
                for width in [F32, F64] {
                    let e = a.intern(Expr::Convert { of: c, width });
                    cases.push((
                        e,
                        concrete_convert(v, width),
                        format!("{v:?} to {width:#x}"),
                    ));
                }
            }
        }
        for chunk in cases.chunks(500) {
            let exprs: Vec<ExprId> = chunk.iter().map(|c| c.0).collect();
            let got = s.solve(&a, None, None, &exprs).expect("values");
            for ((_, v, what), got) in chunk.iter().zip(got) {
                assert_eq!(got, bits_of(*v), "{what}");
            }
        }
    }

    #[test]
    fn only_powers_of_two_zeros_infinities_and_nan_are_cheap_divisors() {
        for y in [
            4.0,
            -0.5,
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NAN,
            2f64.powi(-1022),
        ] {
            assert!(cheap_divisor(JValue::Double(y)), "{y}");
            assert!(cheap_divisor(JValue::Float(y as f32)), "{y}");
        }
        for y in [3.0, -0.1, 1.5, f64::MAX, 4.9e-324] {
            assert!(!cheap_divisor(JValue::Double(y)), "{y}");
        }
        assert!(!cheap_divisor(JValue::Float(1.4e-45)));
    }

    #[test]
    fn only_nan_is_not_equal_to_itself() {
        let mut a = Arena::default();
        let x = a.var("x", F32);
        let cmp = a.intern(Expr::FCompare {
            a: x,
            b: x,
            nan: -1,
        });
        let zero = a.constant(0, 32);
        let differs = a.cmp(Cmp::Ne, cmp, zero);
        assert!(matches!(a.get(differs), Expr::Not(_)), "an IEEE relation");
        let p = a.extend_path(None, Step::Assume(differs));
        let mut s = Solver::new(None);
        assert_eq!(
            s.solve(&a, Some(p), None, &[x]),
            Some(vec![i64::from(NAN32)])
        );
        // NaN is neither less nor greater than 1: cmpl says less, cmpg says greater.
        let one = f32c(&mut a, 1.0);
        let less = a.intern(Expr::FRel(FRel::Lt, x, one));
        let greater = a.intern(Expr::FRel(FRel::Gt, x, one));
        assert_eq!(s.check(&a, Some(p), Some(less)), Answer::Unsat);
        assert_eq!(s.check(&a, Some(p), Some(greater)), Answer::Unsat);
        for (nan, want) in [(-1, -1), (1, 1)] {
            let c = a.intern(Expr::FCompare { a: x, b: one, nan });
            let k = a.constant(want, 32);
            let other = a.cmp(Cmp::Ne, c, k);
            assert_eq!(s.check(&a, Some(p), Some(other)), Answer::Unsat, "{nan}");
        }
        // -0.0 == 0.0, but they are not the same value.
        let y = a.var("y", F64);
        let zero = f64c(&mut a, 0.0);
        let equal = a.intern(Expr::FRel(FRel::Eq, y, zero));
        let same = a.cmp(Cmp::Eq, y, zero);
        let not_same = a.not(same);
        let p = a.extend_path(None, Step::Assume(equal));
        assert_eq!(
            s.solve(&a, Some(p), Some(not_same), &[y]),
            Some(vec![(-0.0f64).to_bits() as i64])
        );
    }

    #[test]
    fn casts_to_int_saturate() {
        let mut a = Arena::default();
        let mut s = Solver::new(None);
        let d = a.var("d", F64);
        let i = a.intern(Expr::Convert { of: d, width: 32 });
        let max = a.constant(i64::from(i32::MAX), 32);
        let min = a.constant(i64::from(i32::MIN), 32);
        let huge = f64c(&mut a, 3e9);
        let above = a.intern(Expr::FRel(FRel::Ge, d, huge));
        let p = a.extend_path(None, Step::Assume(above));
        let not_max = a.cmp(Cmp::Ne, i, max);
        assert_eq!(s.check(&a, Some(p), Some(not_max)), Answer::Unsat);
        // MAX_VALUE exactly from 2147483647.0 on; MIN_VALUE down from -2147483648.999...
        let is_max = a.cmp(Cmp::Eq, i, max);
        let limit = f64c(&mut a, 2147483647.0);
        let below = a.intern(Expr::FRel(FRel::Lt, d, limit));
        let p = a.extend_path(None, Step::Assume(is_max));
        assert_eq!(s.check(&a, Some(p), Some(below)), Answer::Unsat);
        let is_min = a.cmp(Cmp::Eq, i, min);
        let beyond = f64c(&mut a, -2147483649.0);
        let above_beyond = a.intern(Expr::FRel(FRel::Gt, d, beyond));
        let p = a.extend_path(None, Step::Assume(is_min));
        let p = a.extend_path(Some(p), Step::Assume(above_beyond));
        let fraction = f64c(&mut a, -2147483648.0);
        let strictly = a.intern(Expr::FRel(FRel::Lt, d, fraction));
        assert_eq!(s.check(&a, Some(p), Some(strictly)), Answer::Sat);
        // NaN gives 0, as an int and as a long.
        let nan = a.intern(Expr::FRel(FRel::Eq, d, d));
        let nan = a.not(nan);
        let p = a.extend_path(None, Step::Assume(nan));
        let l = a.intern(Expr::Convert { of: d, width: 64 });
        assert_eq!(s.solve(&a, Some(p), None, &[i, l]), Some(vec![0, 0]));
    }

    #[test]
    fn conversions_round_to_nearest_even() {
        let mut a = Arena::default();
        let mut s = Solver::new(None);
        let i = a.var("i", 32);
        let f = a.intern(Expr::Convert { of: i, width: F32 });
        let back = a.intern(Expr::Convert { of: f, width: 32 });
        let lost = a.cmp(Cmp::Ne, back, i);
        let p = a.extend_path(None, Step::Assume(lost));
        let v = s
            .solve(&a, Some(p), None, &[i])
            .expect("an int a float cannot hold")[0];
        assert!(v.unsigned_abs() > 1 << 24, "{v}");
        let small = a.constant(1 << 24, 32);
        let minus = a.constant(-(1 << 24), 32);
        let inside = a.cmp(Cmp::Le, i, small);
        let inside2 = a.cmp(Cmp::Ge, i, minus);
        let p = a.extend_path(Some(p), Step::Assume(inside));
        assert_eq!(s.check(&a, Some(p), Some(inside2)), Answer::Unsat);
        // 16777217 rounds to the even 16777216, 16777219 to 16777220.
        for (from, to) in [(16_777_217, 16_777_216.0f32), (16_777_219, 16_777_220.0)] {
            let c = a.constant(from, 32);
            let e = a.intern(Expr::Convert { of: c, width: F32 });
            assert_eq!(eval(&a, &mut s, e), i64::from(to.to_bits()));
        }
        // 0.1f + 0.2f is 0.3f (0.1 + 0.2 is not 0.3); 1e8f + 1 is 1e8f.
        let (x, y) = (f32c(&mut a, 0.1), f32c(&mut a, 0.2));
        let sum = a.bin(BinOp::Add, x, y);
        assert_eq!(eval(&a, &mut s, sum), i64::from(0.3f32.to_bits()));
        let (x, y) = (f64c(&mut a, 0.1), f64c(&mut a, 0.2));
        let sum = a.bin(BinOp::Add, x, y);
        assert_eq!(
            eval(&a, &mut s, sum),
            0.30000000000000004f64.to_bits() as i64
        );
    }

    /// Java's `%` keeps the dividend's sign (IEEE's remainder would not), symbolically.
    #[test]
    fn remainder_takes_the_dividends_sign() {
        let mut a = Arena::default();
        let mut s = Solver::new(None);
        for width in [F32, F64] {
            let x = a.var(format!("x{width}"), width);
            let four = a.float_constant(4.0, width);
            let r = a.bin(BinOp::Rem, x, four);
            let zero = a.float_constant(0.0, width);
            let negative = a.intern(Expr::FRel(FRel::Lt, x, zero));
            let positive_r = a.intern(Expr::FRel(FRel::Gt, r, zero));
            let p = a.extend_path(None, Step::Assume(negative));
            assert_eq!(s.check(&a, Some(p), Some(positive_r)), Answer::Unsat);
            if width == F64 {
                // The next query takes Z3 half a minute on doubles.
                continue;
            }
            // Above -4, the remainder is the dividend: -3.5 % 4 is -3.5 (IEEE's: 0.5).
            let minus_four = a.float_constant(-4.0, width);
            let above = a.intern(Expr::FRel(FRel::Gt, x, minus_four));
            let changed = a.cmp(Cmp::Ne, r, x);
            let p = a.extend_path(Some(p), Step::Assume(above));
            assert_eq!(s.check(&a, Some(p), Some(changed)), Answer::Unsat);
        }
        // By an infinity the remainder is a finite dividend; by zero, NaN.
        for width in [F32, F64] {
            let x = a.var(format!("z{width}"), width);
            let inf = a.float_constant(f64::INFINITY, width);
            let max = if width == F32 {
                f64::from(f32::MAX)
            } else {
                f64::MAX
            };
            let (big, small) = (a.float_constant(max, width), a.float_constant(-max, width));
            let below = a.intern(Expr::FRel(FRel::Le, x, big));
            let above = a.intern(Expr::FRel(FRel::Ge, x, small));
            let p = a.extend_path(None, Step::Assume(below));
            let p = a.extend_path(Some(p), Step::Assume(above));
            let r = a.bin(BinOp::Rem, x, inf);
            let changed = a.cmp(Cmp::Ne, r, x);
            assert_eq!(s.check(&a, Some(p), Some(changed)), Answer::Unsat);
            let zero = a.float_constant(-0.0, width);
            let r = a.bin(BinOp::Rem, x, zero);
            let ordered = a.intern(Expr::FRel(FRel::Eq, r, r));
            assert_eq!(s.check(&a, None, Some(ordered)), Answer::Unsat);
        }
    }

    #[test]
    fn literals_read_back_as_java_writes_them() {
        let f = |x: f32| literal(i64::from(x.to_bits()), F32);
        let d = |x: f64| literal(x.to_bits() as i64, F64);
        assert_eq!(f(f32::NAN), "NaN");
        assert_eq!(f(f32::NEG_INFINITY), "-Infinity");
        assert_eq!(f(-0.0), "-0.0");
        // Java writes 1.4E-45 and 4.9E-324: more digits than needed to read them back.
        assert_eq!(f(1.4e-45), "1.0E-45");
        assert_eq!(f(f32::MAX), "3.4028235E38");
        assert_eq!(f(0.1), "0.1");
        assert_eq!(f(16_777_216.0), "1.6777216E7");
        assert_eq!(d(0.0), "0.0");
        assert_eq!(d(f64::INFINITY), "Infinity");
        assert_eq!(d(4.9e-324), "5.0E-324");
        assert_eq!(d(f64::MAX), "1.7976931348623157E308");
        assert_eq!(d(100.0), "100.0");
        assert_eq!(d(1e7), "1.0E7");
        assert_eq!(d(9_999_999.0), "9999999.0");
        assert_eq!(d(0.001), "0.001");
        assert_eq!(d(0.0001), "1.0E-4");
        assert_eq!(d(-123.456), "-123.456");
        assert_eq!(d(0.30000000000000004), "0.30000000000000004");
    }
}
