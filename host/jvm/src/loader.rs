//! The class registry: loading class files, linking them into [`Class`]es, and synthesizing
//! array, primitive and rpf-generated classes.

use std::cell::{Cell, OnceCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::classfile::{access, descriptor, ClassFile, Constant, FieldDef, FieldType, MethodDef};
use crate::classpath::{ClassPath, Loader};

use super::class::{
    class_key, method_key, Class, ClassAttrs, ClassId, ClassKind, Field, Method, MethodId,
    EMPTY_SITE,
};
use super::value::ElemKind;
use super::value::Value;
use crate::linkage::NativeIndex;

use crate::class::{HIDDEN_ORIGIN, SYNTHESIZED_ORIGIN};

/// A linkage failure, reported to the program as the named Java error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    /// Internal name of the Java error class (`java/lang/NoClassDefFoundError`, ...).
    pub error_class: &'static str,
    /// Its message.
    pub message: String,
}

impl LinkError {
    /// A `NoClassDefFoundError` for `name`.
    pub fn no_class(name: &str) -> LinkError {
        LinkError {
            error_class: "java/lang/NoClassDefFoundError",
            message: name.to_string(),
        }
    }

    fn new(error_class: &'static str, message: String) -> LinkError {
        LinkError {
            error_class,
            message,
        }
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            self.error_class.replace('/', "."),
            self.message
        )
    }
}

/// Description of a class rpf generates at run time (lambda proxies and similar).
pub struct SyntheticClass {
    /// Internal name.
    pub name: String,
    /// Superclass.
    pub super_class: ClassId,
    /// Implemented interfaces.
    pub interfaces: Vec<ClassId>,
    /// Fields `(name, type, access flags)`.
    pub fields: Vec<(String, FieldType, u16)>,
    /// Methods: the definition (with code) and an optional native body.
    pub methods: Vec<MethodDef>,
    /// Constant pool used by the methods' code.
    pub pool: Vec<crate::classfile::Constant>,
    /// Defining loader of the class it belongs to.
    pub loader: Loader,
}

/// All loaded classes and methods.
pub struct Classes {
    list: Vec<Rc<Class>>,
    methods: Vec<Rc<Method>>,
    /// Classes by name (Fx-hashed: natives and array instructions look names up on every
    /// execution).
    by_name: HashMap<Rc<str>, ClassId, rustc_hash::FxBuildHasher>,
    /// Methods by [`Method::key`].
    by_key: HashMap<u64, MethodId, rustc_hash::FxBuildHasher>,
    loading: Vec<String>,
    classpath: ClassPath,
    natives: NativeIndex,
    /// Cache of interface/virtual selections: (receiver class, resolved method) -> selected.
    pub(crate) selection_cache: HashMap<(ClassId, MethodId), MethodId, rustc_hash::FxBuildHasher>,
}

impl Classes {
    /// A registry reading from `classpath`, binding natives from `natives`.
    pub fn new(classpath: ClassPath, natives: NativeIndex) -> Classes {
        Classes {
            list: Vec::new(),
            methods: Vec::new(),
            by_name: HashMap::default(),
            by_key: HashMap::default(),
            loading: Vec::new(),
            classpath,
            natives,
            selection_cache: HashMap::default(),
        }
    }

    /// The class with id `id`.
    #[inline(always)]
    pub fn get(&self, id: ClassId) -> &Rc<Class> {
        &self.list[id as usize]
    }

    /// The method with id `id`.
    #[inline(always)]
    pub fn method(&self, id: MethodId) -> &Rc<Method> {
        &self.methods[id as usize]
    }

    /// The method with key `key` (see [`Method::key`]), if loaded.
    pub fn method_by_key(&self, key: u64) -> Option<MethodId> {
        self.by_key.get(&key).copied()
    }

    /// Number of methods of all loaded classes.
    pub fn method_count(&self) -> usize {
        self.methods.len()
    }

    /// Number of loaded classes.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether no class is loaded.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// All loaded classes.
    pub fn iter(&self) -> impl Iterator<Item = &Rc<Class>> {
        self.list.iter()
    }

    /// The class path.
    pub fn classpath(&self) -> &ClassPath {
        &self.classpath
    }

    /// A loaded class by name, without loading.
    pub fn lookup(&self, name: &str) -> Option<ClassId> {
        self.by_name.get(name).copied()
    }

    /// Finds a declared method by name and descriptor.
    pub fn find_method(&self, class: ClassId, name: &str, desc: &str) -> Option<MethodId> {
        self.get(class).methods.iter().copied().find(|&m| {
            let m = self.method(m);
            &*m.name == name && &*m.desc == desc
        })
    }

    /// Loads and links `name` (internal form or array descriptor) and its supertypes.
    pub fn load(&mut self, name: &str) -> Result<ClassId, LinkError> {
        if let Some(&id) = self.by_name.get(name) {
            return Ok(id);
        }
        if name.starts_with('[') {
            return self.load_array(name);
        }
        if name.is_empty() || name.contains(['.', ';', '[']) || name.len() > 65535 {
            return Err(LinkError::no_class(name));
        }
        let found = match self.classpath.find(name) {
            Ok(Some(found)) => found,
            Ok(None) => return Err(LinkError::no_class(name)),
            Err(e) => {
                return Err(LinkError::new(
                    "java/lang/NoClassDefFoundError",
                    format!("{name} ({e})"),
                ))
            }
        };
        let file = ClassFile::parse(&found.bytes).map_err(|e| {
            LinkError::new(
                "java/lang/ClassFormatError",
                format!("{}: {}", found.origin, e.0),
            )
        })?;
        if &*file.name != name {
            return Err(LinkError::new(
                "java/lang/NoClassDefFoundError",
                format!("{name} (wrong name: {})", file.name),
            ));
        }
        if found.loader == Loader::App && is_prohibited_package(name) {
            return Err(LinkError::new(
                "java/lang/SecurityException",
                format!(
                    "Prohibited package name: {}",
                    package_of(name).replace('/', ".")
                ),
            ));
        }
        if self.loading.iter().any(|n| n == name) {
            return Err(LinkError::new(
                "java/lang/ClassCircularityError",
                name.to_string(),
            ));
        }
        self.loading.push(name.to_string());
        let key = class_key(name, &found.bytes);
        let result = self.link(file, key, found.loader, found.module, found.origin);
        self.loading.pop();
        let id = result?;
        tracing::trace!(class = name, id, "loaded");
        Ok(id)
    }

    fn link(
        &mut self,
        file: ClassFile,
        key: u64,
        loader: Loader,
        module: Option<String>,
        origin: String,
    ) -> Result<ClassId, LinkError> {
        let super_class = match &file.super_name {
            Some(s) => {
                let id = self.load(s)?;
                let sup = self.get(id);
                if sup.is_interface() {
                    return Err(LinkError::new(
                        "java/lang/IncompatibleClassChangeError",
                        format!("class {} has interface {} as super class", file.name, s),
                    ));
                }
                if sup.access & access::FINAL != 0 {
                    return Err(LinkError::new(
                        "java/lang/VerifyError",
                        format!("Cannot inherit from final class {}", s.replace('/', ".")),
                    ));
                }
                Some(id)
            }
            None => None,
        };
        let mut interfaces = Vec::with_capacity(file.interfaces.len());
        for i in &file.interfaces {
            let id = self.load(i)?;
            if !self.get(id).is_interface() {
                return Err(LinkError::new(
                    "java/lang/IncompatibleClassChangeError",
                    format!(
                        "class {} can not implement {}, because it is not an interface",
                        file.name, i
                    ),
                ));
            }
            interfaces.push(id);
        }
        let attrs = ClassAttrs {
            major: file.major,
            source_file: file.source_file.clone(),
            bootstrap_methods: file.bootstrap_methods.clone(),
            inner_classes: file.inner_classes.clone(),
            nest_host: file.nest_host.clone(),
            nest_members: file.nest_members.clone(),
            record: file.record.clone(),
            signature: file.signature.clone(),
            enclosing_method: file.enclosing_method.clone(),
            permitted_subclasses: file.permitted_subclasses.clone(),
        };
        let fields = file.fields.clone();
        Ok(self.install(Install {
            name: file.name.clone(),
            key,
            access: file.access,
            loader,
            module: module.map(Rc::from),
            origin: Rc::from(origin),
            super_class,
            interfaces,
            fields,
            methods: file.methods,
            pool: file.pool,
            attrs,
        }))
    }

    /// Defines a class from `bytes` in `loader` and `module` (`ClassLoader.defineClass`, and
    /// `Lookup.defineClass`/`defineHiddenClass` in the lookup class's), `origin` naming who
    /// defined it. A hidden class is named after its bytes (`name/0x<hash>`, as HotSpot
    /// appends an address), and its own references to its class file name mean itself. The
    /// same bytes define a class once.
    pub fn define_from_bytes(
        &mut self,
        bytes: &[u8],
        loader: Loader,
        module: Option<String>,
        hidden: bool,
        origin: String,
    ) -> Result<ClassId, LinkError> {
        let mut file = ClassFile::parse(bytes)
            .map_err(|e| LinkError::new("java/lang/ClassFormatError", e.0))?;
        let original = file.name.clone();
        let key = class_key(&original, bytes);
        if hidden {
            let name: Rc<str> = Rc::from(format!("{original}/0x{key:016x}"));
            if let Some(&id) = self.by_name.get(&*name) {
                return Ok(id);
            }
            for c in file.pool.iter_mut() {
                match c {
                    Constant::Class(n) if *n == original => *n = name.clone(),
                    Constant::FieldRef(m)
                    | Constant::MethodRef(m)
                    | Constant::MethodHandle { member: m, .. }
                        if m.class == original =>
                    {
                        m.class = name.clone()
                    }
                    _ => {}
                }
            }
            file.name = name;
        } else if let Some(&id) = self.by_name.get(&*original) {
            // Classes outlive the paths of a search: the same bytes defining the class again
            // (another path through the same definition) find it defined.
            if self.get(id).key == key {
                return Ok(id);
            }
            return Err(LinkError::new(
                "java/lang/LinkageError",
                format!("duplicate class definition: {}", original.replace('/', ".")),
            ));
        }
        let origin = if hidden {
            HIDDEN_ORIGIN.to_string()
        } else {
            origin
        };
        self.link(file, key, loader, module, origin)
    }

    /// Defines a class rpf generated; its name must be unique.
    pub fn define_synthetic(&mut self, spec: SyntheticClass) -> ClassId {
        let fields = spec
            .fields
            .into_iter()
            .map(|(name, ty, access)| FieldDef {
                access,
                name: Rc::from(name),
                desc: Rc::from(ty.descriptor()),
                ty,
                constant: None,
                signature: None,
            })
            .collect();
        self.install(Install {
            key: class_key(&spec.name, SYNTHESIZED_ORIGIN.as_bytes()),
            name: Rc::from(spec.name.as_str()),
            access: access::FINAL | access::SYNTHETIC | access::SYNCHRONIZED,
            loader: spec.loader,
            module: None,
            origin: Rc::from(SYNTHESIZED_ORIGIN),
            super_class: Some(spec.super_class),
            interfaces: spec.interfaces,
            fields,
            methods: spec.methods,
            pool: spec.pool,
            attrs: ClassAttrs::default(),
        })
    }

    fn install(&mut self, c: Install) -> ClassId {
        let id = self.list.len() as ClassId;
        let sup = c.super_class.map(|s| self.get(s).clone());
        let mut ancestors: Vec<ClassId> = sup
            .as_ref()
            .map(|s| s.ancestors.to_vec())
            .unwrap_or_default();
        let is_interface = c.access & access::INTERFACE != 0;
        if !is_interface {
            ancestors.push(id);
        }
        let mut all_interfaces: Vec<ClassId> = sup
            .as_ref()
            .map(|s| s.all_interfaces.to_vec())
            .unwrap_or_default();
        for &i in &c.interfaces {
            all_interfaces.push(i);
            all_interfaces.extend_from_slice(&self.get(i).all_interfaces);
        }
        if is_interface {
            all_interfaces.push(id);
        }
        all_interfaces.sort_unstable();
        all_interfaces.dedup();

        let mut instance_defaults: Vec<Value> = sup
            .as_ref()
            .map(|s| s.instance_defaults.to_vec())
            .unwrap_or_default();
        let mut static_defaults = Vec::new();
        let fields: Vec<Field> = c
            .fields
            .into_iter()
            .map(|f| {
                let zero = Value::zero(f.ty.basic());
                let slot = if f.access & access::STATIC != 0 {
                    static_defaults.push(zero);
                    static_defaults.len() - 1
                } else {
                    instance_defaults.push(zero);
                    instance_defaults.len() - 1
                } as u32;
                Field {
                    desc: f.desc,
                    name: f.name,
                    ty: f.ty,
                    access: f.access,
                    slot,
                    constant: f.constant,
                    signature: f.signature,
                }
            })
            .collect();

        let mut vtable: Vec<MethodId> = if is_interface {
            Vec::new()
        } else {
            sup.as_ref().map(|s| s.vtable.to_vec()).unwrap_or_default()
        };
        let first_method = self.methods.len() as MethodId;
        let mut method_ids = Vec::with_capacity(c.methods.len());
        let mut clinit = None;
        for (i, def) in c.methods.into_iter().enumerate() {
            let mid = first_method + i as MethodId;
            let virtual_ =
                def.access & (access::STATIC | access::PRIVATE) == 0 && !def.name.starts_with('<');
            let vtable_index = if virtual_ && !is_interface {
                let slot = vtable.iter().position(|&e| {
                    let e = self.method(e);
                    e.name == def.name && e.desc == def.desc
                });
                Some(match slot {
                    Some(s) => {
                        vtable[s] = mid;
                        s
                    }
                    None => {
                        vtable.push(mid);
                        vtable.len() - 1
                    }
                } as u32)
            } else {
                None
            };
            if &*def.name == "<clinit>" && def.access & access::STATIC != 0 {
                clinit = Some(mid);
            }
            let linked = self.natives.lookup(&c.name, &def.name, &def.desc);
            let param_slots = def.parsed.param_slots();
            let is_static = def.access & access::STATIC != 0;
            let polymorphic = matches!(
                &*c.name,
                "java/lang/invoke/MethodHandle" | "java/lang/invoke/VarHandle"
            ) && def.access & access::NATIVE != 0
                && def.access & access::VARARGS != 0;
            let method = Method {
                id: mid,
                key: method_key(c.key, i),
                polymorphic,
                meaning: linked.meaning,
                class: id,
                arg_slots: param_slots + u16::from(!is_static),
                arg_entries: def.parsed.params.len() as u16 + u16::from(!is_static),
                wide_args: def.parsed.params.iter().any(|p| p.slots() == 2),
                params: def.parsed.params.into(),
                ret: def.parsed.ret,
                name: def.name,
                desc: def.desc,
                access: def.access,
                code: def.code,
                native: linked.native,
                vtable_index,
                exceptions: def.exceptions.into(),
                signature: def.signature,
            };
            // Methods are pushed in order, so `mid` is this method's index.
            self.by_key.insert(method.key, mid);
            self.methods.push(Rc::new(method));
            method_ids.push(mid);
        }
        if !is_interface {
            self.add_interface_methods(id, &mut vtable, &all_interfaces);
        }
        let class = Class {
            id,
            key: c.key,
            name: c.name.clone(),
            access: c.access,
            loader: c.loader,
            module: c.module,
            origin: c.origin,
            kind: ClassKind::Instance,
            super_class: c.super_class,
            interfaces: c.interfaces.into(),
            ancestors: ancestors.into(),
            all_interfaces: all_interfaces.into(),
            fields: fields.into(),
            instance_defaults: instance_defaults.into(),
            static_defaults: static_defaults.into(),
            methods: method_ids.into(),
            vtable: vtable.into(),
            cache: (0..c.pool.len()).map(|_| OnceCell::new()).collect(),
            sites: (0..c.pool.len()).map(|_| Cell::new(EMPTY_SITE)).collect(),
            pool: c.pool.into(),
            attrs: c.attrs,
            clinit,
            system: c.loader == Loader::Boot,
        };
        self.by_name.insert(c.name, id);
        self.list.push(Rc::new(class));
        id
    }

    /// Fills vtable slots for interface methods the class does not implement itself (default
    /// methods and, for abstract classes, abstract "miranda" entries).
    fn add_interface_methods(
        &self,
        class: ClassId,
        vtable: &mut Vec<MethodId>,
        interfaces: &[ClassId],
    ) {
        for &iface in interfaces {
            for &im in self.get(iface).methods.iter() {
                let m = self.method(im);
                if !m.is_virtual() {
                    continue;
                }
                let existing = vtable.iter().position(|&e| {
                    let e = self.method(e);
                    e.name == m.name && e.desc == m.desc
                });
                let selected = self
                    .maximally_specific(interfaces, &m.name, &m.desc)
                    .unwrap_or(im);
                match existing {
                    None => vtable.push(selected),
                    Some(slot) => {
                        let current = self.method(vtable[slot]);
                        // A class's own (or inherited class) method always wins; an interface
                        // entry is replaced by a more specific interface method.
                        let inherited_from_interface =
                            current.class != class && self.get(current.class).is_interface();
                        if inherited_from_interface && current.id != selected {
                            vtable[slot] = selected;
                        }
                    }
                }
            }
        }
    }

    /// JVMS 5.4.3.3: the maximally-specific superinterface method, preferring a unique
    /// non-abstract (default) one.
    pub fn maximally_specific(
        &self,
        interfaces: &[ClassId],
        name: &str,
        desc: &str,
    ) -> Option<MethodId> {
        let candidates: Vec<MethodId> = interfaces
            .iter()
            .filter_map(|&i| self.find_method(i, name, desc))
            .filter(|&m| self.method(m).is_virtual())
            .collect();
        let specific: Vec<MethodId> = candidates
            .iter()
            .copied()
            .filter(|&m| {
                let declaring = self.method(m).class;
                !candidates.iter().any(|&other| {
                    let oc = self.method(other).class;
                    oc != declaring
                        && self
                            .get(oc)
                            .all_interfaces
                            .binary_search(&declaring)
                            .is_ok()
                })
            })
            .collect();
        specific
            .iter()
            .copied()
            .find(|&m| !self.method(m).is_abstract())
            .or_else(|| specific.first().copied())
    }

    fn load_array(&mut self, name: &str) -> Result<ClassId, LinkError> {
        let element = &name[1..];
        let bad = || LinkError::no_class(name);
        let ty = descriptor::parse_field(element).ok_or_else(bad)?;
        let component = match &ty {
            FieldType::Object(n) | FieldType::Array(n) => self.load(n)?,
            prim => self.primitive(prim.primitive_char().ok_or_else(bad)?),
        };
        if name.bytes().take_while(|&b| b == b'[').count() > 255 {
            return Err(bad());
        }
        let object = self.load("java/lang/Object")?;
        let cloneable = self.load("java/lang/Cloneable")?;
        let serializable = self.load("java/io/Serializable")?;
        let comp = self.get(component).clone();
        let elem = ElemKind::from_descriptor(element.as_bytes()[0]);
        let id = self.list.len() as ClassId;
        let object_class = self.get(object).clone();
        let mut all_interfaces = vec![cloneable, serializable];
        all_interfaces.sort_unstable();
        let class = Class {
            id,
            key: class_key(name, b"array"),
            name: Rc::from(name),
            access: (comp.access & (access::PUBLIC | access::PRIVATE | access::PROTECTED))
                | access::FINAL
                | access::ABSTRACT,
            loader: comp.loader,
            module: comp.module.clone(),
            origin: comp.origin.clone(),
            kind: ClassKind::Array { component, elem },
            super_class: Some(object),
            interfaces: vec![cloneable, serializable].into(),
            ancestors: vec![object, id].into(),
            all_interfaces: all_interfaces.into(),
            fields: Box::new([]),
            instance_defaults: Rc::from(Vec::new()),
            static_defaults: Box::new([]),
            methods: Box::new([]),
            vtable: object_class.vtable.clone(),
            pool: Box::new([]),
            cache: Box::new([]),
            sites: Box::new([]),
            attrs: ClassAttrs::default(),
            clinit: None,
            system: comp.loader == Loader::Boot,
        };
        self.by_name.insert(Rc::from(name), id);
        self.list.push(Rc::new(class));
        Ok(id)
    }

    /// The class of a primitive type by descriptor character (`V` for void).
    pub fn primitive(&mut self, c: char) -> ClassId {
        let name = primitive_name(c);
        if let Some(&id) = self.by_name.get(name) {
            return id;
        }
        let id = self.list.len() as ClassId;
        let class = Class {
            id,
            key: class_key(name, b"primitive"),
            name: Rc::from(name),
            access: access::PUBLIC | access::FINAL | access::ABSTRACT,
            loader: Loader::Boot,
            module: Some(Rc::from("java.base")),
            origin: Rc::from("primitive"),
            kind: ClassKind::Primitive(c),
            super_class: None,
            interfaces: Box::new([]),
            ancestors: vec![id].into(),
            all_interfaces: Box::new([]),
            fields: Box::new([]),
            instance_defaults: Rc::from(Vec::new()),
            static_defaults: Box::new([]),
            methods: Box::new([]),
            vtable: Box::new([]),
            pool: Box::new([]),
            cache: Box::new([]),
            sites: Box::new([]),
            attrs: ClassAttrs::default(),
            clinit: None,
            system: true,
        };
        self.by_name.insert(Rc::from(name), id);
        self.list.push(Rc::new(class));
        id
    }

    /// Whether `sub` is `sup` or a subclass of it (both classes, not interfaces).
    #[inline]
    pub fn is_subclass(&self, sub: ClassId, sup: ClassId) -> bool {
        let s = self.get(sub);
        let depth = self.get(sup).ancestors.len();
        depth > 0 && s.ancestors.get(depth - 1) == Some(&sup)
    }

    /// JVMS assignability of a value of class `from` to type `to` (checkcast/instanceof).
    pub fn is_assignable(&self, from: ClassId, to: ClassId) -> bool {
        if from == to {
            return true;
        }
        let t = self.get(to);
        let f = self.get(from);
        if t.is_interface() {
            return f.all_interfaces.binary_search(&to).is_ok();
        }
        match (&f.kind, &t.kind) {
            (ClassKind::Array { component: fc, .. }, ClassKind::Array { component: tc, .. }) => {
                let (fc, tc) = (*fc, *tc);
                match (&self.get(fc).kind, &self.get(tc).kind) {
                    (ClassKind::Primitive(a), ClassKind::Primitive(b)) => a == b,
                    (ClassKind::Primitive(_), _) | (_, ClassKind::Primitive(_)) => false,
                    _ => self.is_assignable(fc, tc),
                }
            }
            (ClassKind::Primitive(_), _) | (_, ClassKind::Primitive(_)) => false,
            _ => self.is_subclass(from, to),
        }
    }
}

/// Everything [`Classes::install`] needs, from a class file or from rpf.
struct Install {
    name: Rc<str>,
    key: u64,
    access: u16,
    loader: Loader,
    module: Option<Rc<str>>,
    origin: Rc<str>,
    super_class: Option<ClassId>,
    interfaces: Vec<ClassId>,
    fields: Vec<FieldDef>,
    methods: Vec<MethodDef>,
    pool: Vec<crate::classfile::Constant>,
    attrs: ClassAttrs,
}

/// Primitive types' class names by descriptor character.
const PRIMITIVES: [(char, &str); 9] = [
    ('Z', "boolean"),
    ('B', "byte"),
    ('C', "char"),
    ('S', "short"),
    ('I', "int"),
    ('J', "long"),
    ('F', "float"),
    ('D', "double"),
    ('V', "void"),
];

/// The name of a primitive type's class by descriptor character (`V` and unknown ones:
/// void).
fn primitive_name(c: char) -> &'static str {
    PRIMITIVES
        .iter()
        .find(|&&(d, _)| d == c)
        .map_or("void", |&(_, name)| name)
}

fn package_of(name: &str) -> &str {
    name.rsplit_once('/').map(|(p, _)| p).unwrap_or("")
}

/// Application classes may not define classes in `java.*` (like the JVM).
fn is_prohibited_package(name: &str) -> bool {
    name.starts_with("java/")
}
