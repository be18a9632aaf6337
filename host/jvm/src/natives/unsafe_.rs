//! jdk.internal.misc.Unsafe: field and array access by offset, compare-and-set, park.
//!
//! Offsets: an instance or static field's offset is its slot (static bases are the class's
//! statics object); arrays start at [`ARRAY_BASE`] with their natural element size as scale,
//! so JDK code that reads wider values out of byte arrays keeps working.

use crate::class::ClassKind;
use crate::flow::{NativeExit, NativeResult};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, throw, Args};
use crate::thread::Exec;
use crate::value::ElemKind;
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

/// Offset of element 0 in every array.
pub const ARRAY_BASE: i64 = 16;

/// The width and type of an Unsafe access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Boolean,
    Byte,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Ref,
}

impl Access {
    fn size(self) -> usize {
        match self {
            Access::Boolean | Access::Byte => 1,
            Access::Char | Access::Short => 2,
            Access::Int | Access::Float | Access::Ref => 4,
            Access::Long | Access::Double => 8,
        }
    }

    fn matches(self, kind: ElemKind) -> bool {
        matches!(
            (self, kind),
            (Access::Boolean, ElemKind::Boolean)
                | (Access::Byte, ElemKind::Byte)
                | (Access::Char, ElemKind::Char)
                | (Access::Short, ElemKind::Short)
                | (Access::Int, ElemKind::Int)
                | (Access::Long, ElemKind::Long)
                | (Access::Float, ElemKind::Float)
                | (Access::Double, ElemKind::Double)
                | (Access::Ref, ElemKind::Ref)
        )
    }

    /// Converts raw little-endian bits to a value of this access type.
    fn decode(self, bits: u64) -> Value {
        match self {
            Access::Boolean => Value::Int(i32::from(bits as u8 != 0)),
            Access::Byte => Value::Int(i32::from(bits as u8 as i8)),
            Access::Char => Value::Int(i32::from(bits as u16)),
            Access::Short => Value::Int(i32::from(bits as u16 as i16)),
            Access::Int => Value::Int(bits as u32 as i32),
            Access::Long => Value::Long(bits as i64),
            Access::Float => Value::Float(f32::from_bits(bits as u32)),
            Access::Double => Value::Double(f64::from_bits(bits)),
            Access::Ref => Value::NULL,
        }
    }

    fn to_bits(self, v: Value) -> u64 {
        match v {
            Value::Int(i) => i as u32 as u64,
            Value::Long(l) => l as u64,
            Value::Float(f) => u64::from(f.to_bits()),
            Value::Double(d) => d.to_bits(),
            _ => 0,
        }
    }

    /// Normalizes a value read from a field slot to this access type.
    fn normalize(self, v: Value) -> Value {
        match (self, v) {
            (Access::Ref, Value::Ref(_)) => v,
            (Access::Ref, _) => Value::NULL,
            (Access::Boolean, Value::Int(i)) => Value::Int(i32::from(i != 0)),
            (Access::Byte, Value::Int(i)) => Value::Int(i32::from(i as i8)),
            (Access::Char, Value::Int(i)) => Value::Int(i32::from(i as u16)),
            (Access::Short, Value::Int(i)) => Value::Int(i32::from(i as i16)),
            _ => v,
        }
    }
}

fn read_byte(data: &ObjData, i: usize) -> u8 {
    match data {
        ObjData::Booleans(a) | ObjData::Bytes(a) => a.get(i).map(|&b| b as u8).unwrap_or(0),
        ObjData::Chars(a) => a.get(i / 2).map(|v| v.to_le_bytes()[i % 2]).unwrap_or(0),
        ObjData::Shorts(a) => a.get(i / 2).map(|v| v.to_le_bytes()[i % 2]).unwrap_or(0),
        ObjData::Ints(a) => a.get(i / 4).map(|v| v.to_le_bytes()[i % 4]).unwrap_or(0),
        ObjData::Floats(a) => a.get(i / 4).map(|v| v.to_le_bytes()[i % 4]).unwrap_or(0),
        ObjData::Longs(a) => a.get(i / 8).map(|v| v.to_le_bytes()[i % 8]).unwrap_or(0),
        ObjData::Doubles(a) => a.get(i / 8).map(|v| v.to_le_bytes()[i % 8]).unwrap_or(0),
        _ => 0,
    }
}

fn write_byte(data: &mut ObjData, i: usize, b: u8) {
    macro_rules! patch {
        ($a:expr, $n:expr, $t:ty) => {
            if let Some(v) = $a.get_mut(i / $n) {
                let mut bytes = v.to_le_bytes();
                bytes[i % $n] = b;
                *v = <$t>::from_le_bytes(bytes);
            }
        };
    }
    match data {
        ObjData::Booleans(a) | ObjData::Bytes(a) => {
            if let Some(v) = a.get_mut(i) {
                *v = b as i8;
            }
        }
        ObjData::Chars(a) => patch!(a, 2, u16),
        ObjData::Shorts(a) => patch!(a, 2, i16),
        ObjData::Ints(a) => patch!(a, 4, i32),
        ObjData::Floats(a) => patch!(a, 4, f32),
        ObjData::Longs(a) => patch!(a, 8, i64),
        ObjData::Doubles(a) => patch!(a, 8, f64),
        _ => {}
    }
}

pub(crate) fn get(vm: &Jvm, o: Ref, offset: i64, access: Access) -> NativeResult {
    if o.is_null() {
        let address = offset as u64;
        let bits = (0..access.size()).try_fold(0u64, |acc, k| {
            vm.state
                .native_memory
                .read(address + k as u64)
                .map(|b| acc | (u64::from(b) << (8 * k)))
        });
        return match bits {
            Some(bits) => Ok(access.decode(bits)),
            None => throw(
                "java/lang/InternalError",
                format!("Unsafe read of unallocated memory at {address:#x}"),
            ),
        };
    }
    let Some(obj) = vm.state.heap.get(o) else {
        return throw("java/lang/InternalError", "Unsafe access to a dead object");
    };
    match &obj.data {
        ObjData::Fields(fields) => Ok(access.normalize(
            usize::try_from(offset)
                .ok()
                .and_then(|i| fields.get(i))
                .copied()
                .unwrap_or_default(),
        )),
        data => {
            let kind = data.elem_kind().unwrap_or(ElemKind::Byte);
            let byte = usize::try_from(offset - ARRAY_BASE).unwrap_or(usize::MAX);
            if access.matches(kind) && byte % kind.size() == 0 {
                return Ok(data.load(byte / kind.size()).unwrap_or_default());
            }
            let bits = (0..access.size()).fold(0u64, |acc, k| {
                acc | (u64::from(read_byte(data, byte + k)) << (8 * k))
            });
            Ok(access.decode(bits))
        }
    }
}

pub(crate) fn put<M: Machine>(
    vm: &mut Vm<M>,
    o: Ref,
    offset: i64,
    access: Access,
    v: Value,
) -> NativeResult {
    if o.is_null() {
        let address = offset as u64;
        let bits = access.to_bits(v);
        let ok = (0..access.size()).all(|k| {
            vm.state
                .native_memory
                .write(address + k as u64, (bits >> (8 * k)) as u8)
        });
        return if ok {
            Ok(Value::Void)
        } else {
            throw(
                "java/lang/InternalError",
                format!("Unsafe write to unallocated memory at {address:#x}"),
            )
        };
    }
    // Whole fields and elements go through the heap's single-store paths, which keep its
    // reference-graph hash without recomputing it.
    let Some(kind) = vm.state.heap.get(o).map(|obj| obj.data.elem_kind()) else {
        return throw("java/lang/InternalError", "Unsafe access to a dead object");
    };
    match kind {
        None => {
            let v = match (access, v) {
                (Access::Boolean, Value::Int(i)) => Value::Int(i32::from(i & 1 != 0)),
                _ => v,
            };
            if let Ok(slot) = u32::try_from(offset) {
                vm.state.heap.write_field(o, slot, v);
            }
        }
        Some(kind) => {
            let byte = usize::try_from(offset - ARRAY_BASE).unwrap_or(usize::MAX);
            if access.matches(kind) && byte % kind.size() == 0 {
                vm.state.heap.store_element(o, byte / kind.size(), v);
            } else if let Some(obj) = vm.state.heap.get_mut(o) {
                let bits = access.to_bits(v);
                for k in 0..access.size() {
                    write_byte(&mut obj.data, byte + k, (bits >> (8 * k)) as u8);
                }
            }
        }
    }
    // Unsafe natives are opaque to footprints; this publishes what `v` refers to.
    M::stored(vm, o, Value::Void, v);
    Ok(Value::Void)
}

/// Compare-and-exchange; returns the witness value. Values compare as stored (floating-point
/// ones by their bits, see [`Value`]'s equality), as the JDK's CAS does.
fn cas<M: Machine>(
    vm: &mut Vm<M>,
    a: &[Value],
    access: Access,
) -> Result<(bool, Value), NativeExit> {
    let (o, offset) = (a.obj(1), a.long(2));
    let (expected, new) = (a[3], a[4]);
    let current = get(vm, o, offset, access)?;
    let hit = current == expected;
    if hit {
        put(vm, o, offset, access, new)?;
    }
    Ok((hit, current))
}

macro_rules! accessors {
    ($r:ident, $access:expr, $desc:literal, $get:literal, $put:literal, $getv:literal, $putv:literal) => {
        $r.add(
            U,
            $get,
            concat!("(Ljava/lang/Object;J)", $desc),
            |vm, _, a| get(vm, a.obj(1), a.long(2), $access),
        );
        $r.add(
            U,
            $getv,
            concat!("(Ljava/lang/Object;J)", $desc),
            |vm, _, a| get(vm, a.obj(1), a.long(2), $access),
        );
        $r.add(
            U,
            $put,
            concat!("(Ljava/lang/Object;J", $desc, ")V"),
            |vm, _, a| put(vm, a.obj(1), a.long(2), $access, a[3]),
        );
        $r.add(
            U,
            $putv,
            concat!("(Ljava/lang/Object;J", $desc, ")V"),
            |vm, _, a| put(vm, a.obj(1), a.long(2), $access, a[3]),
        );
    };
}

const U: &str = "jdk/internal/misc/Unsafe";

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    accessors!(
        r,
        Access::Boolean,
        "Z",
        "getBoolean",
        "putBoolean",
        "getBooleanVolatile",
        "putBooleanVolatile"
    );
    accessors!(
        r,
        Access::Byte,
        "B",
        "getByte",
        "putByte",
        "getByteVolatile",
        "putByteVolatile"
    );
    accessors!(
        r,
        Access::Char,
        "C",
        "getChar",
        "putChar",
        "getCharVolatile",
        "putCharVolatile"
    );
    accessors!(
        r,
        Access::Short,
        "S",
        "getShort",
        "putShort",
        "getShortVolatile",
        "putShortVolatile"
    );
    accessors!(
        r,
        Access::Int,
        "I",
        "getInt",
        "putInt",
        "getIntVolatile",
        "putIntVolatile"
    );
    accessors!(
        r,
        Access::Long,
        "J",
        "getLong",
        "putLong",
        "getLongVolatile",
        "putLongVolatile"
    );
    accessors!(
        r,
        Access::Float,
        "F",
        "getFloat",
        "putFloat",
        "getFloatVolatile",
        "putFloatVolatile"
    );
    accessors!(
        r,
        Access::Double,
        "D",
        "getDouble",
        "putDouble",
        "getDoubleVolatile",
        "putDoubleVolatile"
    );
    accessors!(
        r,
        Access::Ref,
        "Ljava/lang/Object;",
        "getReference",
        "putReference",
        "getReferenceVolatile",
        "putReferenceVolatile"
    );

    r.add(
        U,
        "compareAndSetInt",
        "(Ljava/lang/Object;JII)Z",
        |vm, _, a| Ok(jbool(cas(vm, a, Access::Int)?.0)),
    );
    r.add(
        U,
        "compareAndSetLong",
        "(Ljava/lang/Object;JJJ)Z",
        |vm, _, a| Ok(jbool(cas(vm, a, Access::Long)?.0)),
    );
    r.add(
        U,
        "compareAndSetReference",
        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z",
        |vm, _, a| Ok(jbool(cas(vm, a, Access::Ref)?.0)),
    );
    r.add(
        U,
        "compareAndExchangeInt",
        "(Ljava/lang/Object;JII)I",
        |vm, _, a| Ok(cas(vm, a, Access::Int)?.1),
    );
    r.add(
        U,
        "compareAndExchangeLong",
        "(Ljava/lang/Object;JJJ)J",
        |vm, _, a| Ok(cas(vm, a, Access::Long)?.1),
    );
    r.add(
        U,
        "compareAndExchangeReference",
        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
        |vm, _, a| Ok(cas(vm, a, Access::Ref)?.1),
    );

    r.add(U, "registerNatives", "()V", |_, _, _| Ok(Value::Void));
    r.add(U, "arrayBaseOffset0", "(Ljava/lang/Class;)I", |_, _, _| {
        Ok(Value::Int(ARRAY_BASE as i32))
    });
    r.add(U, "arrayIndexScale0", "(Ljava/lang/Class;)I", |vm, _, a| {
        let c = super::support::class_arg(vm, a.obj(1))?;
        Ok(Value::Int(match vm.classes.get(c).kind {
            ClassKind::Array { elem, .. } => elem.size() as i32,
            _ => return throw("java/lang/IllegalArgumentException", "not an array class"),
        }))
    });
    r.add(
        U,
        "objectFieldOffset1",
        "(Ljava/lang/Class;Ljava/lang/String;)J",
        |vm, _, a| {
            let c = super::support::class_arg(vm, a.obj(1))?;
            let name = super::support::string_arg(vm, a.obj(2))?;
            match vm.classes.get(c).field_named(&name) {
                Some(f) => Ok(Value::Long(i64::from(f.slot))),
                None => throw("java/lang/InternalError", name),
            }
        },
    );
    r.add(
        U,
        "objectFieldOffset0",
        "(Ljava/lang/reflect/Field;)J",
        |vm, _, a| {
            Ok(Value::Long(i64::from(
                vm.field_by_name(a.obj(1), "slot").as_int(),
            )))
        },
    );
    r.add(
        U,
        "staticFieldOffset0",
        "(Ljava/lang/reflect/Field;)J",
        |vm, _, a| {
            Ok(Value::Long(i64::from(
                vm.field_by_name(a.obj(1), "slot").as_int(),
            )))
        },
    );
    r.add(
        U,
        "staticFieldBase0",
        "(Ljava/lang/reflect/Field;)Ljava/lang/Object;",
        |vm, _, a| {
            let mirror = vm.field_by_name(a.obj(1), "clazz").as_ref();
            let c = super::support::class_arg(vm, mirror)?;
            Ok(Value::Ref(vm.statics(c)))
        },
    );
    r.add(
        U,
        "shouldBeInitialized0",
        "(Ljava/lang/Class;)Z",
        |vm, _, a| {
            let c = super::support::class_arg(vm, a.obj(1))?;
            Ok(jbool(
                vm.class_state_of(c).init != crate::state::InitState::Done,
            ))
        },
    );
    r.add(
        U,
        "ensureClassInitialized0",
        "(Ljava/lang/Class;)V",
        |vm, exec, a| {
            let c = super::support::class_arg(vm, a.obj(1))?;
            initialize_from_native(vm, exec, c).map(|_| Value::Void)
        },
    );
    r.add(
        U,
        "allocateInstance",
        "(Ljava/lang/Class;)Ljava/lang/Object;",
        |vm, exec, a| {
            let c = super::support::class_arg(vm, a.obj(1))?;
            let cls = vm.classes.get(c);
            if cls.is_interface()
                || cls.access & crate::classfile::access::ABSTRACT != 0
                || cls.is_array()
            {
                let name = cls.java_name();
                return throw("java/lang/InstantiationException", name);
            }
            initialize_from_native(vm, exec, c)?;
            Ok(Value::Ref(vm.new_object(c)))
        },
    );
    r.add(
        U,
        "throwException",
        "(Ljava/lang/Throwable;)V",
        |_, _, a| Err(NativeExit::Throw(a.obj(1))),
    );
    for fence in ["fullFence", "loadFence", "storeFence"] {
        r.add(U, fence, "()V", |_, _, _| Ok(Value::Void));
    }
    r.add(U, "park", "(ZJ)V", park);
    r.add(U, "unpark", "(Ljava/lang/Object;)V", |vm, _, a| {
        vm.unpark(a.obj(1));
        Ok(Value::Void)
    });
    r.add(U, "getLoadAverage0", "([DI)I", |_, _, _| Ok(Value::Int(-1)));
    r.add(U, "allocateMemory0", "(J)J", |vm, _, a| {
        let size = native_block_size(a.long(1))?;
        Ok(Value::Long(vm.state.native_memory.allocate(size) as i64))
    });
    r.add(U, "reallocateMemory0", "(JJ)J", |vm, _, a| {
        let size = native_block_size(a.long(2))?;
        Ok(Value::Long(
            vm.state.native_memory.reallocate(a.long(1) as u64, size) as i64,
        ))
    });
    r.add(U, "freeMemory0", "(J)V", |vm, _, a| {
        vm.state.native_memory.free(a.long(1) as u64);
        Ok(Value::Void)
    });
    r.add(
        U,
        "copyMemory0",
        "(Ljava/lang/Object;JLjava/lang/Object;JJ)V",
        copy_memory,
    );
    r.add(U, "setMemory0", "(Ljava/lang/Object;JJB)V", |vm, _, a| {
        let (o, offset, bytes, value) = (a.obj(1), a.long(2), a.long(3), a.int(4));
        for k in 0..bytes {
            put(vm, o, offset + k, Access::Byte, Value::Int(value))?;
        }
        Ok(Value::Void)
    });
}

/// Runs class initialization from inside a native: returns `Err(Reexecute)` when
/// initializer frames were pushed, so that the native runs again once they finish.
pub fn initialize_from_native<M: Machine>(
    vm: &mut Vm<M>,
    exec: &mut Exec,
    class: crate::class::ClassId,
) -> Result<(), NativeExit> {
    match vm.ensure_initialized(exec, class) {
        Ok(true) => Ok(()),
        Ok(false) => Err(NativeExit::Reexecute),
        Err(crate::flow::Stop::Break) => Err(NativeExit::Choice),
        Err(_) => Err(NativeExit::Block),
    }
}

fn park<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let (absolute, time) = (a.bool(1), a.long(2));
    let (deadline, immediate) = if absolute {
        (
            Some(vm.deadline_at_epoch_ms(time)),
            time <= vm.now_epoch_ms(),
        )
    } else if time == 0 {
        (None, false)
    } else {
        (Some(vm.deadline_in(time.max(0) as u64)), time < 0)
    };
    vm.park(exec, deadline, immediate)
}

fn copy_memory<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let (src, src_off, dst, dst_off, bytes) = (a.obj(1), a.long(2), a.obj(3), a.long(4), a.long(5));
    let data: Vec<Value> = (0..bytes)
        .map(|k| get(vm, src, src_off + k, Access::Byte))
        .collect::<Result<_, _>>()?;
    for (k, v) in data.into_iter().enumerate() {
        put(vm, dst, dst_off + k as i64, Access::Byte, v)?;
    }
    Ok(Value::Void)
}

/// The size of an off-heap block the program asks for: at most 1 GiB, so that no program
/// makes rpf's own allocation fail.
fn native_block_size(size: i64) -> Result<usize, NativeExit> {
    match usize::try_from(size) {
        Ok(size) if size <= 1 << 30 => Ok(size),
        _ => throw("java/lang/OutOfMemoryError", "Direct buffer memory"),
    }
}
