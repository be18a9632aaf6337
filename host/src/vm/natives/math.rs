//! java.lang.StrictMath natives, computed with the `libm` crate (a port of the fdlibm family
//! that StrictMath's specification names), so results match Java bit for bit.

use super::{Args, NativeRegistry};
use crate::vm::value::Value;

const M: &str = "java/lang/StrictMath";

/// Registers the natives of this module.
pub fn register(r: &mut NativeRegistry) {
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
        "sqrt" => f64::sqrt,
        "sinh" => libm::sinh,
        "cosh" => libm::cosh,
        "tanh" => libm::tanh,
        "expm1" => libm::expm1,
        "log1p" => libm::log1p,
        "cbrt" => libm::cbrt,
        "exp" => libm::exp,
    }
    r.add(M, "atan2", "(DD)D", |_, _, a| Ok(Value::Double(libm::atan2(a.double(0), a.double(1)))));
    r.add(M, "IEEEremainder", "(DD)D", |_, _, a| Ok(Value::Double(libm::remainder(a.double(0), a.double(1)))));
    r.add(M, "hypot", "(DD)D", |_, _, a| Ok(Value::Double(libm::hypot(a.double(0), a.double(1)))));
    r.add(M, "pow", "(DD)D", |_, _, a| Ok(Value::Double(java_pow(a.double(0), a.double(1)))));
    // Math's intrinsic candidates delegate to StrictMath in Java; the common ones are bound
    // directly for speed.
    r.add("java/lang/Math", "sqrt", "(D)D", |_, _, a| Ok(Value::Double(a.double(0).sqrt())));
    r.add("java/lang/Math", "pow", "(DD)D", |_, _, a| Ok(Value::Double(java_pow(a.double(0), a.double(1)))));
}

/// `Math.pow` with Java's special cases (libm's agree except for the NaN exponent rule).
fn java_pow(x: f64, y: f64) -> f64 {
    if y.is_nan() {
        return f64::NAN;
    }
    if y == 0.0 {
        return 1.0;
    }
    libm::pow(x, y)
}
