//! Intrinsics for the inner loops of `BigInteger` and `MutableBigInteger` arithmetic:
//! magnitude addition and subtraction, the shifts that division and `shiftLeft` make, and the
//! multiply-subtract step of long division. Interpreted, each is a loop of long arithmetic
//! over `int[]` magnitudes; every big-number program spends its time in them.
//!
//! Each computes what its bytecode computes, the same loop over the same elements (Java's
//! int and long wrap-around, and shift counts taken modulo 32). Out-of-range indexes, null
//! arrays and a heap too full for a result decline ([`NativeExit::Bytecode`]): the
//! bytecode then throws where it throws. Results are new arrays no other thread can see;
//! what the loops read and write of the arguments is reported to the memory hooks. An
//! intrinsic allocates only the array it returns (the bytecode of `add` may allocate one
//! more, which is garbage at once).

use crate::flow::{NativeExit, NativeResult};
use crate::heap::{instance_footprint, ObjData};
use crate::machine::Machine;
use crate::natives::intrinsic::{alloc, decline, enabled, room};
use crate::natives::registry::NativeRegistry;
use crate::natives::support::Args;
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

const BIG: &str = "java/math/BigInteger";
const MUTABLE: &str = "java/math/MutableBigInteger";

/// Registers the intrinsics of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add(BIG, "add", "([I[I)[I", add::<M>).tracked = true;
    r.add(BIG, "subtract", "([I[I)[I", subtract::<M>).tracked = true;
    r.add(
        BIG,
        "multiplyByInt",
        "([III)Ljava/math/BigInteger;",
        multiply_by_int::<M>,
    )
    .tracked = true;
    r.add(
        BIG,
        "shiftLeftImplWorker",
        "([I[IIII)V",
        shift_left_worker::<M>,
    )
    .tracked = true;
    r.add(MUTABLE, "copyAndShift", "([III[III)V", copy_and_shift::<M>)
        .tracked = true;
    r.add(MUTABLE, "mulsubBorrow", "([I[IIII)I", mulsub_borrow::<M>)
        .tracked = true;
}

/// The elements of int array `a`.
fn ints(vm: &Jvm, a: Ref) -> Option<&[i32]> {
    match &vm.state.heap.get(a)?.data {
        ObjData::Ints(v) => Some(v),
        _ => None,
    }
}

/// The elements of int array `a`, reported read; `None` declines.
fn read_ints<M: Machine>(vm: &mut Vm<M>, a: Ref) -> Result<Vec<i32>, NativeExit> {
    let Some(v) = ints(vm, a).map(<[i32]>::to_vec) else {
        return decline();
    };
    M::read(vm, a);
    Ok(v)
}

/// Whether `from..from + len` lies within an array of `size` (computed without overflow).
fn within(from: i32, len: i64, size: usize) -> bool {
    from >= 0 && len >= 0 && i64::from(from) + len <= size as i64
}

/// A new int array (of the class `like` has) holding `elements`; `None` (declining) if
/// the heap cannot hold it.
fn new_ints<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    like: Ref,
    elements: Vec<i32>,
) -> Result<Value, NativeExit> {
    let Some(class) = vm.class_of(like) else {
        return decline();
    };
    let array = alloc(vm, exec, class, ObjData::Ints(elements.into()))?;
    Ok(Value::Ref(array))
}

const MASK: i64 = 0xFFFF_FFFF;

/// `BigInteger.add(int[] x, int[] y)`: the magnitude sum, one element longer when the
/// addition carries out of the longer operand.
fn add<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (mut x, mut y) = (read_ints(vm, a.obj(0))?, read_ints(vm, a.obj(1))?);
    if x.len() < y.len() {
        std::mem::swap(&mut x, &mut y);
    }
    let (mut xi, mut yi) = (x.len(), y.len());
    let mut result = vec![0i32; xi];
    let mut sum: i64 = 0;
    if yi == 1 {
        xi -= 1;
        sum = (i64::from(x[xi]) & MASK) + (i64::from(y[0]) & MASK);
        result[xi] = sum as i32;
    } else {
        while yi > 0 {
            xi -= 1;
            yi -= 1;
            sum =
                (i64::from(x[xi]) & MASK) + (i64::from(y[yi]) & MASK) + ((sum as u64) >> 32) as i64;
            result[xi] = sum as i32;
        }
    }
    let mut carry = (sum as u64) >> 32 != 0;
    while xi > 0 && carry {
        xi -= 1;
        result[xi] = x[xi].wrapping_add(1);
        carry = result[xi] == 0;
    }
    while xi > 0 {
        xi -= 1;
        result[xi] = x[xi];
    }
    if carry {
        result.insert(0, 1);
    }
    new_ints(vm, exec, a.obj(0), result)
}

/// `BigInteger.subtract(int[] big, int[] little)`: the magnitude difference (`big` at
/// least as long as `little`).
fn subtract<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (big, little) = (read_ints(vm, a.obj(0))?, read_ints(vm, a.obj(1))?);
    if little.len() > big.len() {
        return decline();
    }
    let (mut bi, mut li) = (big.len(), little.len());
    let mut result = vec![0i32; bi];
    let mut difference: i64 = 0;
    while li > 0 {
        bi -= 1;
        li -= 1;
        difference =
            (i64::from(big[bi]) & MASK) - (i64::from(little[li]) & MASK) + (difference >> 32);
        result[bi] = difference as i32;
    }
    let mut borrow = difference >> 32 != 0;
    while bi > 0 && borrow {
        bi -= 1;
        result[bi] = big[bi].wrapping_sub(1);
        borrow = result[bi] == -1;
    }
    while bi > 0 {
        bi -= 1;
        result[bi] = big[bi];
    }
    new_ints(vm, exec, a.obj(0), result)
}

/// Runs `body` on the elements of int arrays `src` (read) and `dst` (written), two
/// different arrays; `body` answers `None` to decline before writing anything.
fn with_arrays<M: Machine>(
    vm: &mut Vm<M>,
    src: Ref,
    dst: Ref,
    body: impl FnOnce(&[i32], &mut [i32]) -> Option<()>,
) -> NativeResult {
    let s = read_ints(vm, src)?;
    let Some(ObjData::Ints(d)) = vm.state.heap.primitive_data_mut(dst) else {
        return decline();
    };
    if body(&s, d).is_none() {
        return decline();
    }
    M::stored_range(vm, dst);
    Ok(Value::Void)
}

/// `BigInteger`'s longest magnitude (`MAX_MAG_LENGTH`): its constructor rejects longer ones.
const MAX_MAG_LENGTH: usize = (i32::MAX / 32 + 1) as usize;

/// `BigInteger.multiplyByInt(int[] x, int y, int sign)`: a new `BigInteger` of magnitude
/// `x * y` (a power-of-two `y`, which the bytecode turns into a shift, declines).
fn multiply_by_int<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (y, sign) = (a.int(1), a.int(2));
    if y.count_ones() == 1 {
        return decline();
    }
    let x = read_ints(vm, a.obj(0))?;
    let y_long = i64::from(y) & MASK;
    let mut magnitude = vec![0i32; x.len() + 1];
    let mut carry: i64 = 0;
    for (i, &word) in x.iter().enumerate().rev() {
        let product = (i64::from(word) & MASK)
            .wrapping_mul(y_long)
            .wrapping_add(carry);
        magnitude[i + 1] = product as i32;
        carry = ((product as u64) >> 32) as i64;
    }
    if carry == 0 {
        magnitude.remove(0);
    } else {
        magnitude[0] = carry as i32;
    }
    // The private constructor `BigInteger(int[] magnitude, int signum)`, whose other fields
    // (cached bit counts) start at zero.
    let Some(class) = vm.classes.lookup(BIG) else {
        return decline();
    };
    let (Some(signum_slot), Some(mag_slot)) =
        (vm.field_slot(class, "signum"), vm.field_slot(class, "mag"))
    else {
        return decline();
    };
    let (Some(int_array), true) = (vm.class_of(a.obj(0)), magnitude.len() < MAX_MAG_LENGTH) else {
        return decline();
    };
    let signum = if magnitude.is_empty() { 0 } else { sign };
    let mag = ObjData::Ints(magnitude.into());
    let fields = vm.classes.get(class).instance_defaults.len();
    room(vm, exec, mag.footprint() + instance_footprint(fields))?;
    let mag = vm.alloc(int_array, mag);
    let big = vm.new_object(class);
    vm.state
        .heap
        .write_field(big, signum_slot, Value::Int(signum));
    vm.state.heap.write_field(big, mag_slot, Value::Ref(mag));
    Ok(Value::Ref(big))
}

/// `BigInteger.shiftLeftImplWorker(newArr, oldArr, newIdx, shiftCount, numIter)`.
fn shift_left_worker<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (new_arr, old_arr, new_idx, shift, n) = (a.obj(0), a.obj(1), a.int(2), a.int(3), a.int(4));
    if n <= 0 || new_arr == old_arr {
        return decline();
    }
    let right = 32i32.wrapping_sub(shift);
    with_arrays(vm, old_arr, new_arr, |old, new| {
        if !within(0, i64::from(n) + 1, old.len()) || !within(new_idx, i64::from(n), new.len()) {
            return None;
        }
        for i in 0..n as usize {
            let hi = old[i].wrapping_shl(shift as u32);
            let lo = ((old[i + 1] as u32).wrapping_shr(right as u32)) as i32;
            new[new_idx as usize + i] = hi | lo;
        }
        Some(())
    })
}

/// `MutableBigInteger.copyAndShift(src, srcFrom, srcLen, dst, dstFrom, shift)`.
fn copy_and_shift<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (src, src_from, len, dst, dst_from, shift) =
        (a.obj(0), a.int(1), a.int(2), a.obj(3), a.int(4), a.int(5));
    if len < 1 || src == dst {
        return decline();
    }
    let right = 32i32.wrapping_sub(shift);
    with_arrays(vm, src, dst, |s, d| {
        if !within(src_from, i64::from(len), s.len()) || !within(dst_from, i64::from(len), d.len())
        {
            return None;
        }
        let (s, d) = (&s[src_from as usize..], &mut d[dst_from as usize..]);
        let n = len as usize;
        for i in 0..n - 1 {
            let hi = s[i].wrapping_shl(shift as u32);
            let lo = ((s[i + 1] as u32).wrapping_shr(right as u32)) as i32;
            d[i] = hi | lo;
        }
        d[n - 1] = s[n - 1].wrapping_shl(shift as u32);
        Some(())
    })
}

/// `MutableBigInteger.mulsubBorrow(q, a, x, len, offset)`: the borrow of subtracting
/// `a[0..len] * x` from `q` at `offset` (it reads only).
fn mulsub_borrow<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (q, arr, x, len, offset) = (a.obj(1), a.obj(2), a.int(3), a.int(4), a.int(5));
    let (Some(qv), Some(av)) = (ints(vm, q), ints(vm, arr)) else {
        return decline();
    };
    // The loop reads a[len - 1 ..= 0] and q[offset + len ..= offset + 1].
    let first = i64::from(offset) + 1;
    if len > 0
        && (!within(0, i64::from(len), av.len())
            || first < 0
            || i64::from(offset) + i64::from(len) >= qv.len() as i64)
    {
        return decline();
    }
    let x_long = i64::from(x) & MASK;
    let mut carry: i64 = 0;
    let mut at = offset.wrapping_add(len) as usize;
    for j in (0..len.max(0) as usize).rev() {
        let product = (i64::from(av[j]) & MASK)
            .wrapping_mul(x_long)
            .wrapping_add(carry);
        let difference = i64::from(qv[at]).wrapping_sub(product);
        at = at.wrapping_sub(1);
        let borrow = (difference & MASK) > (i64::from(!(product as i32)) & MASK);
        carry = ((product as u64) >> 32) as i64 + i64::from(borrow);
    }
    M::read(vm, q);
    M::read(vm, arr);
    Ok(Value::Int(carry as i32))
}
