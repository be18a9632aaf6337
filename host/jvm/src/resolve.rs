//! Symbolic reference resolution (JVMS §5.4.3) and method selection (§5.4.6).
//!
//! Results are cached per constant pool entry. They depend only on which classes exist, never
//! on heap state, so caches stay valid when the model checker restores an earlier state.

use super::class::{ClassId, MethodId};
use super::loader::{Classes, LinkError};
use crate::class::{FieldRef, Resolved};
use crate::classfile::{Constant, FieldType};

fn member_text(ret_and_params: &str, class: &str, name: &str) -> String {
    // HotSpot's style: 'void pkg.Class.name(int, java.lang.String)'
    let Some(desc) = crate::classfile::descriptor::parse_method(ret_and_params) else {
        return format!("{class}.{name}{ret_and_params}");
    };
    let show = |t: &FieldType| java_type_name(t);
    let params: Vec<String> = desc.params.iter().map(show).collect();
    format!(
        "'{} {}.{}({})'",
        desc.ret.as_ref().map(show).unwrap_or_else(|| "void".into()),
        class.replace('/', "."),
        name,
        params.join(", ")
    )
}

/// `int`, `java.lang.String`, `int[][]` for a field type.
pub fn java_type_name(t: &FieldType) -> String {
    match t {
        FieldType::Object(n) => n.replace('/', "."),
        FieldType::Array(n) => {
            let dims = n.bytes().take_while(|&b| b == b'[').count();
            let inner = crate::classfile::descriptor::parse_field(&n[dims..])
                .map(|t| java_type_name(&t))
                .unwrap_or_default();
            format!("{inner}{}", "[]".repeat(dims))
        }
        p => p.primitive_name().unwrap_or("?").to_string(),
    }
}

impl Classes {
    fn pool_entry(&self, from: ClassId, index: u16) -> Option<Constant> {
        self.get(from).pool.get(usize::from(index)).cloned()
    }

    /// The resolution of constant `index` of class `from`, if it has been resolved.
    #[inline]
    pub(crate) fn cached(&self, from: ClassId, index: u16) -> Option<&Resolved> {
        self.get(from).cache.get(usize::from(index))?.get()
    }

    fn remember(&self, from: ClassId, index: u16, r: Resolved) {
        if let Some(cell) = self.get(from).cache.get(usize::from(index)) {
            let _ = cell.set(r);
        }
    }

    /// Resolves a Class constant.
    pub fn resolve_class(&mut self, from: ClassId, index: u16) -> Result<ClassId, LinkError> {
        if let Some(&Resolved::Class(c)) = self.cached(from, index) {
            return Ok(c);
        }
        let Some(Constant::Class(name)) = self.pool_entry(from, index) else {
            return Err(LinkError::no_class("<bad constant>"));
        };
        let id = self.load(&name)?;
        self.remember(from, index, Resolved::Class(id));
        Ok(id)
    }

    /// Finds a field by JVMS 5.4.3.2 lookup order: the class, its superinterfaces, its
    /// superclasses.
    pub fn lookup_field(&self, class: ClassId, name: &str, desc: &str) -> Option<FieldRef> {
        let c = self.get(class);
        if let Some(f) = c.field(name, desc) {
            return Some(FieldRef {
                class,
                slot: f.slot,
                is_static: f.is_static(),
                volatile: f.is_volatile(),
                basic: f.ty.basic(),
                is_final: f.access & crate::classfile::access::FINAL != 0,
            });
        }
        for &i in c.interfaces.iter() {
            if let Some(found) = self.lookup_field(i, name, desc) {
                return Some(found);
            }
        }
        c.super_class.and_then(|s| self.lookup_field(s, name, desc))
    }

    /// Resolves a Fieldref constant; `want_static` checks the instruction's expectation.
    pub fn resolve_field(
        &mut self,
        from: ClassId,
        index: u16,
        want_static: bool,
    ) -> Result<FieldRef, LinkError> {
        let field = if let Some(&Resolved::Field(f)) = self.cached(from, index) {
            f
        } else {
            let Some(Constant::FieldRef(m)) = self.pool_entry(from, index) else {
                return Err(LinkError::no_class("<bad constant>"));
            };
            let class = self.load(&m.class)?;
            let f = self
                .lookup_field(class, &m.name, &m.desc)
                .ok_or_else(|| LinkError {
                    error_class: "java/lang/NoSuchFieldError",
                    message: m.name.to_string(),
                })?;
            self.remember(from, index, Resolved::Field(f));
            f
        };
        if field.is_static != want_static {
            let Some(Constant::FieldRef(m)) = self.pool_entry(from, index) else {
                return Err(LinkError::no_class("<bad constant>"));
            };
            return Err(LinkError {
                error_class: "java/lang/IncompatibleClassChangeError",
                message: format!(
                    "Expected {} field {}.{}",
                    if want_static { "static" } else { "non-static" },
                    m.class.replace('/', "."),
                    m.name
                ),
            });
        }
        Ok(field)
    }

    /// Finds a method declared in `class` or a superclass.
    pub fn lookup_in_superclasses(
        &self,
        class: ClassId,
        name: &str,
        desc: &str,
    ) -> Option<MethodId> {
        let mut current = Some(class);
        while let Some(c) = current {
            if let Some(m) = self.find_method(c, name, desc) {
                return Some(m);
            }
            current = self.get(c).super_class;
        }
        None
    }

    /// Signature-polymorphic methods of MethodHandle/VarHandle match by name alone.
    fn signature_polymorphic(&self, class: ClassId, name: &str) -> Option<MethodId> {
        let c = self.get(class);
        if !matches!(
            &*c.name,
            "java/lang/invoke/MethodHandle" | "java/lang/invoke/VarHandle"
        ) {
            return None;
        }
        c.methods.iter().copied().find(|&m| {
            let m = self.method(m);
            &*m.name == name && m.is_native() && m.access & crate::classfile::access::VARARGS != 0
        })
    }

    /// Resolves a Methodref or InterfaceMethodref constant.
    pub fn resolve_method(&mut self, from: ClassId, index: u16) -> Result<MethodId, LinkError> {
        if let Some(&Resolved::Method(m)) = self.cached(from, index) {
            return Ok(m);
        }
        let Some(Constant::MethodRef(m)) = self.pool_entry(from, index) else {
            return Err(LinkError::no_class("<bad constant>"));
        };
        let class = self.load(&m.class)?;
        let id = self.resolve_method_in(class, &m.name, &m.desc, m.interface)?;
        self.remember(from, index, Resolved::Method(id));
        Ok(id)
    }

    /// Method resolution by name in `class` (JVMS 5.4.3.3 / 5.4.3.4).
    pub fn resolve_method_in(
        &mut self,
        class: ClassId,
        name: &str,
        desc: &str,
        interface: bool,
    ) -> Result<MethodId, LinkError> {
        let c = self.get(class).clone();
        if c.is_interface() != interface && !c.is_array() {
            return Err(LinkError {
                error_class: "java/lang/IncompatibleClassChangeError",
                message: format!(
                    "Found {} {}, but {} was expected",
                    if c.is_interface() {
                        "interface"
                    } else {
                        "class"
                    },
                    c.java_name(),
                    if interface { "interface" } else { "class" }
                ),
            });
        }
        let found = if interface {
            self.find_method(class, name, desc)
                .or_else(|| {
                    let object = self.lookup("java/lang/Object")?;
                    self.find_method(object, name, desc).filter(|&m| {
                        let m = self.method(m);
                        !m.is_static() && m.access & crate::classfile::access::PUBLIC != 0
                    })
                })
                .or_else(|| self.maximally_specific(&c.all_interfaces, name, desc))
        } else {
            self.lookup_in_superclasses(class, name, desc)
                .or_else(|| self.signature_polymorphic(class, name))
                .or_else(|| self.maximally_specific(&c.all_interfaces, name, desc))
        };
        found.ok_or_else(|| LinkError {
            error_class: "java/lang/NoSuchMethodError",
            message: member_text(desc, &c.name, name),
        })
    }

    /// Selects the implementation of `resolved` for a receiver of class `receiver`
    /// (invokevirtual and invokeinterface).
    pub fn select(&mut self, receiver: ClassId, resolved: MethodId) -> Result<MethodId, LinkError> {
        if let Some(selected) = self.selected(receiver, resolved) {
            return Ok(selected);
        }
        let m = self.method(resolved);
        if let Some(index) = m.vtable_index {
            if let Some(&selected) = self.get(receiver).vtable.get(index as usize) {
                return self.check_concrete(receiver, selected, resolved);
            }
        }
        let m = m.clone();
        let rc = self.get(receiver).clone();
        let selected = rc
            .vtable
            .iter()
            .copied()
            .find(|&e| {
                let e = self.method(e);
                e.name == m.name && e.desc == m.desc
            })
            .unwrap_or(resolved);
        let selected = self.check_concrete(receiver, selected, resolved)?;
        self.selection_cache.insert((receiver, resolved), selected);
        Ok(selected)
    }

    /// The implementation of `resolved` for a receiver of class `receiver`, where it is known
    /// without a search: a private or static method itself, a concrete method in its vtable
    /// slot (a method with a slot belongs to a class; every subclass, and array class for
    /// Object's methods, keeps the slot's meaning), or an earlier selection. Plain execution's
    /// calls between inner-loop runs take it; [`select`](Self::select) does the rest.
    #[inline]
    pub fn selected(&self, receiver: ClassId, resolved: MethodId) -> Option<MethodId> {
        let m = self.method(resolved);
        if m.is_private() || m.is_static() {
            return Some(resolved);
        }
        if let Some(index) = m.vtable_index {
            if let Some(&selected) = self.get(receiver).vtable.get(index as usize) {
                return (!self.method(selected).is_abstract()).then_some(selected);
            }
        }
        self.selection_cache.get(&(receiver, resolved)).copied()
    }

    fn check_concrete(
        &self,
        receiver: ClassId,
        selected: MethodId,
        resolved: MethodId,
    ) -> Result<MethodId, LinkError> {
        let s = self.method(selected);
        if s.is_abstract() {
            let r = self.method(resolved);
            return Err(LinkError {
                error_class: "java/lang/AbstractMethodError",
                message: format!(
                    "Receiver class {} does not define or inherit an implementation of the resolved method {} of {} {}.",
                    self.get(receiver).java_name(),
                    member_text(&r.desc, &self.get(r.class).name, &r.name).replacen('\'', "'abstract ", 1),
                    if self.get(r.class).is_interface() { "interface" } else { "abstract class" },
                    self.get(r.class).java_name()
                ),
            });
        }
        Ok(selected)
    }
}
