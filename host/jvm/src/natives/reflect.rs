//! java.lang.reflect natives: arrays.

use crate::class::ClassKind;
use crate::flow::{NativeExit, NativeResult};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{class_arg, out_of_memory, throw, Args};
use crate::thread::Exec;
use crate::value::Value;
use crate::vm::Vm;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    register_reflection(r);
    r.add(
        "java/lang/reflect/Array",
        "newArray",
        "(Ljava/lang/Class;I)Ljava/lang/Object;",
        new_array,
    );
    r.add(
        "java/lang/reflect/Array",
        "multiNewArray",
        "(Ljava/lang/Class;[I)Ljava/lang/Object;",
        multi_new_array,
    );
    r.add(
        "java/lang/reflect/Array",
        "getLength",
        "(Ljava/lang/Object;)I",
        |vm, _, a| match vm.state.heap.get(a.obj(0)).map(|o| o.data.array_len()) {
            None => super::support::npe(),
            Some(None) => throw(
                "java/lang/IllegalArgumentException",
                "Argument is not an array",
            ),
            Some(Some(n)) => Ok(Value::Int(n as i32)),
        },
    );
}

fn new_array<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let component = class_arg(vm, a.obj(0))?;
    let len = a.int(1);
    if len < 0 {
        return throw("java/lang/NegativeArraySizeException", len.to_string());
    }
    if matches!(vm.classes.get(component).kind, ClassKind::Primitive('V')) {
        return throw("java/lang/IllegalArgumentException", "");
    }
    let array_class = vm
        .array_class_of(component)
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let kind = vm.classes.get(array_class).elem_kind();
    vm.alloc_array(exec, array_class, kind, len as usize)
        .map(Value::Ref)
        .map_err(out_of_memory)
}

/// `Array.newInstance(component, dimensions...)`: the checks of HotSpot's
/// `Reflection::reflect_new_multi_array`, then the arrays as `multianewarray` makes them.
fn multi_new_array<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let mut class = class_arg(vm, a.obj(0))?;
    let counts: Vec<i32> = match vm.state.heap.get(a.obj(1)).map(|o| &o.data) {
        Some(ObjData::Ints(counts)) => counts.to_vec(),
        _ => return super::support::npe(),
    };
    if counts.is_empty() || counts.len() > 255 {
        return throw("java/lang/IllegalArgumentException", "");
    }
    if matches!(vm.classes.get(class).kind, ClassKind::Primitive('V')) {
        return throw("java/lang/IllegalArgumentException", "");
    }
    if let Some(&negative) = counts.iter().find(|&&c| c < 0) {
        return throw("java/lang/NegativeArraySizeException", negative.to_string());
    }
    for _ in 0..counts.len() {
        class = vm.array_class_of(class).map_err(link_error)?;
    }
    vm.build_multi_array(exec, class, &counts)
        .map(Value::Ref)
        .map_err(out_of_memory)
}

fn link_error(e: crate::loader::LinkError) -> NativeExit {
    NativeExit::ThrowNew(e.error_class, Some(e.message))
}

/// Fills an array of the given class with the references.
fn ref_array<M: Machine>(
    vm: &mut Vm<M>,
    array_class: &str,
    items: &[crate::value::Ref],
) -> NativeResult {
    let class = vm.classes.load(array_class).map_err(link_error)?;
    Ok(Value::Ref(vm.new_array_of(class, items)))
}

fn declared_methods<M: Machine>(vm: &mut Vm<M>, a: &[Value], constructors: bool) -> NativeResult {
    let c = class_arg(vm, a.obj(0))?;
    let public_only = a.bool(1);
    let ids: Vec<_> = vm.classes.get(c).methods.to_vec();
    let mut items = Vec::new();
    for id in ids {
        let m = vm.classes.method(id);
        let is_ctor = &*m.name == "<init>";
        if is_ctor != constructors || &*m.name == "<clinit>" {
            continue;
        }
        if public_only && m.access & crate::classfile::access::PUBLIC == 0 {
            continue;
        }
        items.push(vm.reflect_method(id).map_err(link_error)?);
    }
    let array_class = if constructors {
        "[Ljava/lang/reflect/Constructor;"
    } else {
        "[Ljava/lang/reflect/Method;"
    };
    ref_array(vm, array_class, &items)
}

/// Registers the reflection natives that build Field/Method/Constructor objects and invoke.
pub fn register_reflection<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add(
        "java/lang/Class",
        "getDeclaredFields0",
        "(Z)[Ljava/lang/reflect/Field;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let public_only = a.bool(1);
            let count = vm.classes.get(c).fields.len();
            let mut items = Vec::new();
            for i in 0..count {
                let public =
                    vm.classes.get(c).fields[i].access & crate::classfile::access::PUBLIC != 0;
                if public_only && !public {
                    continue;
                }
                items.push(vm.reflect_field(c, i).map_err(link_error)?);
            }
            ref_array(vm, "[Ljava/lang/reflect/Field;", &items)
        },
    );
    r.add(
        "java/lang/Class",
        "getDeclaredMethods0",
        "(Z)[Ljava/lang/reflect/Method;",
        |vm, _, a| declared_methods(vm, a, false),
    );
    r.add(
        "java/lang/Class",
        "getDeclaredConstructors0",
        "(Z)[Ljava/lang/reflect/Constructor;",
        |vm, _, a| declared_methods(vm, a, true),
    );
    r.add(
        "java/lang/Class",
        "getDeclaredClasses0",
        "()[Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let cls = vm.classes.get(c).clone();
            let mut ids = Vec::new();
            for ic in &cls.attrs.inner_classes {
                if ic.outer.as_deref() == Some(&*cls.name) && ic.inner != cls.name {
                    ids.push(vm.classes.load(&ic.inner).map_err(link_error)?);
                }
            }
            super::lang::class_array(vm, &ids)
        },
    );
    r.add(
        "java/lang/Class",
        "getRecordComponents0",
        "()[Ljava/lang/reflect/RecordComponent;",
        record_components,
    );
    r.add(
        "java/lang/reflect/Executable",
        "getParameters0",
        "()[Ljava/lang/reflect/Parameter;",
        |_, _, _| Ok(Value::NULL),
    );
    r.add(
        "java/lang/reflect/Executable",
        "getTypeAnnotationBytes0",
        "()[B",
        |_, _, _| Ok(Value::NULL),
    );
    r.add(
        "java/lang/reflect/Field",
        "getTypeAnnotationBytes0",
        "()[B",
        |_, _, _| Ok(Value::NULL),
    );
    r.add(
        "jdk/internal/reflect/NativeMethodAccessorImpl",
        "invoke0",
        "(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;",
        |vm, _, a| reflective_call(vm, a.obj(0), a.obj(1), a.obj(2), false),
    );
    r.add(
        "jdk/internal/reflect/NativeConstructorAccessorImpl",
        "newInstance0",
        "(Ljava/lang/reflect/Constructor;[Ljava/lang/Object;)Ljava/lang/Object;",
        |vm, exec, a| {
            let mirror = vm.field_by_name(a.obj(0), "clazz").as_ref();
            let c = class_arg(vm, mirror)?;
            let cls = vm.classes.get(c);
            if cls.access
                & (crate::classfile::access::ABSTRACT | crate::classfile::access::INTERFACE)
                != 0
            {
                let name = cls.java_name();
                return throw("java/lang/InstantiationException", name);
            }
            super::unsafe_::initialize_from_native(vm, exec, c)?;
            reflective_call(vm, a.obj(0), crate::value::Ref::NULL, a.obj(1), true)
        },
    );
}

fn reflective_call<M: Machine>(
    vm: &mut Vm<M>,
    method: crate::value::Ref,
    receiver: crate::value::Ref,
    args: crate::value::Ref,
    constructor: bool,
) -> NativeResult {
    let slot = vm.field_by_name(method, "slot").as_int();
    let clazz = vm.field_by_name(method, "clazz").as_ref();
    let declared = vm.class_of_mirror(clazz).and_then(|c| {
        vm.classes
            .get(c)
            .methods
            .get(usize::try_from(slot).ok()?)
            .copied()
    });
    let Some(id) = declared else {
        return throw("java/lang/InternalError", "bad reflective method slot");
    };
    let m = vm.classes.method(id).clone();
    let given = vm
        .state
        .heap
        .get(args)
        .and_then(|o| o.data.array_len())
        .unwrap_or(0);
    if given != m.params.len() {
        // JDK 17's HotSpot says no more (later JDKs add the counts).
        return throw(
            "java/lang/IllegalArgumentException",
            "wrong number of arguments",
        );
    }
    if !constructor && !m.is_static() {
        let Some(rc) = vm.class_of(receiver) else {
            return super::support::npe();
        };
        if !vm.classes.is_assignable(rc, m.class) {
            return throw(
                "java/lang/IllegalArgumentException",
                "object is not an instance of declaring class",
            );
        }
    }
    let adapter = vm
        .reflect_adapter(id)
        .map_err(|e| NativeExit::ThrowNew("java/lang/InternalError", Some(e)))?;
    Err(NativeExit::Call(
        adapter,
        vec![Value::Ref(receiver), Value::Ref(args)],
    ))
}

fn record_components<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let c = class_arg(vm, a.obj(0))?;
    let cls = vm.classes.get(c).clone();
    let Some(components) = cls.attrs.record.clone() else {
        return Ok(Value::NULL);
    };
    let rc_class = vm
        .classes
        .load("java/lang/reflect/RecordComponent")
        .map_err(link_error)?;
    let mirror = vm.mirror(c);
    let mut items = Vec::new();
    for comp in components {
        let obj = vm.new_object(rc_class);
        let name = vm.intern(&comp.name.encode_utf16().collect::<Vec<_>>());
        let ty = crate::classfile::descriptor::parse_field(&comp.desc).ok_or_else(|| {
            NativeExit::ThrowNew("java/lang/ClassFormatError", Some(comp.desc.to_string()))
        })?;
        let ty_mirror = vm.type_mirror(&ty).map_err(link_error)?;
        let accessor = match vm
            .classes
            .find_method(c, &comp.name, &format!("(){}", comp.desc))
        {
            Some(m) => Value::Ref(vm.reflect_method(m).map_err(link_error)?),
            None => Value::NULL,
        };
        vm.set_field_by_name(obj, "clazz", Value::Ref(mirror));
        vm.set_field_by_name(obj, "name", Value::Ref(name));
        vm.set_field_by_name(obj, "type", Value::Ref(ty_mirror));
        vm.set_field_by_name(obj, "accessor", accessor);
        items.push(obj);
    }
    ref_array(vm, "[Ljava/lang/reflect/RecordComponent;", &items)
}
