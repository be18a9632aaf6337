//! `java.lang.invoke` support: member resolution for `MethodHandles.Lookup` (so the JDK can
//! build its VarHandle objects) and direct execution of VarHandle access modes.
//!
//! A VarHandle call such as `VALUE.compareAndSet(this, expect, update)` is signature
//! polymorphic. HotSpot links it through generated lambda forms; rpf instead reads the
//! VarHandle object the JDK built (its kind — instance field, static field or array — and
//! its offset fields) and performs the access with the same operations as `Unsafe`.

use super::registry::NativeRegistry;
use super::support::{class_arg, string_arg, Args};
use super::unsafe_::{get, put, Access};
use crate::class::{ClassId, ClassKind, MethodId};
use crate::classfile::{access, descriptor, FieldType};
use crate::flow::{Flow, NativeExit, NativeResult, Unsupported};
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::{Jvm, Vm};
use smallvec::SmallVec;

const MN_IS_METHOD: i32 = 0x0001_0000;
const MN_IS_CONSTRUCTOR: i32 = 0x0002_0000;
const MN_IS_FIELD: i32 = 0x0004_0000;
const MN_TRUSTED_FINAL: i32 = 0x0020_0000;
const MN_REFERENCE_KIND_SHIFT: i32 = 24;

/// Method handle reference kinds (JVMS 4.4.8) a MemberName's flags carry.
pub(crate) const REF_INVOKE_VIRTUAL: i32 = 5;
pub(crate) const REF_INVOKE_STATIC: i32 = 6;
pub(crate) const REF_INVOKE_SPECIAL: i32 = 7;
pub(crate) const REF_NEW_INVOKE_SPECIAL: i32 = 8;
pub(crate) const REF_INVOKE_INTERFACE: i32 = 9;

/// The reference kind a direct call of a method with access flags `access` takes.
pub(crate) fn invoke_kind(access: i32, constructor: bool, interface: bool) -> i32 {
    if access & i32::from(access::STATIC) != 0 {
        REF_INVOKE_STATIC
    } else if constructor || access & i32::from(access::PRIVATE) != 0 {
        REF_INVOKE_SPECIAL
    } else if interface {
        REF_INVOKE_INTERFACE
    } else {
        REF_INVOKE_VIRTUAL
    }
}

/// Names method or constructor `name`/`desc` of `class` in `member` (a MemberName) in full,
/// with access flags `access` and reference kind `ref_kind`: rpf has no lazy `expand`.
pub(crate) fn fill_method_member<M: Machine>(
    vm: &mut Vm<M>,
    member: Ref,
    class: ClassId,
    (name, desc): (&str, &str),
    access: i32,
    ref_kind: i32,
) {
    let kind = if name == "<init>" {
        MN_IS_CONSTRUCTOR
    } else {
        MN_IS_METHOD
    };
    let mirror = vm.mirror(class);
    let name = vm.new_string(name);
    let desc = vm.new_string(desc);
    vm.set_field_by_name(member, "clazz", Value::Ref(mirror));
    vm.set_field_by_name(member, "name", Value::Ref(name));
    vm.set_field_by_name(member, "type", Value::Ref(desc));
    vm.set_field_by_name(
        member,
        "flags",
        Value::Int(access | kind | (ref_kind << MN_REFERENCE_KIND_SHIFT)),
    );
}

/// The storage a VarHandle addresses.
enum Target {
    Instance { offset: i64 },
    Static { base: Ref, offset: i64 },
    Array { abase: i64, ashift: i64 },
}

fn access_of(class_name: &str) -> Option<Access> {
    let kind = class_name
        .strip_prefix("java/lang/invoke/VarHandle")?
        .split('$')
        .next()?;
    Some(match kind {
        "Ints" => Access::Int,
        "Longs" => Access::Long,
        "References" => Access::Ref,
        "Booleans" => Access::Boolean,
        "Bytes" => Access::Byte,
        "Shorts" => Access::Short,
        "Chars" => Access::Char,
        "Floats" => Access::Float,
        "Doubles" => Access::Double,
        _ => return None,
    })
}

fn field_type_class<M: Machine>(vm: &mut Vm<M>, mirror: Ref) -> Option<ClassId> {
    vm.class_of_mirror(mirror)
}

/// Registers the MethodHandleNatives entry points the JDK's Lookup uses.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    const N: &str = "java/lang/invoke/MethodHandleNatives";
    r.add(
        N,
        "resolve",
        "(Ljava/lang/invoke/MemberName;Ljava/lang/Class;IZ)Ljava/lang/invoke/MemberName;",
        resolve_member,
    );
    r.add(
        N,
        "objectFieldOffset",
        "(Ljava/lang/invoke/MemberName;)J",
        |vm, _, a| field_offset(vm, a.obj(0)),
    );
    r.add(
        N,
        "staticFieldOffset",
        "(Ljava/lang/invoke/MemberName;)J",
        |vm, _, a| field_offset(vm, a.obj(0)),
    );
    r.add(
        N,
        "staticFieldBase",
        "(Ljava/lang/invoke/MemberName;)Ljava/lang/Object;",
        |vm, _, a| {
            let mirror = vm.field_by_name(a.obj(0), "clazz").as_ref();
            let c = class_arg(vm, mirror)?;
            Ok(Value::Ref(vm.statics(c)))
        },
    );
    r.add(
        N,
        "init",
        "(Ljava/lang/invoke/MemberName;Ljava/lang/Object;)V",
        init_member,
    );
    r.add(N, "getNamedCon", "(I[Ljava/lang/Object;)I", |_, _, _| {
        Ok(Value::Int(0))
    });
    for name in ["setCallSiteTargetNormal", "setCallSiteTargetVolatile"] {
        r.add(
            N,
            name,
            "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V",
            |vm, _, a| {
                vm.set_field_by_name(a.obj(0), "target", Value::Ref(a.obj(1)));
                Ok(Value::Void)
            },
        );
    }
    r.add(
        "java/lang/invoke/MethodHandleNatives",
        "clearCallSiteContext",
        "(Ljava/lang/invoke/MethodHandleNatives$CallSiteContext;)V",
        |_, _, _| Ok(Value::Void),
    );
}

/// The slot of the field a resolved MemberName names.
fn field_offset<M: Machine>(vm: &mut Vm<M>, member: Ref) -> NativeResult {
    let mirror = vm.field_by_name(member, "clazz").as_ref();
    let c = class_arg(vm, mirror)?;
    let name = string_arg(vm, vm.field_by_name(member, "name").as_ref())?;
    match vm.classes.get(c).field_named(&name) {
        Some(f) => Ok(Value::Long(i64::from(f.slot))),
        None => Err(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some(format!("no field {name}")),
        )),
    }
}

/// The descriptor of a `java.lang.invoke.MethodType` object.
/// The field descriptor of the type a `Class` mirror stands for.
fn mirror_descriptor(vm: &Jvm, mirror: Ref) -> Option<String> {
    let c = vm.class_of_mirror(mirror)?;
    let cls = vm.classes.get(c);
    Some(match &cls.kind {
        ClassKind::Primitive(p) => p.to_string(),
        ClassKind::Array { .. } => cls.name.to_string(),
        ClassKind::Instance => format!("L{};", cls.name),
    })
}

/// The method descriptor of parameter types `ptypes` (a `Class[]`) and return type `rtype`.
pub(crate) fn signature_descriptor(vm: &Jvm, ptypes: Ref, rtype: Ref) -> Option<String> {
    let rtype = mirror_descriptor(vm, rtype)?;
    let n = vm.state.heap.get(ptypes)?.data.array_len()?;
    let mut params = String::new();
    for i in 0..n {
        let p = vm.state.heap.get(ptypes)?.data.load(i)?.as_ref();
        params.push_str(&mirror_descriptor(vm, p)?);
    }
    Some(format!("({params}){rtype}"))
}

/// A `MethodType` object's method descriptor.
pub(crate) fn method_type_descriptor(vm: &Jvm, mt: Ref) -> Option<String> {
    signature_descriptor(
        vm,
        vm.field_by_name(mt, "ptypes").as_ref(),
        vm.field_by_name(mt, "rtype").as_ref(),
    )
}

/// `MethodHandleNatives.init`: a MemberName for a reflected method or constructor
/// (`Lookup.unreflect`, `unreflectConstructor`), named and typed in full (rpf has no lazy
/// `expand`).
fn init_member<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let (member, reflected) = (a.obj(0), a.obj(1));
    let Some(kind) = vm
        .class_of(reflected)
        .map(|c| vm.classes.get(c).name.clone())
    else {
        return crate::natives::support::npe();
    };
    let constructor = match &*kind {
        "java/lang/reflect/Method" => false,
        "java/lang/reflect/Constructor" => true,
        _ => {
            return Err(NativeExit::Unsupported(Unsupported::Feature(format!(
                "MethodHandle of a {}",
                kind.replace('/', ".")
            ))))
        }
    };
    let mirror = vm.field_by_name(reflected, "clazz").as_ref();
    let class = class_arg(vm, mirror)?;
    let ptypes = vm.field_by_name(reflected, "parameterTypes").as_ref();
    let rtype = if constructor {
        let void = vm.classes.primitive('V');
        vm.mirror(void)
    } else {
        vm.field_by_name(reflected, "returnType").as_ref()
    };
    let Some(desc) = signature_descriptor(vm, ptypes, rtype) else {
        return Err(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some("reflected member without types".to_string()),
        ));
    };
    let modifiers = vm.field_by_name(reflected, "modifiers").as_int();
    let name = if constructor {
        "<init>".to_string()
    } else {
        string_arg(vm, vm.field_by_name(reflected, "name").as_ref())?
    };
    let ref_kind = invoke_kind(modifiers, constructor, vm.classes.get(class).is_interface());
    fill_method_member(vm, member, class, (&name, &desc), modifiers, ref_kind);
    Ok(Value::Void)
}

/// `MethodHandleNatives.resolve`: fills in a MemberName for a field, method or constructor.
fn resolve_member<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let member = a.obj(0);
    let speculative = a.bool(3);
    let mirror = vm.field_by_name(member, "clazz").as_ref();
    let class = class_arg(vm, mirror)?;
    let name = string_arg(vm, vm.field_by_name(member, "name").as_ref())?;
    let flags = vm.field_by_name(member, "flags").as_int();
    let ref_kind = (flags >> MN_REFERENCE_KIND_SHIFT) & 0xF;
    let ty = vm.field_by_name(member, "type").as_ref();
    let fail = |class: &'static str, what: String| -> NativeResult {
        if speculative {
            Ok(Value::NULL)
        } else {
            Err(NativeExit::ThrowNew(class, Some(what)))
        }
    };
    if flags & MN_IS_FIELD != 0 {
        let want = field_type_class(vm, ty);
        let mut current = Some(class);
        while let Some(c) = current {
            let cls = vm.classes.get(c).clone();
            if let Some(f) = cls.field_named(&name) {
                let matches = match (&f.ty, want) {
                    (t, Some(w)) => {
                        let ft = match t {
                            FieldType::Object(n) | FieldType::Array(n) => vm.classes.load(n).ok(),
                            p => Some(vm.classes.primitive(p.primitive_char().unwrap_or('V'))),
                        };
                        ft == Some(w)
                    }
                    (_, None) => true,
                };
                if matches {
                    let trusted = f.access & access::FINAL != 0
                        && (f.is_static() || cls.attrs.record.is_some());
                    let new_flags = i32::from(f.access)
                        | MN_IS_FIELD
                        | (ref_kind << MN_REFERENCE_KIND_SHIFT)
                        | if trusted { MN_TRUSTED_FINAL } else { 0 };
                    let declaring = vm.mirror(c);
                    vm.set_field_by_name(member, "flags", Value::Int(new_flags));
                    vm.set_field_by_name(member, "clazz", Value::Ref(declaring));
                    return Ok(Value::Ref(member));
                }
            }
            current = cls.super_class;
        }
        return fail("java/lang/NoSuchFieldError", name);
    }
    let Some(desc) = method_type_descriptor(vm, ty) else {
        return fail("java/lang/NoSuchMethodError", name);
    };
    let interface = vm.classes.get(class).is_interface();
    match vm.classes.resolve_method_in(class, &name, &desc, interface) {
        Ok(m) => {
            let method = vm.classes.method(m);
            let kind_flag = if &*method.name == "<init>" {
                MN_IS_CONSTRUCTOR
            } else {
                MN_IS_METHOD
            };
            let new_flags =
                i32::from(method.access) | kind_flag | (ref_kind << MN_REFERENCE_KIND_SHIFT);
            let declaring = method.class;
            let declaring = vm.mirror(declaring);
            vm.set_field_by_name(member, "flags", Value::Int(new_flags));
            vm.set_field_by_name(member, "clazz", Value::Ref(declaring));
            Ok(Value::Ref(member))
        }
        Err(e) => fail(e.error_class, e.message),
    }
}

impl Jvm {
    /// Unboxes a wrapper object when a primitive VarHandle receives a boxed value.
    fn unbox_for(&self, access: Access, v: Value) -> Value {
        match (access, v) {
            (Access::Ref, _)
            | (_, Value::Int(_) | Value::Long(_) | Value::Float(_) | Value::Double(_)) => v,
            (_, Value::Ref(r)) if !r.is_null() => self.field_by_name(r, "value"),
            _ => v,
        }
    }
}

impl<M: Machine> Vm<M> {
    /// Executes a signature-polymorphic call of `class`'s method `name` with call-site
    /// descriptor `desc`: `VarHandle` access modes, and `MethodHandle.invokeExact`/`invoke`
    /// (see `method_handle`); other `MethodHandle` methods (`invokeBasic`, `linkTo...`) are
    /// not supported.
    pub(crate) fn invoke_polymorphic(
        &mut self,
        exec: &mut Exec,
        class: ClassId,
        name: &str,
        desc: &str,
    ) -> Flow {
        let Some((params, ret)) = descriptor::call_shape(desc) else {
            return self.throw_new(
                exec,
                "java/lang/InternalError",
                Some(format!("bad descriptor {desc}")),
            );
        };
        let base = exec.stack.len().saturating_sub(params + 1);
        let args: SmallVec<[Value; 6]> = exec.stack[base..].iter().copied().collect();
        let is_var_handle = &*self.classes.get(class).name == "java/lang/invoke/VarHandle";
        if is_var_handle {
            match self.java_access_mode(args.obj(0), name, desc) {
                Some(Ok(target)) => {
                    // The JDK implements this kind in Java: run its own code for the mode.
                    let declaring = self.classes.method(target).class;
                    if !self.ensure_initialized(exec, declaring)? {
                        return Ok(());
                    }
                    if M::EXPLORES {
                        // What the access touches, as the modes rpf performs report it.
                        M::read(self, args.obj(1));
                    }
                    // In statement position the call site takes no result.
                    let kind = if desc.ends_with(")V") {
                        crate::thread::FrameKind::Discard
                    } else {
                        crate::thread::FrameKind::Call
                    };
                    return self.call(exec, target, kind);
                }
                Some(Err(())) => {
                    // A mode the kind does not have (`compareAndSet` of a `short` view).
                    return self.throw_new(exec, "java/lang/UnsupportedOperationException", None);
                }
                None => {}
            }
        }
        if &*self.classes.get(class).name == "java/lang/invoke/MethodHandle"
            && matches!(name, "invokeExact" | "invoke")
        {
            return self.invoke_method_handle(exec, base, name, desc);
        }
        let result = if is_var_handle {
            self.var_handle_access(name, &args, ret == Some(b'Z'))
        } else {
            Err(NativeExit::Unsupported(Unsupported::Feature(format!(
                "rpf does not support MethodHandle.{name}{desc}"
            ))))
        };
        match result {
            Ok(v) => {
                exec.stack.truncate(base);
                if ret.is_some() {
                    exec.push(v);
                }
                exec.advance();
                Ok(())
            }
            Err(NativeExit::ThrowNew(class, message)) => {
                exec.stack.truncate(base);
                self.throw_new(exec, class, message)
            }
            Err(NativeExit::Throw(ex)) => {
                exec.stack.truncate(base);
                self.throw(exec, ex)
            }
            // rpf's gap: under a checker the path ends unsupported (the check incomplete),
            // in plain execution the program gets an UnsupportedOperationException.
            Err(NativeExit::Unsupported(what)) => {
                exec.stack.truncate(base);
                M::unsupported(self, exec, what)
            }
            Err(other) => self.throw_new(
                exec,
                "java/lang/InternalError",
                Some(format!("unexpected {other:?}")),
            ),
        }
    }

    /// The JDK's own Java implementation of access mode `mode` for `handle`'s kind, when rpf
    /// does not perform that kind itself and the call site's types are exactly the
    /// implementation's (after its leading `VarHandle`; a call site in statement position
    /// takes no result): the views of byte arrays and byte
    /// buffers as wider types (`MethodHandles.byteArrayViewVarHandle`, used by
    /// `MessageDigest`, `UUID` and `SecureRandom`), whose static methods `get`, `set`,
    /// `compareAndSet`, ... do the access with `Unsafe`, as HotSpot's linkage would call them.
    /// `Some(Err(()))`: the kind is implemented in Java but has no such mode.
    fn java_access_mode(
        &self,
        handle: Ref,
        mode: &str,
        desc: &str,
    ) -> Option<Result<MethodId, ()>> {
        let class = self.class_of(handle)?;
        if access_of(&self.classes.get(class).name).is_some() {
            return None;
        }
        let classes = &self.classes;
        let statics: Vec<MethodId> = classes
            .get(class)
            .methods
            .iter()
            .copied()
            .filter(|&id| {
                let m = classes.method(id);
                m.is_static() && m.desc.starts_with("(Ljava/lang/invoke/VarHandle;")
            })
            .collect();
        let named = |name: &str| {
            statics
                .iter()
                .copied()
                .filter(|&id| &*classes.method(id).name == name)
                .collect::<Vec<_>>()
        };
        if named("get").is_empty() {
            return None;
        }
        let site = descriptor::parse_method(desc)?;
        let same = |a: Option<&FieldType>, b: Option<&FieldType>| match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => a == b || (a.is_reference() && b.is_reference()),
            _ => false,
        };
        let candidates = named(mode);
        if candidates.is_empty() {
            return Some(Err(()));
        }
        candidates
            .into_iter()
            .find(|&id| {
                descriptor::parse_method(&classes.method(id).desc).is_some_and(|own| {
                    own.params.len() == site.params.len() + 1
                        && own.params[1..]
                            .iter()
                            .zip(&site.params)
                            .all(|(a, b)| same(Some(a), Some(b)))
                        && (site.ret.is_none() || same(own.ret.as_ref(), site.ret.as_ref()))
                })
            })
            .map(Ok)
    }

    /// Access mode `mode` of the VarHandle `args[0]` with coordinates and values `args[1..]`;
    /// `boolean_result`: the call site returns `boolean` (a `compareAndSet`'s 0 or 1 as is).
    fn var_handle_access(
        &mut self,
        mode: &str,
        args: &[Value],
        boolean_result: bool,
    ) -> NativeResult {
        let handle = args.obj(0);
        let Some(hc) = self.class_of(handle) else {
            return crate::natives::support::npe();
        };
        let class_name = self.classes.get(hc).name.clone();
        let Some(access) = access_of(&class_name) else {
            // rpf's gap, not the program's: a check ends incomplete rather than with the
            // exception blamed on the program.
            return Err(NativeExit::Unsupported(Unsupported::Feature(format!(
                "rpf does not support VarHandles of kind {}",
                class_name.replace('/', ".")
            ))));
        };
        let read_only = class_name.ends_with("ReadOnly");
        // `rest`: coordinate arguments after the handle (instance: the object; static: none;
        // array: the array and the index).
        let (target, rest) = if class_name.contains("$FieldInstance") {
            (
                Target::Instance {
                    offset: self.field_by_name(handle, "fieldOffset").as_long(),
                },
                1,
            )
        } else if class_name.contains("$FieldStatic") {
            (
                Target::Static {
                    base: self.field_by_name(handle, "base").as_ref(),
                    offset: self.field_by_name(handle, "fieldOffset").as_long(),
                },
                0,
            )
        } else if class_name.ends_with("$Array") {
            (
                Target::Array {
                    abase: i64::from(self.field_by_name(handle, "abase").as_int()),
                    ashift: i64::from(self.field_by_name(handle, "ashift").as_int()),
                },
                2,
            )
        } else {
            return Err(NativeExit::ThrowNew(
                "java/lang/UnsupportedOperationException",
                Some(format!(
                    "rpf does not support {}",
                    class_name.replace('/', ".")
                )),
            ));
        };
        let (object, offset) = match target {
            Target::Instance { offset } => {
                let o = args.obj(1);
                if o.is_null() {
                    return crate::natives::support::npe();
                }
                (o, offset)
            }
            Target::Static { base, offset } => (base, offset),
            Target::Array { abase, ashift } => {
                let array = args.obj(1);
                let index = args.int(2);
                let Some(len) = self
                    .state
                    .heap
                    .get(array)
                    .map(|o| o.data.array_len().unwrap_or(0))
                else {
                    return crate::natives::support::npe();
                };
                if index < 0 || index as usize >= len {
                    return Err(NativeExit::ThrowNew(
                        "java/lang/ArrayIndexOutOfBoundsException",
                        Some(format!("Index {index} out of bounds for length {len}")),
                    ));
                }
                (array, abase + (i64::from(index) << ashift))
            }
        };
        let values: Vec<Value> = args
            .get(1 + rest..)
            .unwrap_or_default()
            .iter()
            .map(|&v| self.unbox_for(access, v))
            .collect();
        let writes = !mode.starts_with("get") || mode.starts_with("getAnd");
        if read_only && writes {
            return Err(NativeExit::ThrowNew(
                "java/lang/UnsupportedOperationException",
                None,
            ));
        }
        if M::EXPLORES {
            // Every access mode reads (writes report themselves through `put`).
            M::read(self, object);
        }
        let current = get(self, object, offset, access)?;
        let value = |i: usize| values.get(i).copied().unwrap_or_default();
        let result = match mode {
            "get" | "getVolatile" | "getOpaque" | "getAcquire" => current,
            "set" | "setVolatile" | "setOpaque" | "setRelease" => {
                put(self, object, offset, access, value(0))?;
                Value::Void
            }
            m if m.starts_with("compareAndSet") || m.starts_with("weakCompareAndSet") => {
                let hit = current == value(0);
                if hit {
                    put(self, object, offset, access, value(1))?;
                }
                Value::Int(i32::from(hit))
            }
            m if m.starts_with("compareAndExchange") => {
                if current == value(0) {
                    put(self, object, offset, access, value(1))?;
                }
                current
            }
            m if m.starts_with("getAndSet") => {
                put(self, object, offset, access, value(0))?;
                current
            }
            m if m.starts_with("getAndAdd") => {
                let sum = match (current, value(0)) {
                    (Value::Int(a), Value::Int(b)) => Value::Int(a.wrapping_add(b)),
                    (Value::Long(a), Value::Long(b)) => Value::Long(a.wrapping_add(b)),
                    (Value::Float(a), Value::Float(b)) => Value::Float(a + b),
                    (Value::Double(a), Value::Double(b)) => Value::Double(a + b),
                    (a, _) => a,
                };
                put(self, object, offset, access, sum)?;
                current
            }
            m if m.starts_with("getAndBitwise") => {
                let op = |a: i64, b: i64| -> i64 {
                    if m.contains("Or") {
                        a | b
                    } else if m.contains("And") {
                        a & b
                    } else {
                        a ^ b
                    }
                };
                let combined = match (current, value(0)) {
                    (Value::Int(a), Value::Int(b)) => {
                        Value::Int(op(i64::from(a), i64::from(b)) as i32)
                    }
                    (Value::Long(a), Value::Long(b)) => Value::Long(op(a, b)),
                    (a, _) => a,
                };
                put(self, object, offset, access, combined)?;
                current
            }
            other => {
                return Err(NativeExit::ThrowNew(
                    "java/lang/UnsupportedOperationException",
                    Some(format!("VarHandle.{other}")),
                ))
            }
        };
        Ok(match (boolean_result, result) {
            (true, Value::Int(v)) => Value::Int(i32::from(v != 0)),
            (_, v) => v,
        })
    }
}
