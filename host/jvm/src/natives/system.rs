//! Natives of java.lang.System, the JDK's system-property bootstrap and its performance
//! counters.

use crate::flow::{NativeExit, NativeResult};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{string_arg, throw, Args};
use crate::thread::Exec;
use crate::value::{ElemKind, Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add("java/lang/System", "registerNatives", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(
        "java/lang/System",
        "setIn0",
        "(Ljava/io/InputStream;)V",
        |vm, _, a| set_stream(vm, "in", a.obj(0)),
    );
    r.add(
        "java/lang/System",
        "setOut0",
        "(Ljava/io/PrintStream;)V",
        |vm, _, a| set_stream(vm, "out", a.obj(0)),
    );
    r.add(
        "java/lang/System",
        "setErr0",
        "(Ljava/io/PrintStream;)V",
        |vm, _, a| set_stream(vm, "err", a.obj(0)),
    );
    r.add(
        "java/lang/System",
        "currentTimeMillis",
        "()J",
        |vm, _, _| Ok(Value::Long(vm.now_epoch_ms())),
    );
    r.add("java/lang/System", "nanoTime", "()J", |vm, _, _| {
        Ok(Value::Long(vm.now_ns() as i64))
    });
    r.add(
        "java/lang/System",
        "identityHashCode",
        "(Ljava/lang/Object;)I",
        |vm, _, a| Ok(Value::Int(vm.identity_hash(a.obj(0)))),
    );
    r.add(
        "java/lang/System",
        "mapLibraryName",
        "(Ljava/lang/String;)Ljava/lang/String;",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(0))?;
            Ok(Value::Ref(vm.new_string(&format!("lib{name}.so"))))
        },
    );
    r.add(
        "java/lang/System",
        "arraycopy",
        "(Ljava/lang/Object;ILjava/lang/Object;II)V",
        arraycopy,
    )
    // It reports the range it stores and the source it reads through the machine's hooks.
    .tracked = true;
    r.add(
        "java/util/TimeZone",
        "getSystemTimeZoneID",
        "(Ljava/lang/String;)Ljava/lang/String;",
        |vm, _, _| Ok(system_time_zone().map_or(Value::NULL, |id| Value::Ref(vm.new_string(&id)))),
    );
    r.add("java/lang/ProcessEnvironment", "environ", "()[[B", environ);
    r.add(
        "jdk/internal/util/SystemProps$Raw",
        "vmProperties",
        "()[Ljava/lang/String;",
        vm_properties,
    );
    r.add(
        "jdk/internal/util/SystemProps$Raw",
        "platformProperties",
        "()[Ljava/lang/String;",
        platform_properties,
    );
    // jdk.internal.perf: counters the class library keeps (class loading times) live in a
    // ByteBuffer over rpf's heap, not in shared memory.
    r.add(
        "jdk/internal/perf/Perf",
        "createLong",
        "(Ljava/lang/String;IIJ)Ljava/nio/ByteBuffer;",
        create_perf_long,
    );
}

fn set_stream<M: Machine>(vm: &mut Vm<M>, name: &str, stream: Ref) -> NativeResult {
    if let Some(system) = vm.classes.lookup("java/lang/System") {
        if let Some(slot) = vm.classes.get(system).field_named(name).map(|f| f.slot) {
            let statics = vm.statics(system);
            vm.set_field(statics, slot, Value::Ref(stream));
        }
    }
    Ok(Value::Void)
}

fn string_array<M: Machine>(vm: &mut Vm<M>, items: &[Option<String>]) -> NativeResult {
    let class = vm
        .classes
        .load("[Ljava/lang/String;")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let strings: Vec<Ref> = items
        .iter()
        .map(|item| item.as_ref().map_or(Ref::NULL, |text| vm.new_string(text)))
        .collect();
    Ok(Value::Ref(vm.new_array_of(class, &strings)))
}

fn vm_properties<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    let mut items: Vec<Option<String>> = Vec::new();
    for (k, v) in vm.system_properties.clone() {
        items.push(Some(k));
        items.push(Some(v));
    }
    items.push(None);
    string_array(vm, &items)
}

/// The locale as Java derives it from the POSIX environment: (language, country, encoding).
pub fn posix_locale() -> (String, Option<String>, String) {
    let value = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .unwrap_or_else(|| "C".to_string());
    let (base, encoding) = match value.split_once('.') {
        Some((b, e)) => (
            b.to_string(),
            Some(e.split('@').next().unwrap_or(e).to_string()),
        ),
        None => (value.split('@').next().unwrap_or("C").to_string(), None),
    };
    let encoding = match encoding.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("utf-8") | Some("utf8") => "UTF-8".to_string(),
        Some(other) => other.to_ascii_uppercase(),
        None if base == "C" || base == "POSIX" => "ANSI_X3.4-1968".to_string(),
        None => "ISO-8859-1".to_string(),
    };
    if base == "C" || base == "POSIX" {
        return ("en".to_string(), None, encoding);
    }
    match base.split_once('_') {
        Some((l, c)) => (l.to_string(), Some(c.to_string()), encoding),
        None => (base, None, encoding),
    }
}

fn platform_properties<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    let raw = vm
        .classes
        .load("jdk/internal/util/SystemProps$Raw")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let index = |vm: &mut Vm<M>, name: &str| -> Option<usize> {
        usize::try_from(vm.static_by_name(raw, name).as_int()).ok()
    };
    let length = index(vm, "FIXED_LENGTH").unwrap_or(0);
    let mut items: Vec<Option<String>> = vec![None; length];
    let (language, country, encoding) = posix_locale();
    let os_version = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unknown".into());
    let home = std::env::var("HOME").unwrap_or_else(|_| "?".into());
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| {
            if home == "/root" {
                "root".into()
            } else {
                "?".into()
            }
        });
    let cwd = std::env::current_dir()
        .map(|d| d.display().to_string())
        .unwrap_or_else(|_| "?".into());
    let values: Vec<(&str, Option<String>)> = vec![
        ("_display_language_NDX", Some(language.clone())),
        ("_format_language_NDX", Some(language)),
        ("_display_country_NDX", country.clone()),
        ("_format_country_NDX", country),
        ("_file_encoding_NDX", Some(encoding.clone())),
        ("_sun_jnu_encoding_NDX", Some(encoding)),
        ("_file_separator_NDX", Some("/".into())),
        ("_path_separator_NDX", Some(":".into())),
        ("_line_separator_NDX", Some("\n".into())),
        ("_java_io_tmpdir_NDX", Some("/tmp".into())),
        (
            "_os_arch_NDX",
            Some(std::env::consts::ARCH.replace("x86_64", "amd64")),
        ),
        ("_os_name_NDX", Some("Linux".into())),
        ("_os_version_NDX", Some(os_version)),
        ("_sun_arch_data_model_NDX", Some("64".into())),
        ("_sun_cpu_endian_NDX", Some("little".into())),
        ("_sun_cpu_isalist_NDX", Some(String::new())),
        ("_sun_io_unicode_encoding_NDX", Some("UnicodeLittle".into())),
        ("_user_dir_NDX", Some(cwd)),
        ("_user_home_NDX", Some(home)),
        ("_user_name_NDX", Some(user)),
    ];
    for (name, value) in values {
        if let Some(i) = index(vm, name) {
            if let Some(slot) = items.get_mut(i) {
                *slot = value;
            }
        }
    }
    string_array(vm, &items)
}

fn arraycopy<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let (src, src_pos, dst, dst_pos, len) = (a.obj(0), a.int(1), a.obj(2), a.int(3), a.int(4));
    M::read(vm, src);
    M::stored_range(vm, dst);
    let (Some(s), Some(d)) = (vm.state.heap.get(src), vm.state.heap.get(dst)) else {
        return super::support::npe();
    };
    let describe = |vm: &Jvm, c| vm.classes.get(c).java_name();
    let (s_kind, d_kind) = (s.data.elem_kind(), d.data.elem_kind());
    let (s_class, d_class) = (s.class, d.class);
    let (Some(sk), Some(dk)) = (s_kind, d_kind) else {
        let which = if s_kind.is_none() {
            "source"
        } else {
            "destination"
        };
        let c = if s_kind.is_none() { s_class } else { d_class };
        return throw(
            "java/lang/ArrayStoreException",
            format!(
                "arraycopy: {which} type {} is not an array",
                describe(vm, c)
            ),
        );
    };
    if sk != dk && (sk == crate::value::ElemKind::Ref || dk == crate::value::ElemKind::Ref) {
        let message = if dk == crate::value::ElemKind::Ref {
            format!(
                "arraycopy: type mismatch: can not copy {}[] into object array[]",
                kind_name(sk)
            )
        } else {
            format!(
                "arraycopy: type mismatch: can not copy object array[] into {}[]",
                kind_name(dk)
            )
        };
        return throw("java/lang/ArrayStoreException", message);
    }
    if sk != dk {
        return throw(
            "java/lang/ArrayStoreException",
            format!(
                "arraycopy: type mismatch: can not copy {}[] into {}[]",
                kind_name(sk),
                kind_name(dk)
            ),
        );
    }
    let (s_len, d_len) = (
        s.data.array_len().unwrap_or(0),
        d.data.array_len().unwrap_or(0),
    );
    if src_pos < 0 {
        return throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            format!(
                "arraycopy: source index {src_pos} out of bounds for {}",
                bounds_desc(vm, sk, s_len)
            ),
        );
    }
    if dst_pos < 0 {
        return throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            format!(
                "arraycopy: destination index {dst_pos} out of bounds for {}",
                bounds_desc(vm, dk, d_len)
            ),
        );
    }
    if len < 0 {
        return throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            format!("arraycopy: length {len} is negative"),
        );
    }
    let (sp, dp, n) = (src_pos as usize, dst_pos as usize, len as usize);
    if sp + n > s_len {
        return throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            format!(
                "arraycopy: last source index {} out of bounds for {}",
                sp + n,
                bounds_desc(vm, sk, s_len)
            ),
        );
    }
    if dp + n > d_len {
        return throw(
            "java/lang/ArrayIndexOutOfBoundsException",
            format!(
                "arraycopy: last destination index {} out of bounds for {}",
                dp + n,
                bounds_desc(vm, dk, d_len)
            ),
        );
    }
    if n == 0 {
        return Ok(Value::Void);
    }
    if !vm.state.heap_attrs.is_empty() {
        // Plugin attributes (symbolic values) travel with the elements.
        vm.state
            .heap_attrs
            .copy_range(src, sp as u32, dst, dp as u32, n as u32);
    }
    if sk == crate::value::ElemKind::Ref {
        return copy_refs(vm, src, sp, dst, dp, n);
    }
    if src == dst {
        let data = vm
            .state
            .heap
            .primitive_data_mut(dst)
            .ok_or(NativeExit::ThrowNew("java/lang/NullPointerException", None))?;
        macro_rules! within {
            ($($v:ident),*) => {
                match data {
                    $(ObjData::$v(x) => x.copy_within(sp..sp + n, dp),)*
                    _ => {}
                }
            };
        }
        within!(Booleans, Bytes, Chars, Shorts, Ints, Longs, Floats, Doubles);
        return Ok(Value::Void);
    }
    // Only the elements copied leave the source (the ranges were checked above).
    let Some(source) = vm
        .state
        .heap
        .get(src)
        .map(|o| o.data.primitive_range(sp, n))
    else {
        return super::support::npe();
    };
    let Some(source) = source else {
        return Err(NativeExit::ThrowNew(
            "java/lang/OutOfMemoryError",
            Some("Java heap space".into()),
        ));
    };
    let Some(target) = vm.state.heap.primitive_data_mut(dst) else {
        return super::support::npe();
    };
    macro_rules! copy {
        ($($v:ident),*) => {
            match (&source, target) {
                $((ObjData::$v(s), ObjData::$v(d)) => d[dp..dp + n].copy_from_slice(s),)*
                _ => {}
            }
        };
    }
    copy!(Booleans, Bytes, Chars, Shorts, Ints, Longs, Floats, Doubles);
    Ok(Value::Void)
}

fn kind_name(k: crate::value::ElemKind) -> &'static str {
    use crate::value::ElemKind::*;
    match k {
        Boolean => "boolean",
        Char => "char",
        Float => "float",
        Double => "double",
        Byte => "byte",
        Short => "short",
        Int => "int",
        Long => "long",
        Ref => "object array",
    }
}

fn bounds_desc(_vm: &Jvm, k: crate::value::ElemKind, len: usize) -> String {
    if k == crate::value::ElemKind::Ref {
        format!("object array[{len}]")
    } else {
        format!("{}[{len}]", kind_name(k))
    }
}

/// Reference arrays copy element by element with a store check when types differ.
fn copy_refs<M: Machine>(
    vm: &mut Vm<M>,
    src: Ref,
    sp: usize,
    dst: Ref,
    dp: usize,
    n: usize,
) -> NativeResult {
    let items: Vec<Ref> = match vm.state.heap.get(src).map(|o| &o.data) {
        Some(ObjData::Refs(source)) => source[sp..sp + n].to_vec(),
        _ => return super::support::npe(),
    };
    let (s_class, d_class) = (vm.class_of(src), vm.class_of(dst));
    let component = d_class.and_then(|c| match vm.classes.get(c).kind {
        crate::class::ClassKind::Array { component, .. } => Some(component),
        _ => None,
    });
    let needs_check = s_class != d_class;
    let mut copied = 0;
    let mut failure = None;
    for &item in &items {
        if needs_check && !item.is_null() {
            let ic = vm.class_of(item);
            if let (Some(ic), Some(comp)) = (ic, component) {
                if !vm.classes.is_assignable(ic, comp) {
                    failure = Some((ic, comp));
                    break;
                }
            }
        }
        copied += 1;
    }
    // From the copy taken above (so overlapping ranges copy as if through a temporary
    // array), keeping the heap's reference-graph hash exact.
    let copied = &items[..copied];
    vm.state.heap.store_refs(dst, dp, copied);
    M::stored_refs(vm, dst, copied);
    if let Some((ic, comp)) = failure {
        let message = format!(
            "arraycopy: element type mismatch: can not cast one of the elements of {}[] to the type of the destination array, {}",
            vm.classes.get(vm.class_of(src).unwrap_or(ic)).java_name().trim_start_matches("[L").trim_end_matches(';'),
            vm.classes.get(comp).java_name()
        );
        return throw("java/lang/ArrayStoreException", message);
    }
    Ok(Value::Void)
}

/// Where the platform keeps its time zone database.
const ZONEINFO: &str = "/usr/share/zoneinfo/";

/// The platform's time zone as HotSpot finds it on Linux: `TZ` (a leading `:` dropped, a
/// path into the zone database read as the zone's name), else the first line of
/// `/etc/timezone`, else the zone `/etc/localtime` links to; `None` leaves Java to use GMT.
fn system_time_zone() -> Option<String> {
    let named = |id: &str| {
        let id = id.trim().trim_start_matches(':');
        let id = id.strip_prefix(ZONEINFO).unwrap_or(id);
        (!id.is_empty()).then(|| id.to_string())
    };
    if let Some(id) = std::env::var("TZ").ok().as_deref().and_then(named) {
        return Some(id);
    }
    if let Some(id) = std::fs::read_to_string("/etc/timezone")
        .ok()
        .as_deref()
        .and_then(|text| text.lines().next())
        .and_then(named)
    {
        return Some(id);
    }
    let link = std::fs::read_link("/etc/localtime").ok()?;
    let link = link.to_string_lossy();
    link.split_once("zoneinfo/").and_then(|(_, id)| named(id))
}

/// `ProcessEnvironment.environ`: the environment rpf was started with, as alternating
/// name and value byte arrays (a program under the checker sees the same on every path).
fn environ<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    use std::os::unix::ffi::OsStrExt;
    let outer = vm
        .classes
        .load("[[B")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let byte_array = vm.known.byte_array;
    let mut items = Vec::new();
    for (name, value) in std::env::vars_os() {
        for part in [name.as_bytes(), value.as_bytes()] {
            let data = ObjData::Bytes(part.iter().map(|&b| b as i8).collect());
            items.push(vm.alloc(byte_array, data));
        }
    }
    Ok(Value::Ref(vm.new_array_of(outer, &items)))
}

/// `Perf.createLong`: a counter, as an 8-byte heap `ByteBuffer` holding `value` in native
/// (little-endian) order. HotSpot maps its performance-data memory; nothing outside the
/// program reads rpf's counters.
fn create_perf_long<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let value = a.long(4);
    let buffer_class = match vm.classes.load("java/nio/HeapByteBuffer") {
        Ok(c) => c,
        Err(e) => return Err(NativeExit::ThrowNew(e.error_class, Some(e.message))),
    };
    crate::natives::support::initialized_first(vm, exec, buffer_class)?;
    let array_class = match vm.classes.load("[B") {
        Ok(c) => c,
        Err(e) => return Err(NativeExit::ThrowNew(e.error_class, Some(e.message))),
    };
    let array = vm
        .alloc_array(exec, array_class, ElemKind::Byte, 8)
        .map_err(|_| NativeExit::ThrowNew("java/lang/OutOfMemoryError", None))?;
    for (i, b) in value.to_le_bytes().into_iter().enumerate() {
        vm.state
            .heap
            .store_element(array, i, Value::Int(i32::from(b as i8)));
    }
    let buffer = vm.new_object(buffer_class);
    for (field, v) in [
        ("mark", Value::Int(-1)),
        ("position", Value::Int(0)),
        ("limit", Value::Int(8)),
        ("capacity", Value::Int(8)),
        ("address", Value::Long(super::unsafe_::ARRAY_BASE)),
        ("hb", Value::Ref(array)),
        ("offset", Value::Int(0)),
        ("isReadOnly", Value::Int(0)),
        ("bigEndian", Value::Int(1)),
        ("nativeByteOrder", Value::Int(0)),
    ] {
        vm.set_field_by_name(buffer, field, v);
    }
    Ok(Value::Ref(buffer))
}
