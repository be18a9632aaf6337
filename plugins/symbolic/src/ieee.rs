//! IEEE 754 facts shared by the expressions, the solver and the instructions: the
//! canonical NaNs, Java values from IEEE bits, and Java's text for them.

use rpf_plugin_api::JValue;

/// The width of a `float` expression (its constants hold the IEEE 754 bits).
pub const F32: u32 = 0x1_0020;

/// The width of a `double` expression (its constants hold the IEEE 754 bits).
pub const F64: u32 = 0x1_0040;

/// Whether `width` is [`F32`] or [`F64`].
pub fn is_float(width: u32) -> bool {
    width == F32 || width == F64
}

/// The canonical NaN of a float (Z3 has one NaN per sort, Java's arithmetic makes this one).
pub const NAN32: u32 = 0x7fc0_0000;

/// The canonical NaN of a double.
pub const NAN64: u64 = 0x7ff8_0000_0000_0000;

/// The Java value of the IEEE bits `bits` of `width` ([`F32`] or [`F64`]).
pub fn value(bits: i64, width: u32) -> JValue {
    if width == F32 {
        JValue::Float(f32::from_bits(bits as u32))
    } else {
        JValue::Double(f64::from_bits(bits as u64))
    }
}

// ----- text

/// The IEEE bits `bits` of `width` as Java's `Float.toString`/`Double.toString` writes
/// them (`NaN`, `-Infinity`, `-0.0`, `0.001`, `1.0E-45`, `1.23456789E8`): text that
/// `Float.parseFloat`/`Double.parseDouble` read back as the same value. The digits are the
/// shortest that identify the value.
pub fn literal(bits: i64, width: u32) -> String {
    let (negative, scientific) = if width == F32 {
        let x = f32::from_bits(bits as u32);
        if x.is_nan() {
            return "NaN".into();
        }
        (x.is_sign_negative(), format!("{:e}", x.abs()))
    } else {
        let x = f64::from_bits(bits as u64);
        if x.is_nan() {
            return "NaN".into();
        }
        (x.is_sign_negative(), format!("{:e}", x.abs()))
    };
    let sign = if negative { "-" } else { "" };
    if scientific == "inf" {
        return format!("{sign}Infinity");
    }
    // `1.2345e-7`: the digits `12345`, the exponent of the first.
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if digits == "0" {
        return format!("{sign}0.0");
    }
    let body = if (-3..7).contains(&exponent) {
        if exponent >= 0 {
            let point = exponent as usize + 1;
            let padded = format!("{digits:0<point$}");
            let (int, frac) = padded.split_at(point);
            format!("{int}.{}", if frac.is_empty() { "0" } else { frac })
        } else {
            format!("0.{}{digits}", "0".repeat((-exponent - 1) as usize))
        }
    } else {
        let (first, rest) = digits.split_at(1);
        format!(
            "{first}.{}E{exponent}",
            if rest.is_empty() { "0" } else { rest }
        )
    };
    format!("{sign}{body}")
}

/// The IEEE bits of the canonical NaN of `width`.
pub fn nan_bits(width: u32) -> i64 {
    if width == F32 {
        i64::from(NAN32)
    } else {
        NAN64 as i64
    }
}
