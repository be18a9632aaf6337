//! `MethodHandle.invokeExact` and `invoke` of direct method handles (`findStatic`,
//! `findVirtual`, `findSpecial`, `findConstructor`, `unreflect`): the call the handle stands
//! for, made in the caller's place with the arguments already on its stack. HotSpot links
//! these through lambda forms; rpf reads the handle's MemberName and calls the method.
//! Handles built by combinators (`bindTo`, `asType`, `insertArguments`, ...) are not
//! supported.

use crate::class::{ClassId, MethodId};
use crate::classfile::descriptor::{self, FieldType};
use crate::flow::{Flow, Unsupported};
use crate::machine::Machine;
use crate::thread::{Exec, FrameKind};
use crate::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

use super::varhandle::{REF_INVOKE_SPECIAL, REF_INVOKE_STATIC, REF_NEW_INVOKE_SPECIAL};

/// The classes of direct method handles to methods and constructors.
const DIRECT: &[&str] = &[
    "java/lang/invoke/DirectMethodHandle",
    "java/lang/invoke/DirectMethodHandle$Special",
    "java/lang/invoke/DirectMethodHandle$Interface",
    "java/lang/invoke/DirectMethodHandle$Constructor",
];

/// A direct handle's target.
struct Direct {
    method: MethodId,
    ref_kind: i32,
    /// The handle's type, as a method descriptor.
    handle_type: String,
}

impl Jvm {
    /// What `handle` calls, if it is a direct handle to a method or constructor.
    fn direct_target(&self, handle: Ref) -> Option<Direct> {
        let class = self.class_of(handle)?;
        if !DIRECT.contains(&&*self.classes.get(class).name) {
            return None;
        }
        let member = self.field_by_name(handle, "member").as_ref();
        let declaring = self.class_of_mirror(self.field_by_name(member, "clazz").as_ref())?;
        let name = self.string_value(self.field_by_name(member, "name").as_ref())?;
        let ty = self.field_by_name(member, "type").as_ref();
        let desc = match self.string_value(ty) {
            Some(desc) => desc,
            None => super::varhandle::method_type_descriptor(self, ty)?,
        };
        let flags = self.field_by_name(member, "flags").as_int();
        let handle_type = super::varhandle::method_type_descriptor(
            self,
            self.field_by_name(handle, "type").as_ref(),
        )?;
        Some(Direct {
            method: self.classes.find_method(declaring, &name, &desc)?,
            ref_kind: (flags >> 24) & 0xF,
            handle_type,
        })
    }

    /// The class a field type names, if loaded (primitives: none).
    fn class_of_type(&self, ty: &FieldType) -> Option<ClassId> {
        match ty {
            FieldType::Object(name) | FieldType::Array(name) => self.classes.lookup(name),
            _ => None,
        }
    }
}

impl<M: Machine> Vm<M> {
    /// `invokeExact` or `invoke` (`name`) of the method handle under the arguments of call
    /// site descriptor `desc` on `exec`'s stack, starting at `base`.
    pub(crate) fn invoke_method_handle(
        &mut self,
        exec: &mut Exec,
        base: usize,
        name: &str,
        desc: &str,
    ) -> Flow {
        let handle = exec.stack[base].as_ref();
        if handle.is_null() {
            return self.throw_new(exec, "java/lang/NullPointerException", None);
        }
        let Some(direct) = self.direct_target(handle) else {
            let kind = self
                .class_of(handle)
                .map(|c| self.classes.get(c).java_name())
                .unwrap_or_default();
            return M::unsupported(
                self,
                exec,
                Unsupported::Feature(format!(
                    "rpf does not support MethodHandle.{name} of a {kind} (only direct handles to methods and constructors)"
                )),
            );
        };
        if direct.handle_type != desc {
            if name == "invokeExact" {
                let message = format!(
                    "expected {} but found {}",
                    java_type(&direct.handle_type),
                    java_type(desc)
                );
                return self.throw_new(
                    exec,
                    "java/lang/invoke/WrongMethodTypeException",
                    Some(message),
                );
            }
            match self.conversions_fit(exec, base, &direct.handle_type, desc) {
                Ok(true) => {}
                Ok(false) => {
                    return M::unsupported(
                        self,
                        exec,
                        Unsupported::Feature(format!(
                            "rpf does not support MethodHandle.invoke converting {} to {}",
                            java_type(desc),
                            java_type(&direct.handle_type)
                        )),
                    )
                }
                Err(cast) => {
                    return self.throw_new(exec, "java/lang/ClassCastException", Some(cast))
                }
            }
        }
        exec.stack.remove(base);
        let kind = if desc.ends_with(")V") {
            FrameKind::Discard
        } else {
            FrameKind::Call
        };
        let target = self.classes.method(direct.method).clone();
        match direct.ref_kind {
            REF_INVOKE_STATIC => {
                if !self.ensure_initialized(exec, target.class)? {
                    // Initialization runs first; the invoke runs again after it, with the
                    // handle back in its place.
                    exec.stack.insert(base, Value::Ref(handle));
                    return Ok(());
                }
                self.call(exec, direct.method, kind)
            }
            REF_NEW_INVOKE_SPECIAL => {
                if !self.ensure_initialized(exec, target.class)? {
                    exec.stack.insert(base, Value::Ref(handle));
                    return Ok(());
                }
                let object = self.new_object(target.class);
                exec.stack.insert(base, Value::Ref(object));
                exec.stack.insert(base, Value::Ref(object));
                // `<init>` returns nothing: the new object stays as the call's result.
                self.call(exec, direct.method, FrameKind::Call)
            }
            ref_kind => {
                let receiver = exec.stack[base].as_ref();
                let Some(receiver_class) = self.class_of(receiver) else {
                    return self.throw_new(exec, "java/lang/NullPointerException", None);
                };
                let selected = if ref_kind == REF_INVOKE_SPECIAL {
                    Ok(direct.method)
                } else {
                    self.classes.select(receiver_class, direct.method)
                };
                match selected {
                    Ok(m) => self.call(exec, m, kind),
                    Err(e) => self.throw_link_error(exec, e),
                }
            }
        }
    }

    /// Whether `invoke`'s call site `site` reaches a handle of type `handle_type` with no
    /// conversion but reference casts, which the arguments on the stack pass (`Err`: the
    /// `ClassCastException` message of one that does not). Primitive conversions, boxing
    /// and a narrowing of the result are not supported.
    fn conversions_fit(
        &mut self,
        exec: &Exec,
        base: usize,
        handle_type: &str,
        site: &str,
    ) -> Result<bool, String> {
        let (Some(want), Some(have)) = (
            descriptor::parse_method(handle_type),
            descriptor::parse_method(site),
        ) else {
            return Ok(false);
        };
        if want.params.len() != have.params.len() {
            return Ok(false);
        }
        for (i, (w, h)) in want.params.iter().zip(&have.params).enumerate() {
            if w == h {
                continue;
            }
            if !(w.is_reference() && h.is_reference()) {
                return Ok(false);
            }
            let arg = exec.stack[base + 1 + i].as_ref();
            let Some(to) = self.class_of_type(w) else {
                return Ok(false);
            };
            if let Some(from) = self.class_of(arg) {
                if !self.classes.is_assignable(from, to) {
                    return Err(format!(
                        "Cannot cast {} to {}",
                        self.classes.get(from).java_name(),
                        self.classes.get(to).java_name()
                    ));
                }
            }
        }
        Ok(match (&want.ret, &have.ret) {
            (_, None) => true,
            (Some(w), Some(h)) => w == h || (w.is_reference() && h == &object_type()),
            (None, Some(_)) => false,
        })
    }
}

fn object_type() -> FieldType {
    FieldType::Object("java/lang/Object".into())
}

/// A method descriptor as `MethodType.toString` shows it: `(int,String)boolean`.
fn java_type(desc: &str) -> String {
    let Some(parsed) = descriptor::parse_method(desc) else {
        return desc.to_string();
    };
    let params: Vec<String> = parsed.params.iter().map(simple_name).collect();
    let ret = parsed
        .ret
        .as_ref()
        .map(simple_name)
        .unwrap_or_else(|| "void".into());
    format!("({}){ret}", params.join(","))
}

/// A type's simple name, as `Class.getSimpleName` gives it (`String`, `int[]`).
fn simple_name(t: &FieldType) -> String {
    match t {
        FieldType::Object(name) => name.rsplit(['/', '$']).next().unwrap_or(name).to_string(),
        FieldType::Array(desc) => match descriptor::parse_field(&desc[1..]) {
            Some(element) => format!("{}[]", simple_name(&element)),
            None => desc.to_string(),
        },
        FieldType::Byte => "byte".into(),
        FieldType::Char => "char".into(),
        FieldType::Double => "double".into(),
        FieldType::Float => "float".into(),
        FieldType::Int => "int".into(),
        FieldType::Long => "long".into(),
        FieldType::Short => "short".into(),
        FieldType::Boolean => "boolean".into(),
    }
}
