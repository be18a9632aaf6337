//! String natives, and intrinsics for the string handling nearly every program does:
//! `String`'s accessors, `hashCode`, `equals`, `compareTo` and `charAt`, the common
//! `StringBuilder` appends, and the digit writers of `Integer` and `Long`. Interpreted, each is
//! a chain of small JDK calls; under the checker they run in every transition of a program
//! that builds strings.
//!
//! An intrinsic computes exactly what the bytecode computes, and only in the common case:
//! where the bytecode would do more (throw, grow a builder's buffer, inflate a Latin-1
//! builder to UTF-16) it declines with [`NativeExit::Bytecode`] and the bytecode runs. It
//! reports what it reads and writes to the machine's memory hooks as the bytecode's own
//! accesses would be, and it runs only where the machine allows ([`Machine::intrinsics`]).
//!
//! Strings hold `byte[] value` with a `coder` (see `strings.rs`): Latin-1, one byte per
//! char, or UTF-16 little-endian (as `StringUTF16.isBigEndian` says below).

use crate::class::{ConcatArg, ConcatPart};
use crate::flow::NativeExit;
use crate::flow::NativeResult;
use crate::heap::{instance_footprint, ObjData};
use crate::machine::Machine;
use crate::natives::intrinsic::{alloc, decline, enabled, room};
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, Args};
use crate::state::InitState;
use crate::thread::Exec;
use crate::value::{ElemKind, Ref, Value};
use crate::vm::{Jvm, NativeFn, Vm};
use smallvec::SmallVec;

const LATIN1: i32 = 0;
const UTF16: i32 = 1;
const S: &str = "java/lang/String";
/// Chars beyond which `append(String)` leaves the copy to the bytecode.
const LONG_STRING: usize = 1 << 12;
/// Chars beyond which `toChars` leaves the copy to the bytecode. Larger than
/// [`LONG_STRING`]: the JDK's character tables (`CharacterData00`, initialized on every path
/// that first meets a char beyond Latin-1) are built from strings of about 10,000 chars.
const LONG_CHARS: usize = 1 << 16;
const ASB: &str = "java/lang/AbstractStringBuilder";
const SB: &str = "java/lang/StringBuilder";

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    // rpf stores UTF16 string bytes little-endian.
    r.add("java/lang/StringUTF16", "isBigEndian", "()Z", |_, _, _| {
        Ok(jbool(false))
    });
    let intrinsics: [(&str, &str, &str, NativeFn<M>); 32] = [
        // StringBuilder (final) wraps the builder's methods, returning itself: one call
        // less per append. StringBuffer's also clear its toString cache, so they run as
        // bytecode (and reach the builder's intrinsics).
        (SB, "<init>", "()V", string_builder_init),
        (
            SB,
            "toString",
            "()Ljava/lang/String;",
            string_builder_to_string,
        ),
        (
            SB,
            "append",
            "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
            append_string,
        ),
        (SB, "append", "(C)Ljava/lang/StringBuilder;", append_char),
        (SB, "append", "(I)Ljava/lang/StringBuilder;", append_int),
        (SB, "append", "(J)Ljava/lang/StringBuilder;", append_long),
        (
            S,
            "compareTo",
            "(Ljava/lang/Object;)I",
            string_compare_to_object,
        ),
        (
            ASB,
            "ensureCapacityInternal",
            "(I)V",
            builder_ensure_capacity,
        ),
        (S, "<init>", "([BB)V", string_init),
        (
            "java/lang/StringLatin1",
            "newString",
            "([BII)Ljava/lang/String;",
            latin1_new_string,
        ),
        (
            "java/util/Arrays",
            "copyOfRange",
            "([BII)[B",
            bytes_copy_of_range,
        ),
        (
            "java/lang/StringLatin1",
            "toChars",
            "([B)[C",
            |vm, exec, a| to_chars(vm, exec, a.obj(0), LATIN1),
        ),
        (
            "java/lang/StringUTF16",
            "toChars",
            "([B)[C",
            |vm, exec, a| to_chars(vm, exec, a.obj(0), UTF16),
        ),
        (ASB, "<init>", "(I)V", builder_init),
        (ASB, "isLatin1", "()Z", builder_is_latin1),
        (S, "coder", "()B", string_coder),
        (S, "isLatin1", "()Z", string_is_latin1),
        (S, "length", "()I", string_length),
        (S, "charAt", "(I)C", string_char_at),
        (S, "hashCode", "()I", string_hash_code),
        (S, "equals", "(Ljava/lang/Object;)Z", string_equals),
        (S, "compareTo", "(Ljava/lang/String;)I", string_compare_to),
        (
            ASB,
            "append",
            "(Ljava/lang/String;)Ljava/lang/AbstractStringBuilder;",
            append_string,
        ),
        (
            ASB,
            "append",
            "(C)Ljava/lang/AbstractStringBuilder;",
            append_char,
        ),
        (
            ASB,
            "append",
            "(I)Ljava/lang/AbstractStringBuilder;",
            append_int,
        ),
        (
            ASB,
            "append",
            "(J)Ljava/lang/AbstractStringBuilder;",
            append_long,
        ),
        (
            "java/lang/StringLatin1",
            "toUpperCase",
            "(Ljava/lang/String;[BLjava/util/Locale;)Ljava/lang/String;",
            |vm, exec, a| latin1_to_case(vm, exec, a, Case::Upper),
        ),
        (
            "java/lang/StringLatin1",
            "toLowerCase",
            "(Ljava/lang/String;[BLjava/util/Locale;)Ljava/lang/String;",
            |vm, exec, a| latin1_to_case(vm, exec, a, Case::Lower),
        ),
        ("java/lang/Integer", "stringSize", "(I)I", |vm, _, a| {
            enabled(vm)?;
            Ok(Value::Int(decimal_size(i64::from(a.int(0)))))
        }),
        ("java/lang/Long", "stringSize", "(J)I", |vm, _, a| {
            enabled(vm)?;
            Ok(Value::Int(decimal_size(a.long(0))))
        }),
        ("java/lang/Integer", "getChars", "(II[B)I", |vm, _, a| {
            get_chars(vm, i64::from(a.int(0)), a.int(1), a.obj(2))
        }),
        ("java/lang/Long", "getChars", "(JI[B)I", |vm, _, a| {
            get_chars(vm, a.long(0), a.int(1), a.obj(2))
        }),
    ];
    for (class, name, desc, f) in intrinsics {
        r.add(class, name, desc, f).tracked = true;
    }
}

/// A String's (or builder's) `value` array and `coder`, by their slots.
/// `None` (declining) for a coder other than Latin-1 or UTF-16, which only a program writing
/// the field through `Unsafe` or reflection could make: the bytecode then does what it does.
fn value_and_coder(vm: &Jvm, obj: Ref, value: u32, coder: u32) -> Option<(Ref, i32)> {
    value_and_coder_in(vm.state.heap.get(obj)?.fields(), value, coder)
}

/// [`value_and_coder`] of fields already looked up.
fn value_and_coder_in(fields: &[Value], value: u32, coder: u32) -> Option<(Ref, i32)> {
    let coder = fields.get(coder as usize)?.as_int();
    Some((fields.get(value as usize)?.as_ref(), coder))
        .filter(|_| coder == LATIN1 || coder == UTF16)
}

/// A String's `value` array and `coder`.
fn string_parts(vm: &Jvm, s: Ref) -> Option<(Ref, i32)> {
    value_and_coder(vm, s, vm.known.string_value, vm.known.string_coder)
}

/// A builder's `value` array and `coder`.
fn builder_parts(vm: &Jvm, sb: Ref) -> Option<(Ref, i32)> {
    value_and_coder(vm, sb, vm.known.builder_value, vm.known.builder_coder)
}

/// The elements of byte array `a`.
fn bytes(vm: &Jvm, a: Ref) -> Option<&[i8]> {
    match &vm.state.heap.get(a)?.data {
        ObjData::Bytes(b) => Some(b),
        _ => None,
    }
}

/// Char `i` of a string value with `coder` (in range).
fn char_at(value: &[i8], coder: i32, i: usize) -> u16 {
    if coder == LATIN1 {
        u16::from(value[i] as u8)
    } else {
        u16::from_le_bytes([value[2 * i] as u8, value[2 * i + 1] as u8])
    }
}

/// A receiver's `value` and `coder`, reported read; `None` declines.
fn read_string<M: Machine>(vm: &mut Vm<M>, s: Ref) -> Result<(Ref, i32), NativeExit> {
    let Some(parts) = string_parts(vm, s) else {
        return decline();
    };
    M::read(vm, s);
    Ok(parts)
}

fn string_coder<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (_, coder) = read_string(vm, a.obj(0))?;
    Ok(Value::Int(coder))
}

fn string_is_latin1<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (_, coder) = read_string(vm, a.obj(0))?;
    Ok(jbool(coder == LATIN1))
}

fn string_length<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (value, coder) = read_string(vm, a.obj(0))?;
    // An array's length never changes: reading it is no access.
    let Some(b) = bytes(vm, value) else {
        return decline();
    };
    Ok(Value::Int((b.len() >> coder) as i32))
}

fn string_char_at<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (value, coder) = read_string(vm, a.obj(0))?;
    let Some(b) = bytes(vm, value) else {
        return decline();
    };
    let Ok(i) = usize::try_from(a.int(1)) else {
        return decline();
    };
    if i >= b.len() >> coder {
        return decline();
    }
    let c = char_at(b, coder, i);
    M::read(vm, value);
    Ok(Value::Int(i32::from(c)))
}

fn string_hash_code<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let s = a.obj(0);
    let k = &vm.known;
    let (hash_slot, zero_slot) = (k.string_hash, k.string_hash_is_zero);
    let Some(fields) = vm.state.heap.get(s).map(|o| o.fields()) else {
        return decline();
    };
    let (Some(hash), Some(is_zero)) = (
        fields.get(hash_slot as usize).copied(),
        fields.get(zero_slot as usize).copied(),
    ) else {
        return decline();
    };
    let (value, coder) = read_string(vm, s)?;
    if hash.as_int() != 0 || is_zero.as_int() != 0 {
        return Ok(Value::Int(hash.as_int()));
    }
    let Some(b) = bytes(vm, value) else {
        return decline();
    };
    let h = (0..b.len() >> coder).fold(0i32, |h, i| {
        h.wrapping_mul(31)
            .wrapping_add(i32::from(char_at(b, coder, i)))
    });
    M::read(vm, value);
    let (slot, old, new) = if h == 0 {
        (zero_slot, is_zero, Value::Int(1))
    } else {
        (hash_slot, hash, Value::Int(h))
    };
    vm.state.heap.write_field(s, slot, new);
    M::stored(vm, s, old, new);
    Ok(Value::Int(h))
}

fn string_equals<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (s, other) = (a.obj(0), a.obj(1));
    if s == other {
        return Ok(jbool(true));
    }
    // `instanceof String` (String is final): the class, which never changes, decides.
    if other.is_null() || vm.class_of(other) != Some(vm.known.string) {
        return Ok(jbool(false));
    }
    let (v1, c1) = read_string(vm, s)?;
    let (v2, c2) = read_string(vm, other)?;
    if c1 != c2 {
        return Ok(jbool(false));
    }
    let (Some(b1), Some(b2)) = (bytes(vm, v1), bytes(vm, v2)) else {
        return decline();
    };
    let equal = b1 == b2;
    M::read(vm, v1);
    M::read(vm, v2);
    Ok(jbool(equal))
}

fn string_compare_to<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (s, other) = (a.obj(0), a.obj(1));
    if other.is_null() {
        return decline();
    }
    let (v1, c1) = read_string(vm, s)?;
    let (v2, c2) = read_string(vm, other)?;
    let (Some(b1), Some(b2)) = (bytes(vm, v1), bytes(vm, v2)) else {
        return decline();
    };
    // Every coder pairing of the JDK's compareTo returns the difference of the first
    // differing chars, else of the lengths.
    let (n1, n2) = (b1.len() >> c1, b2.len() >> c2);
    let order = (0..n1.min(n2))
        .map(|i| (char_at(b1, c1, i), char_at(b2, c2, i)))
        .find(|(x, y)| x != y)
        .map_or(n1 as i32 - n2 as i32, |(x, y)| i32::from(x) - i32::from(y));
    M::read(vm, v1);
    M::read(vm, v2);
    Ok(Value::Int(order))
}

/// `String(byte[] value, byte coder)`, the constructor of strings made from a buffer the
/// caller gives up.
fn string_init<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (s, value, coder) = (a.obj(0), a.obj(1), a.int(2));
    let k = &vm.known;
    let (value_slot, coder_slot) = (k.string_value, k.string_coder);
    set_fields(
        vm,
        s,
        &[
            (value_slot, Value::Ref(value)),
            (coder_slot, Value::Int(coder)),
        ],
    )?;
    Ok(Value::Void)
}

/// Stores `values` into fields of `obj` by slot (as `putfield`s would, reported to the
/// memory hooks); declines before storing anything if `obj` lacks one of them.
fn set_fields<M: Machine>(
    vm: &mut Vm<M>,
    obj: Ref,
    values: &[(u32, Value)],
) -> Result<(), NativeExit> {
    let Some(fields) = vm.state.heap.get(obj).map(|o| o.fields()) else {
        return decline();
    };
    let Some(old) = values
        .iter()
        .map(|&(slot, _)| fields.get(slot as usize).copied())
        .collect::<Option<SmallVec<[Value; 4]>>>()
    else {
        return decline();
    };
    for (&(slot, new), old) in values.iter().zip(old) {
        vm.state.heap.write_field(obj, slot, new);
        M::stored(vm, obj, old, new);
    }
    Ok(())
}

/// `latin1[from..to]` of a byte array, as `Arrays.copyOfRange` copies it, if the range lies
/// within the array (otherwise the bytecode pads or throws).
fn byte_range<M: Machine>(vm: &mut Vm<M>, array: Ref, from: i32, to: i32) -> Option<Box<[i8]>> {
    let b = bytes(vm, array)?;
    let (from, to) = (usize::try_from(from).ok()?, usize::try_from(to).ok()?);
    let range = b.get(from..to)?.into();
    M::read(vm, array);
    Some(range)
}

/// `Arrays.copyOfRange(byte[] original, int from, int to)`.
fn bytes_copy_of_range<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (original, from, to) = (a.obj(0), a.int(1), a.int(2));
    let (Some(class), Some(range)) = (vm.class_of(original), byte_range(vm, original, from, to))
    else {
        return decline();
    };
    Ok(Value::Ref(alloc(vm, exec, class, ObjData::Bytes(range))?))
}

/// `StringLatin1.toChars(byte[] value)` and `StringUTF16.toChars(byte[] value)` (what
/// `String.toCharArray` calls): a new `char[]` of the chars `value` holds in `coder` (a
/// trailing odd byte of a UTF-16 value is no char, as the bytecode's `length >> 1` says).
fn to_chars<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, value: Ref, coder: i32) -> NativeResult {
    enabled(vm)?;
    let Some(b) = bytes(vm, value) else {
        return decline();
    };
    let len = b.len() >> coder;
    if len > LONG_CHARS {
        return decline();
    }
    let chars: Box<[u16]> = (0..len).map(|i| char_at(b, coder, i)).collect();
    M::read(vm, value);
    let class = vm.known.char_array;
    Ok(Value::Ref(alloc(vm, exec, class, ObjData::Chars(chars))?))
}

/// `StringLatin1.newString(byte[] value, int index, int len)`: a new Latin-1 String of
/// `value[index..index + len]` (an empty one is the literal `""`: the bytecode returns it).
fn latin1_new_string<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    new_latin1_string(vm, exec, a.obj(0), a.int(1), a.int(2))
}

/// Which case [`latin1_to_case`] maps to.
#[derive(Clone, Copy)]
enum Case {
    Upper,
    Lower,
}

impl Case {
    /// What `CharacterDataLatin1` maps Latin-1 char `c` to (`toUpperCaseEx`, `toLowerCase`);
    /// `None` where that is no Latin-1 char: `\u00b5` and `\u00ff` have upper cases beyond
    /// Latin-1, and `\u00df` has none of one char (`Character.ERROR`).
    fn map(self, c: u8) -> Option<u8> {
        match (self, c) {
            (Case::Upper, b'a'..=b'z') => Some(c - 0x20),
            (Case::Upper, 0xb5 | 0xdf | 0xff) => None,
            (Case::Upper, 0xe0..=0xfe) if c != 0xf7 => Some(c - 0x20),
            (Case::Lower, b'A'..=b'Z') => Some(c + 0x20),
            (Case::Lower, 0xc0..=0xde) if c != 0xd7 => Some(c + 0x20),
            _ => Some(c),
        }
    }
}

/// `StringLatin1.toUpperCase(String str, byte[] value, Locale locale)` and `toLowerCase`
/// (what `String.toUpperCase()` and `toLowerCase()` of a Latin-1 string call): `str` itself
/// when no char changes, else a new Latin-1 String. Declines where the bytecode does more:
/// a null locale, the Turkish, Azeri and Lithuanian rules (`locale`'s language `tr`, `az`,
/// `lt`), a char whose case is beyond Latin-1, or `CharacterDataLatin1` not initialized yet
/// (the bytecode initializes it).
fn latin1_to_case<M: Machine>(
    vm: &mut Vm<M>,
    exec: &mut Exec,
    a: &[Value],
    case: Case,
) -> NativeResult {
    enabled(vm)?;
    let (s, value, locale) = (a.obj(0), a.obj(1), a.obj(2));
    let table = vm.classes.lookup("java/lang/CharacterDataLatin1");
    if locale.is_null() || table.is_none_or(|c| vm.class_state_of(c).init != InitState::Done) {
        return decline();
    }
    let Some(b) = bytes(vm, value) else {
        return decline();
    };
    let Some(first) = b.iter().position(|&c| case.map(c as u8) != Some(c as u8)) else {
        M::read(vm, value);
        return Ok(Value::Ref(s));
    };
    let mapped: Option<Box<[i8]>> = b
        .iter()
        .enumerate()
        .map(|(i, &c)| match i < first {
            true => Some(c),
            false => case.map(c as u8).map(|m| m as i8),
        })
        .collect();
    M::read(vm, value);
    let base = vm.field_by_name(locale, "baseLocale").as_ref();
    let language = vm.field_by_name(base, "language").as_ref();
    let Some((language_value, LATIN1)) = string_parts(vm, language) else {
        return decline();
    };
    let Some(code) = bytes(vm, language_value) else {
        return decline();
    };
    let special = matches!(code, [a, b] if matches!(
        [*a as u8, *b as u8],
        [b't', b'r'] | [b'a', b'z'] | [b'l', b't']
    ));
    for r in [locale, base, language, language_value] {
        M::read(vm, r);
    }
    match mapped {
        Some(mapped) if !special => new_string_of(vm, exec, mapped, LATIN1),
        _ => decline(),
    }
}

/// A new Latin-1 String of `value[index..index + len]`, as `StringLatin1.newString` makes
/// it (declining for an empty one, the literal `""`, and for a range beyond the array).
fn new_latin1_string<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    value: Ref,
    index: i32,
    len: i32,
) -> NativeResult {
    let Some(end) = index.checked_add(len) else {
        return decline();
    };
    let Some(range) = byte_range(vm, value, index, end).filter(|r| !r.is_empty()) else {
        return decline();
    };
    new_string_of(vm, exec, range, LATIN1)
}

/// A new String holding `value`, encoded in `coder` (declines where the heap has no room:
/// the bytecode then throws the `OutOfMemoryError`).
fn new_string_of<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    value: Box<[i8]>,
    coder: i32,
) -> NativeResult {
    let (string, byte_array) = (vm.known.string, vm.known.byte_array);
    let data = ObjData::Bytes(value);
    let fields = vm.classes.get(string).instance_defaults.len();
    room(vm, exec, data.footprint() + instance_footprint(fields))?;
    let bytes = vm.alloc(byte_array, data);
    let k = &vm.known;
    let (value_slot, coder_slot) = (k.string_value, k.string_coder);
    let s = vm.new_object_with(
        string,
        &[
            (value_slot, Value::Ref(bytes)),
            (coder_slot, Value::Int(coder)),
        ],
    );
    Ok(Value::Ref(s))
}

/// A string concatenation (`CallSite::Concat`) of `parts` with the call site's arguments
/// from entry `base` of `exec`'s stack: a new String, as `StringConcatFactory`'s code makes
/// it (always a new object, Latin-1 where every char fits). `None` declines (the generated
/// method runs): an argument is an object other than a String, or a String longer than
/// [`LONG_STRING`] chars, or intrinsics are off.
pub(crate) fn concat<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    parts: &[ConcatPart],
    base: usize,
) -> Option<Value> {
    if !M::intrinsics(vm) {
        return None;
    }
    let args = exec.stack.get(base..)?;
    let arg = |entry: u16| args.get(usize::from(entry)).copied();
    // First the length and coder, declining before anything is read or written.
    let (mut len, mut latin1) = (0usize, true);
    for part in parts {
        match *part {
            ConcatPart::Text {
                ref units,
                latin1: l,
            } => {
                len += units.len();
                latin1 &= l;
            }
            ConcatPart::Arg { entry, kind } => {
                let v = arg(entry)?;
                len += match kind {
                    ConcatArg::Boolean => 5 - usize::from(v.as_int() != 0),
                    ConcatArg::Char => {
                        latin1 &= v.as_int() as u16 <= 0xFF;
                        1
                    }
                    ConcatArg::Int => decimal_size(i64::from(v.as_int())) as usize,
                    ConcatArg::Long => decimal_size(v.as_long()) as usize,
                    ConcatArg::Reference => {
                        let r = v.as_ref();
                        if r.is_null() {
                            4
                        } else {
                            if vm.class_of(r) != Some(vm.known.string) {
                                return None;
                            }
                            let (value, coder) = string_parts(vm, r)?;
                            let chars = bytes(vm, value)?.len() >> coder;
                            if chars > LONG_STRING {
                                return None;
                            }
                            latin1 &= coder == LATIN1;
                            chars
                        }
                    }
                };
            }
        }
    }
    let coder = if latin1 { LATIN1 } else { UTF16 };
    let mut out: Vec<i8> = Vec::with_capacity(len << coder);
    let put = |out: &mut Vec<i8>, unit: u16| {
        if latin1 {
            out.push(unit as u8 as i8);
        } else {
            out.extend(unit.to_le_bytes().map(|b| b as i8));
        }
    };
    for part in parts {
        match *part {
            ConcatPart::Text { ref units, .. } => units.iter().for_each(|&u| put(&mut out, u)),
            ConcatPart::Arg { entry, kind } => {
                let v = arg(entry)?;
                let mut text = [0; 20];
                let ascii: &[u8] = match kind {
                    ConcatArg::Boolean if v.as_int() != 0 => b"true",
                    ConcatArg::Boolean => b"false",
                    ConcatArg::Char => {
                        put(&mut out, v.as_int() as u16);
                        continue;
                    }
                    ConcatArg::Int => decimal(i64::from(v.as_int()), &mut text),
                    ConcatArg::Long => decimal(v.as_long(), &mut text),
                    ConcatArg::Reference if v.as_ref().is_null() => b"null",
                    ConcatArg::Reference => {
                        let s = v.as_ref();
                        let (value, coder) = string_parts(vm, s)?;
                        M::read(vm, s);
                        M::read(vm, value);
                        let source = bytes(vm, value)?;
                        // A UTF-16 String made the result UTF-16 (the first pass), so only a
                        // Latin-1 one in a UTF-16 result needs widening.
                        if coder == UTF16 || latin1 {
                            out.extend_from_slice(source);
                        } else {
                            source
                                .iter()
                                .for_each(|&b| put(&mut out, u16::from(b as u8)));
                        }
                        continue;
                    }
                };
                ascii.iter().for_each(|&b| put(&mut out, u16::from(b)));
            }
        }
    }
    debug_assert_eq!(out.len(), len << coder);
    new_string_of(vm, exec, out.into_boxed_slice(), coder).ok()
}

/// `AbstractStringBuilder(int capacity)`: an empty Latin-1 buffer of `capacity` bytes.
fn builder_init<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    init_builder(vm, exec, a.obj(0), a.int(1))
}

/// `StringBuilder()`: `super(16)`.
fn string_builder_init<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    init_builder(vm, exec, a.obj(0), 16)
}

/// Gives builder `sb` an empty Latin-1 buffer of `capacity` bytes.
fn init_builder<M: Machine>(vm: &mut Vm<M>, exec: &Exec, sb: Ref, capacity: i32) -> NativeResult {
    let Ok(capacity) = usize::try_from(capacity) else {
        return decline();
    };
    let byte_array = vm.known.byte_array;
    let Ok(buffer) = vm.alloc_array(exec, byte_array, ElemKind::Byte, capacity) else {
        return decline();
    };
    let k = &vm.known;
    let (value_slot, coder_slot) = (k.builder_value, k.builder_coder);
    set_fields(
        vm,
        sb,
        &[
            (value_slot, Value::Ref(buffer)),
            (coder_slot, Value::Int(LATIN1)),
        ],
    )?;
    Ok(Value::Void)
}

/// `StringBuilder.toString()` of a Latin-1 builder: a new String of its chars.
fn string_builder_to_string<M: Machine>(
    vm: &mut Vm<M>,
    exec: &mut Exec,
    a: &[Value],
) -> NativeResult {
    enabled(vm)?;
    let sb = a.obj(0);
    let Some((value, LATIN1, count, _)) = builder_room(vm, sb, 0) else {
        return decline();
    };
    M::read(vm, sb);
    new_latin1_string(vm, exec, value, 0, count)
}

/// `String.compareTo(Object)`, the bridge `Comparable` callers reach: a cast to String, then
/// `compareTo(String)` (anything but a String declines: the cast throws).
fn string_compare_to_object<M: Machine>(
    vm: &mut Vm<M>,
    exec: &mut Exec,
    a: &[Value],
) -> NativeResult {
    if vm.class_of(a.obj(1)) != Some(vm.known.string) {
        return decline();
    }
    string_compare_to(vm, exec, a)
}

/// `AbstractStringBuilder.ensureCapacityInternal(int)` when the buffer is large enough
/// (growing it is left to the bytecode).
fn builder_ensure_capacity<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (sb, minimum) = (a.obj(0), a.int(1));
    let Some((value, coder)) = builder_parts(vm, sb) else {
        return decline();
    };
    let Some(capacity) = bytes(vm, value).map(|b| (b.len() >> coder) as i32) else {
        return decline();
    };
    if minimum.wrapping_sub(capacity) > 0 {
        return decline();
    }
    M::read(vm, sb);
    Ok(Value::Void)
}

/// `AbstractStringBuilder.isLatin1()`.
fn builder_is_latin1<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let sb = a.obj(0);
    let Some((_, coder)) = builder_parts(vm, sb) else {
        return decline();
    };
    M::read(vm, sb);
    Ok(jbool(coder == LATIN1))
}

/// A builder's `value`, `coder` and `count`, and the `count` that `extra` more chars make
/// if they fit its buffer (`None` declines: the bytecode grows the buffer).
fn builder_room(vm: &Jvm, sb: Ref, extra: i32) -> Option<(Ref, i32, i32, i32)> {
    // The builder's three fields from one lookup (every append starts here).
    let k = &vm.known;
    let fields = vm.state.heap.get(sb)?.fields();
    let (value, coder) = value_and_coder_in(fields, k.builder_value, k.builder_coder)?;
    let count = fields.get(k.builder_count as usize)?.as_int();
    let capacity = bytes(vm, value)?.len() >> coder;
    let end = count.checked_add(extra)?;
    (count >= 0 && end as usize <= capacity).then_some((value, coder, count, end))
}

/// Chars encoded for a buffer of `coder` (most appends are short: no allocation).
type Encoded = SmallVec<[i8; 64]>;

/// `units` encoded for a buffer of `coder` (Latin-1 only if they all fit).
fn encode(coder: i32, units: impl Iterator<Item = u16>) -> Encoded {
    if coder == LATIN1 {
        units.map(|u| u as u8 as i8).collect()
    } else {
        units.flat_map(u16::to_le_bytes).map(|b| b as i8).collect()
    }
}

/// Writes `encoded` (in the builder's coder) into the builder's buffer at `count` and moves
/// its `count` to `end`; returns the builder, as `append` does.
fn builder_put<M: Machine>(
    vm: &mut Vm<M>,
    sb: Ref,
    (value, coder, count, end): (Ref, i32, i32, i32),
    encoded: &[i8],
) -> NativeResult {
    let Some(ObjData::Bytes(buf)) = vm.state.heap.primitive_data_mut(value) else {
        return decline();
    };
    let at = (count as usize) << coder;
    buf[at..at + encoded.len()].copy_from_slice(encoded);
    M::stored_range(vm, value);
    let count_slot = vm.known.builder_count;
    vm.state.heap.write_field(sb, count_slot, Value::Int(end));
    M::stored(vm, sb, Value::Int(count), Value::Int(end));
    Ok(Value::Ref(sb))
}

fn append_string<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (sb, s) = (a.obj(0), a.obj(1));
    if s.is_null() {
        return decline();
    }
    let Some((value, coder)) = string_parts(vm, s) else {
        return decline();
    };
    // Long strings are left to the bytecode, whose cost is the copy itself: one instruction
    // must not write megabytes, or limits looked at every few thousand instructions
    // (`search.memory_limit`) would be overshot.
    let Some(source) = bytes(vm, value) else {
        return decline();
    };
    let len = source.len() >> coder;
    if len > LONG_STRING {
        return decline();
    }
    let Some(room) = builder_room(vm, sb, len as i32) else {
        return decline();
    };
    // A Latin-1 builder inflates for a UTF-16 string (it allocates): the bytecode does it.
    if room.1 == LATIN1 && coder == UTF16 {
        return decline();
    }
    let encoded: Encoded = if coder == room.1 {
        source[..len << coder].iter().copied().collect()
    } else {
        encode(room.1, (0..len).map(|i| char_at(source, coder, i)))
    };
    M::read(vm, s);
    M::read(vm, value);
    builder_put(vm, sb, room, &encoded)
}

fn append_char<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    enabled(vm)?;
    let (sb, c) = (a.obj(0), a.int(1) as u16);
    let Some(room) = builder_room(vm, sb, 1) else {
        return decline();
    };
    if room.1 == LATIN1 && c > 0xFF {
        return decline();
    }
    builder_put(vm, sb, room, &encode(room.1, std::iter::once(c)))
}

fn append_int<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    append_decimal(vm, a.obj(0), i64::from(a.int(1)))
}

fn append_long<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    append_decimal(vm, a.obj(0), a.long(1))
}

/// `append(int)` and `append(long)`: the decimal digits of `n`.
fn append_decimal<M: Machine>(vm: &mut Vm<M>, sb: Ref, n: i64) -> NativeResult {
    enabled(vm)?;
    let mut text = [0; 20];
    let digits = decimal(n, &mut text);
    let Some(room) = builder_room(vm, sb, digits.len() as i32) else {
        return decline();
    };
    builder_put(
        vm,
        sb,
        room,
        &encode(room.1, digits.iter().map(|&d| u16::from(d))),
    )
}

/// `n` in decimal, as `Integer.toString`/`Long.toString` write it, at the end of `text`.
fn decimal(n: i64, text: &mut [u8; 20]) -> &[u8] {
    let mut at = text.len();
    let mut m = n.unsigned_abs();
    loop {
        at -= 1;
        text[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        at -= 1;
        text[at] = b'-';
    }
    &text[at..]
}

/// `Integer.stringSize`/`Long.stringSize`: the chars `n` takes in decimal.
fn decimal_size(n: i64) -> i32 {
    let digits = n.unsigned_abs().checked_ilog10().map_or(1, |l| l + 1) as i32;
    digits + i32::from(n < 0)
}

/// `Integer.getChars`/`Long.getChars(n, index, buf)`: the Latin-1 digits of `n` end at
/// `index` of `buf`; returns where they start.
fn get_chars<M: Machine>(vm: &mut Vm<M>, n: i64, index: i32, buf: Ref) -> NativeResult {
    enabled(vm)?;
    let mut text = [0; 20];
    let digits = decimal(n, &mut text);
    let Some(len) = bytes(vm, buf).map(<[i8]>::len) else {
        return decline();
    };
    let (Ok(end), Some(start)) = (
        usize::try_from(index),
        index.checked_sub(digits.len() as i32),
    ) else {
        return decline();
    };
    if start < 0 || end > len {
        return decline();
    }
    let Some(ObjData::Bytes(b)) = vm.state.heap.primitive_data_mut(buf) else {
        return decline();
    };
    for (slot, &d) in b[start as usize..end].iter_mut().zip(digits) {
        *slot = d as i8;
    }
    M::stored_range(vm, buf);
    Ok(Value::Int(start))
}
