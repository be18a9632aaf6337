//! Z3 terms for floats and doubles (IEEE 754 sorts) with Java's semantics: see
//! [`crate::float`] for the semantics and why `%` is restricted. z3 0.12 offers few
//! floating-point operations, so most terms are made with `z3_sys`.

use z3::ast::{Ast, Bool, Dynamic, Float, BV};
use z3::Context;
use z3_sys::{Z3_ast, Z3_context, Z3_sort};

use crate::expr::{BinOp, FRel, F32, F64};

/// The raw context of `ctx`, for the `z3_sys` calls z3 0.12 does not wrap.
fn raw(ctx: &Context) -> Z3_context {
    // z3 0.12's `Context` is a struct whose one field is the `Z3_context`, and it offers no
    // getter. The size check rules out any other field with data, so the struct's bytes
    // are that pointer.
    const _: () = assert!(std::mem::size_of::<Context>() == std::mem::size_of::<Z3_context>());
    // SAFETY: `Context` is exactly one `Z3_context` (checked above), valid while `ctx` is.
    unsafe { *(ctx as *const Context).cast::<Z3_context>() }
}

/// Wraps a term a `z3_sys` call made (counting a reference to it at once).
fn float(ctx: &'static Context, ast: Z3_ast) -> Float<'static> {
    // SAFETY: `ast` was just made in `ctx`; `wrap` checks it is not null and takes a
    // reference.
    unsafe { Float::wrap(ctx, ast) }
}

fn boolean(ctx: &'static Context, ast: Z3_ast) -> Bool<'static> {
    // SAFETY: as in `float`.
    unsafe { Bool::wrap(ctx, ast) }
}

fn bits(ctx: &'static Context, ast: Z3_ast) -> BV<'static> {
    // SAFETY: as in `float`.
    unsafe { BV::wrap(ctx, ast) }
}

/// Calls `f` with the sort of `width` ([`F32`] or [`F64`]), kept alive meanwhile.
fn with_sort<R>(ctx: &'static Context, width: u32, f: impl FnOnce(Z3_sort) -> R) -> R {
    let c = raw(ctx);
    // SAFETY: plain Z3 calls on a live context; the sort is held by `keep` (a counted
    // reference) until `f` is done with it.
    unsafe {
        let sort = if width == F32 {
            z3_sys::Z3_mk_fpa_sort_32(c)
        } else {
            z3_sys::Z3_mk_fpa_sort_64(c)
        };
        let keep = Dynamic::wrap(ctx, z3_sys::Z3_sort_to_ast(c, sort));
        let r = f(sort);
        drop(keep);
        r
    }
}

/// The rounding mode of Java's arithmetic and conversions to floating point: to nearest,
/// ties to even.
fn nearest_even(ctx: &'static Context) -> Float<'static> {
    // SAFETY: a constant of a live context.
    float(ctx, unsafe { z3_sys::Z3_mk_fpa_rne(raw(ctx)) })
}

/// An input of `width` ([`F32`] or [`F64`]).
pub fn var(ctx: &'static Context, name: &str, width: u32) -> Float<'static> {
    if width == F32 {
        Float::new_const_float32(ctx, name)
    } else {
        Float::new_const_double(ctx, name)
    }
}

/// The constant with IEEE bits `value`.
pub fn constant(ctx: &'static Context, value: i64, width: u32) -> Float<'static> {
    let size = if width == F32 { 32 } else { 64 };
    let ieee = BV::from_u64(ctx, value as u64 & (u64::MAX >> (64 - size)), size);
    from_ieee(ctx, &ieee, width)
}

/// The float or double whose IEEE bits are `ieee`.
pub fn from_ieee(ctx: &'static Context, ieee: &BV<'static>, width: u32) -> Float<'static> {
    // SAFETY: `ieee` is a live term of `ctx`.
    with_sort(ctx, width, |sort| {
        float(ctx, unsafe {
            z3_sys::Z3_mk_fpa_to_fp_bv(raw(ctx), ieee.get_z3_ast(), sort)
        })
    })
}

/// The IEEE bits of a float or double that is not NaN (NaN's are unspecified).
pub fn ieee_bits(ctx: &'static Context, x: &Float<'static>) -> BV<'static> {
    // SAFETY: `x` is a live term of `ctx`.
    bits(ctx, unsafe {
        z3_sys::Z3_mk_fpa_to_ieee_bv(raw(ctx), x.get_z3_ast())
    })
}

/// Whether `x` is NaN.
pub fn is_nan(ctx: &'static Context, x: &Float<'static>) -> Bool<'static> {
    // SAFETY: `x` is a live term of `ctx`.
    boolean(ctx, unsafe {
        z3_sys::Z3_mk_fpa_is_nan(raw(ctx), x.get_z3_ast())
    })
}

/// Whether `x`'s sign bit is set (false for NaN).
fn is_negative(ctx: &'static Context, x: &Float<'static>) -> Bool<'static> {
    // SAFETY: `x` is a live term of `ctx`.
    boolean(ctx, unsafe {
        z3_sys::Z3_mk_fpa_is_negative(raw(ctx), x.get_z3_ast())
    })
}

/// The IEEE relation `x rel y`.
pub fn relation(
    ctx: &'static Context,
    rel: FRel,
    x: &Float<'static>,
    y: &Float<'static>,
) -> Bool<'static> {
    match rel {
        // SAFETY: `x` and `y` are live terms of `ctx`.
        FRel::Eq => boolean(ctx, unsafe {
            z3_sys::Z3_mk_fpa_eq(raw(ctx), x.get_z3_ast(), y.get_z3_ast())
        }),
        FRel::Lt => x.lt(y),
        FRel::Le => x.le(y),
        FRel::Gt => x.gt(y),
        FRel::Ge => x.ge(y),
    }
}

/// `x op y` in Java.
pub fn binary(
    ctx: &'static Context,
    op: BinOp,
    x: &Float<'static>,
    y: &Float<'static>,
) -> Float<'static> {
    let rm = nearest_even(ctx);
    match op {
        BinOp::Add => rm.add(x, y),
        BinOp::Sub => rm.sub(x, y),
        BinOp::Mul => rm.mul(x, y),
        BinOp::Div => rm.div(x, y),
        _ => fmod(ctx, x, y),
    }
}

/// Java's `x % y`: `x - y * n` with `n` the quotient truncated toward zero (C's `fmod`).
/// IEEE's remainder `r` (Z3's `fp.rem`) takes `n` rounded to nearest instead, so it may be
/// off by one `|y|`, and exactly when its sign differs from `x`'s: then `r + |y|` (or
/// `r - |y|`) is Java's result, exactly representable (as every `fmod` result is), so the
/// rounded sum is exact. Zero results keep the dividend's sign in both; NaN, infinite
/// dividends, zero divisors and infinite divisors agree too.
///
/// (Computing `n` by a division rounding toward zero and `fma(-n, y, x)`, exact while `n`
/// is below 2^24 or 2^53, was no faster in Z3: quicker on floats, slower on doubles.)
fn fmod(ctx: &'static Context, x: &Float<'static>, y: &Float<'static>) -> Float<'static> {
    let c = raw(ctx);
    // SAFETY: `x` and `y` are live terms of `ctx`.
    let r = float(ctx, unsafe {
        z3_sys::Z3_mk_fpa_rem(c, x.get_z3_ast(), y.get_z3_ast())
    });
    let abs_y = y.unary_abs();
    let zero = with_sort(ctx, width_of(ctx, x), |sort| {
        // SAFETY: a constant of `sort`.
        float(ctx, unsafe { z3_sys::Z3_mk_fpa_zero(c, sort, false) })
    });
    let x_negative = is_negative(ctx, x);
    let up = Bool::and(ctx, &[&x_negative.not(), &r.lt(&zero)]);
    let down = Bool::and(ctx, &[&x_negative, &r.gt(&zero)]);
    // One adder for both corrections.
    let step = x_negative.ite(&abs_y.unary_neg(), &abs_y);
    let corrected = nearest_even(ctx).add(&r, &step);
    Bool::or(ctx, &[&up, &down]).ite(&corrected, &r)
}

/// [`F32`] or [`F64`], the sort of `x`.
fn width_of(ctx: &'static Context, x: &Float<'static>) -> u32 {
    // SAFETY: `x` is a live term of `ctx` of a floating-point sort.
    let ebits = unsafe {
        let c = raw(ctx);
        z3_sys::Z3_fpa_get_ebits(c, z3_sys::Z3_get_sort(c, x.get_z3_ast()))
    };
    if ebits == 8 {
        F32
    } else {
        F64
    }
}

/// Java's `fcmp<l|g>`/`dcmp<l|g>`: an int -1, 0 or 1, and `nan` when unordered.
pub fn compare(
    ctx: &'static Context,
    x: &Float<'static>,
    y: &Float<'static>,
    nan: i8,
) -> BV<'static> {
    let int = |v: i64| BV::from_i64(ctx, v, 32);
    let equal = relation(ctx, FRel::Eq, x, y);
    x.lt(y).ite(
        &int(-1),
        &equal.ite(&int(0), &x.gt(y).ite(&int(1), &int(i64::from(nan)))),
    )
}

/// Java's conversion of the int or long `x` to a float or double (`width`).
pub fn from_int(ctx: &'static Context, x: &BV<'static>, width: u32) -> Float<'static> {
    let rm = nearest_even(ctx);
    // SAFETY: `rm` and `x` are live terms of `ctx`.
    with_sort(ctx, width, |sort| {
        float(ctx, unsafe {
            z3_sys::Z3_mk_fpa_to_fp_signed(raw(ctx), rm.get_z3_ast(), x.get_z3_ast(), sort)
        })
    })
}

/// Java's conversion of a float or double to the other (`width`).
pub fn to_float(ctx: &'static Context, x: &Float<'static>, width: u32) -> Float<'static> {
    let rm = nearest_even(ctx);
    // SAFETY: `rm` and `x` are live terms of `ctx`.
    with_sort(ctx, width, |sort| {
        float(ctx, unsafe {
            z3_sys::Z3_mk_fpa_to_fp_float(raw(ctx), rm.get_z3_ast(), x.get_z3_ast(), sort)
        })
    })
}

/// Java's conversion of a float or double to an int or long (`width` 32 or 64): toward
/// zero, NaN to 0, saturating.
pub fn to_int(ctx: &'static Context, x: &Float<'static>, width: u32) -> BV<'static> {
    let from = width_of(ctx, x);
    // 2^(width-1), exactly representable in both sorts.
    let bound = 2f64.powi(width as i32 - 1);
    let high = constant(ctx, ieee_of(bound, from), from);
    let low = constant(ctx, ieee_of(-bound, from), from);
    let rtz = Float::round_towards_zero(ctx);
    // SAFETY: `rtz` and `x` are live terms of `ctx`.
    let truncated = bits(ctx, unsafe {
        z3_sys::Z3_mk_fpa_to_sbv(raw(ctx), rtz.get_z3_ast(), x.get_z3_ast(), width)
    });
    let (min, max) = if width == 32 {
        (i64::from(i32::MIN), i64::from(i32::MAX))
    } else {
        (i64::MIN, i64::MAX)
    };
    let int = |v: i64| BV::from_i64(ctx, v, width);
    is_nan(ctx, x).ite(
        &int(0),
        &x.ge(&high)
            .ite(&int(max), &x.le(&low).ite(&int(min), &truncated)),
    )
}

/// The IEEE bits of `x` as a float ([`F32`]) or double.
fn ieee_of(x: f64, width: u32) -> i64 {
    if width == F32 {
        i64::from((x as f32).to_bits())
    } else {
        x.to_bits() as i64
    }
}
