//! java.lang.StrictMath natives, computed with the `libm` crate (a port of the fdlibm family
//! that StrictMath's specification names), and `Math` intrinsics.
//!
//! HotSpot replaces some `Math` methods by intrinsics that are not fdlibm; rpf computes
//! `Math.pow` with integral exponents correctly rounded, which agrees with HotSpot in all but
//! rare cases (HotSpot's own result is not always correctly rounded).

use crate::linkage::Pure;
use crate::machine::Machine;
use crate::natives::intrinsic::enabled;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::Args;
use crate::value::Value;

const M: &str = "java/lang/StrictMath";

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    macro_rules! unary {
        ($($name:literal => $f:expr),* $(,)?) => {
            $(r.add(M, $name, "(D)D", |_, _, a| Ok(Value::Double(($f)(a.double(0)))));)*
        };
    }
    unary! {
        "sin" => libm::sin,
        "cos" => libm::cos,
        "tan" => libm::tan,
        "asin" => libm::asin,
        "acos" => libm::acos,
        "atan" => libm::atan,
        "log" => libm::log,
        "log10" => libm::log10,
        "sinh" => libm::sinh,
        "cosh" => libm::cosh,
        "tanh" => libm::tanh,
        "expm1" => libm::expm1,
        "log1p" => libm::log1p,
    }
    r.add(M, "atan2", "(DD)D", |_, _, a| {
        Ok(Value::Double(libm::atan2(a.double(0), a.double(1))))
    });
    r.add(M, "IEEEremainder", "(DD)D", |_, _, a| {
        Ok(Value::Double(libm::remainder(a.double(0), a.double(1))))
    });
    // StrictMath.pow, exp, cbrt and hypot are Java code (FdLibm) in the JDK and run as such.
    // Math's intrinsic candidates delegate to StrictMath in Java; the common ones are bound
    // directly for speed.
    r.pure(M, "sqrt", "(D)D", Pure::Sqrt);
    r.pure("java/lang/Math", "sqrt", "(D)D", Pure::Sqrt);
    r.add("java/lang/Math", "pow", "(DD)D", |_, _, a| {
        Ok(Value::Double(java_pow(a.double(0), a.double(1))))
    });
    // The integer helpers every program calls (`Math.min` is a call per `append`): trivial,
    // but a call to bytecode costs far more than one to a native.
    macro_rules! integer {
        ($($name:literal $desc:literal => $f:expr),* $(,)?) => {
            $(r.add("java/lang/Math", $name, $desc, |vm, _, a| {
                enabled(vm)?;
                Ok(($f)(a))
            })
            .tracked = true;)*
        };
    }
    integer! {
        "min" "(II)I" => |a: &[Value]| Value::Int(a.int(0).min(a.int(1))),
        "max" "(II)I" => |a: &[Value]| Value::Int(a.int(0).max(a.int(1))),
        "abs" "(I)I" => |a: &[Value]| Value::Int(a.int(0).wrapping_abs()),
        "min" "(JJ)J" => |a: &[Value]| Value::Long(a.long(0).min(a.long(1))),
        "max" "(JJ)J" => |a: &[Value]| Value::Long(a.long(0).max(a.long(1))),
        "abs" "(J)J" => |a: &[Value]| Value::Long(a.long(0).wrapping_abs()),
    }
}

/// `Math.pow` with Java's special cases. Integral exponents are computed in double-double
/// arithmetic and rounded once, which gives the correctly rounded result HotSpot's intrinsic
/// gives for them; other exponents use libm.
pub fn java_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    if x.abs() == 1.0 && y.is_infinite() {
        return f64::NAN;
    }
    if x.is_finite() && x != 0.0 && y.fract() == 0.0 && y.abs() <= 1e6 {
        if let Some(r) = powi_exact(x, y as i64) {
            return r;
        }
    }
    libm::pow(x, y)
}

/// A double-double number `hi + lo` with `|lo| <= ulp(hi) / 2`.
#[derive(Clone, Copy)]
struct Dd(f64, f64);

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd(s, (a - (s - bb)) + (b - bb))
}

fn dd_mul(a: Dd, b: Dd) -> Dd {
    let p = a.0 * b.0;
    let e = a.0.mul_add(b.0, -p) + (a.0 * b.1 + a.1 * b.0);
    two_sum(p, e)
}

fn dd_recip(a: Dd) -> Dd {
    let q = 1.0 / a.0;
    let r = (-a.0).mul_add(q, 1.0) - a.1 * q;
    two_sum(q, r / a.0)
}

/// `x^n` rounded once, or `None` near overflow/underflow where double-double loses precision.
fn powi_exact(x: f64, n: i64) -> Option<f64> {
    let mut base = Dd(x, 0.0);
    let mut result = Dd(1.0, 0.0);
    let mut k = n.unsigned_abs();
    while k > 0 {
        if k & 1 == 1 {
            result = dd_mul(result, base);
        }
        k >>= 1;
        if k > 0 {
            base = dd_mul(base, base);
        }
        if !result.0.is_finite() || !base.0.is_finite() || base.0.abs() < 1e-290 {
            return None;
        }
    }
    if n < 0 {
        result = dd_recip(result);
    }
    let r = result.0 + result.1;
    (r.is_finite() && r.abs() > 1e-290).then_some(r)
}
