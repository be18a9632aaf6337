//! Runtime classes, fields and methods: what linking a class file produces, with the cache
//! of what each constant pool entry resolved to.

use std::cell::{Cell, OnceCell};
use std::rc::Rc;

use crate::classfile::{
    access, BasicType, Bootstrap, Code, Constant, FieldType, InnerClass, RecordComponent,
};
use crate::classpath::Loader;
use crate::linkage::{Meaning, NativeId, Pure};
use crate::value::{ElemKind, Ref, Value};

/// Index of a loaded class in the registry.
pub type ClassId = u32;
/// Index of a method in the registry.
pub type MethodId = u32;

/// A declared field.
#[derive(Debug, Clone)]
pub struct Field {
    /// Name.
    pub name: Rc<str>,
    /// Descriptor text.
    pub desc: Rc<str>,
    /// Parsed type.
    pub ty: FieldType,
    /// Access flags.
    pub access: u16,
    /// Slot in the instance field vector or in the class's statics object.
    pub slot: u32,
    /// ConstantValue pool index for static constants.
    pub constant: Option<u16>,
    /// Generic signature.
    pub signature: Option<Rc<str>>,
}

impl Field {
    /// Whether the field is static.
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }

    /// Whether the field is volatile (JMM: accesses never race).
    pub fn is_volatile(&self) -> bool {
        self.access & access::VOLATILE != 0
    }
}

/// What sort of class this is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassKind {
    /// A class or interface from a class file (or synthesized by rpf).
    Instance,
    /// An array class.
    Array {
        /// Element class.
        component: ClassId,
        /// Element storage kind.
        elem: ElemKind,
    },
    /// `int.class` and friends (and `void.class`).
    Primitive(char),
}

/// Attributes of a class that reflection and invokedynamic need.
#[derive(Debug, Clone, Default)]
pub struct ClassAttrs {
    /// Class file major version (0 for synthesized classes).
    pub major: u16,
    /// SourceFile.
    pub source_file: Option<Rc<str>>,
    /// BootstrapMethods.
    pub bootstrap_methods: Vec<Bootstrap>,
    /// InnerClasses.
    pub inner_classes: Vec<InnerClass>,
    /// NestHost.
    pub nest_host: Option<Rc<str>>,
    /// NestMembers.
    pub nest_members: Vec<Rc<str>>,
    /// Record components.
    pub record: Option<Vec<RecordComponent>>,
    /// Generic signature.
    pub signature: Option<Rc<str>>,
    /// EnclosingMethod.
    pub enclosing_method: Option<crate::classfile::EnclosingMethod>,
    /// PermittedSubclasses.
    pub permitted_subclasses: Vec<Rc<str>>,
}

/// A linked class.
#[derive(Debug)]
pub struct Class {
    /// Registry index (the order classes were loaded in, which differs between VMs that
    /// took different paths).
    pub id: ClassId,
    /// Identifies the class whatever the order classes were loaded in: a hash of its name
    /// and defining bytes ([`class_key`]). What is compared between VMs (state
    /// fingerprints) uses keys, never ids.
    pub key: u64,
    /// Internal name, array descriptor, or primitive keyword.
    pub name: Rc<str>,
    /// Class access flags.
    pub access: u16,
    /// Defining loader.
    pub loader: Loader,
    /// JDK module, for stack traces.
    pub module: Option<Rc<str>>,
    /// Where the bytes came from.
    pub origin: Rc<str>,
    /// Instance, array or primitive.
    pub kind: ClassKind,
    /// Superclass.
    pub super_class: Option<ClassId>,
    /// Direct superinterfaces.
    pub interfaces: Box<[ClassId]>,
    /// Superclass chain from `java.lang.Object` down to this class.
    pub ancestors: Box<[ClassId]>,
    /// Every superinterface, transitively, sorted (binary searched by subtype checks).
    pub all_interfaces: Box<[ClassId]>,
    /// Declared fields.
    pub fields: Box<[Field]>,
    /// Zero values of all instance slots, inherited first.
    pub instance_defaults: Rc<[Value]>,
    /// Zero values of this class's static slots.
    pub static_defaults: Box<[Value]>,
    /// Declared methods.
    pub methods: Box<[MethodId]>,
    /// Virtual dispatch table.
    pub vtable: Box<[MethodId]>,
    /// Constant pool.
    pub pool: Box<[Constant]>,
    /// Resolution results per pool entry.
    pub cache: Box<[OnceCell<crate::class::Resolved>]>,
    /// Per method reference in the pool, the call site's inline cache (see [`Site`]).
    pub sites: Box<[Cell<Site>]>,
    /// Attributes for reflection and invokedynamic.
    pub attrs: ClassAttrs,
    /// `<clinit>`, if any.
    pub clinit: Option<MethodId>,
    /// Part of the Java class library (defined by the boot loader): runs atomically under the
    /// default scheduling policy.
    pub system: bool,
}

/// The origin of the classes rpf generates (lambda proxies, reflection adapters, string
/// concatenation): what stands for HotSpot's hidden classes.
pub const SYNTHESIZED_ORIGIN: &str = "rpf synthesized";

/// The origin of hidden classes the program defines (`Lookup.defineHiddenClass`; the JDK's
/// compiled lambda forms).
pub const HIDDEN_ORIGIN: &str = "hidden class";

impl Class {
    /// Whether the class stands for one of HotSpot's hidden classes: rpf's generated classes
    /// and the program's hidden ones (stack walks leave out their frames).
    pub fn is_hidden(&self) -> bool {
        &*self.origin == SYNTHESIZED_ORIGIN || &*self.origin == HIDDEN_ORIGIN
    }

    /// Whether this is an interface.
    #[inline]
    pub fn is_interface(&self) -> bool {
        self.access & access::INTERFACE != 0
    }

    /// Whether this is an array class.
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self.kind, ClassKind::Array { .. })
    }

    /// Whether `new` can make an instance of the class: neither abstract, nor an interface,
    /// nor an array class.
    #[inline]
    pub fn is_instantiable(&self) -> bool {
        self.access & (access::ABSTRACT | access::INTERFACE) == 0 && !self.is_array()
    }

    /// The kind of element of an array class (references for other classes).
    pub fn elem_kind(&self) -> ElemKind {
        match self.kind {
            ClassKind::Array { elem, .. } => elem,
            _ => ElemKind::Ref,
        }
    }

    /// The Java name with dots (`java.lang.String`, `[I`, `[Ljava.lang.String;`).
    pub fn java_name(&self) -> String {
        self.name.replace('/', ".")
    }

    /// The package in internal form (`java/lang`), empty for the unnamed package.
    pub fn package(&self) -> &str {
        match self.kind {
            ClassKind::Instance => self.name.rsplit_once('/').map(|(p, _)| p).unwrap_or(""),
            _ => "",
        }
    }

    /// Finds a declared field by name and descriptor.
    pub fn field(&self, name: &str, desc: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| &*f.name == name && &*f.desc == desc)
    }

    /// The position of declared method `method` among the class's methods (what
    /// reflection calls its slot).
    pub fn method_index(&self, method: MethodId) -> usize {
        self.methods
            .iter()
            .position(|&m| m == method)
            .unwrap_or(usize::MAX)
    }

    /// Finds a declared field by name only (reflection, Unsafe.objectFieldOffset).
    pub fn field_named(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| &*f.name == name)
    }
}

/// Per-method data that only natives and synthesized methods have.
#[derive(Clone, Copy)]
pub enum Body<'a> {
    /// Interpreted bytecode.
    Code(&'a Code),
    /// A Rust native (or an intrinsic replacing bytecode).
    Native(NativeId),
    /// Abstract or unbound native.
    None,
}

/// A method of a linked class.
pub struct Method {
    /// Registry index.
    pub id: MethodId,
    /// Identifies the method whatever the order classes were loaded in (see
    /// [`Class::key`]; [`method_key`]).
    pub key: u64,
    /// Declaring class.
    pub class: ClassId,
    /// Name.
    pub name: Rc<str>,
    /// Descriptor.
    pub desc: Rc<str>,
    /// Access flags.
    pub access: u16,
    /// Parameter types.
    pub params: Box<[FieldType]>,
    /// Return type (`None` = void).
    pub ret: Option<FieldType>,
    /// JVMS argument slots including the receiver.
    pub arg_slots: u16,
    /// Operand stack entries the arguments take, including the receiver.
    pub arg_entries: u16,
    /// Whether some argument is a long or double (locals then need re-spacing).
    pub wide_args: bool,
    /// Bytecode, if interpreted.
    pub code: Option<Code>,
    /// Native implementation or intrinsic, bound at link time.
    pub native: Option<NativeId>,
    /// Slot in the declaring class's vtable.
    pub vtable_index: Option<u32>,
    /// A signature-polymorphic method of MethodHandle/VarHandle (its call sites' descriptors
    /// differ from its own).
    pub polymorphic: bool,
    /// What calling it means to a machine that schedules threads and tracks memory, as
    /// registered with the natives (decided once here, not per call).
    pub meaning: Meaning,
    /// Declared exceptions.
    pub exceptions: Box<[Rc<str>]>,
    /// Generic signature.
    pub signature: Option<Rc<str>>,
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Method({}{} of class {})",
            self.name, self.desc, self.class
        )
    }
}

impl Method {
    /// Whether the method is static.
    #[inline]
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }

    /// Whether the method is synchronized.
    #[inline]
    pub fn is_synchronized(&self) -> bool {
        self.access & access::SYNCHRONIZED != 0
    }

    /// Whether the method is abstract.
    #[inline]
    pub fn is_abstract(&self) -> bool {
        self.access & access::ABSTRACT != 0
    }

    /// Whether the method is private.
    #[inline]
    pub fn is_private(&self) -> bool {
        self.access & access::PRIVATE != 0
    }

    /// Whether the method is declared native in its class file.
    #[inline]
    pub fn is_native(&self) -> bool {
        self.access & access::NATIVE != 0
    }

    /// How the method executes.
    #[inline]
    pub fn body(&self) -> Body<'_> {
        if let Some(n) = self.native {
            Body::Native(n)
        } else if let Some(c) = &self.code {
            Body::Code(c)
        } else {
            Body::None
        }
    }

    /// Whether dispatch can select this method for an instance call.
    pub fn is_virtual(&self) -> bool {
        self.access & (access::STATIC | access::PRIVATE) == 0 && !self.name.starts_with('<')
    }
}

/// The key of a class named `name` defined by `bytes` (its class file, or what rpf made it
/// from: see [`Class::key`]).
pub fn class_key(name: &str, bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    // SipHash with fixed keys: the same in every VM of a run.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    name.hash(&mut h);
    bytes.hash(&mut h);
    h.finish()
}

/// The key of the `index`-th method declared by the class keyed `class`.
pub fn method_key(class: u64, index: usize) -> u64 {
    let mut x = class ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// A call site's inline cache ([`Class::sites`]): the receiver classes an invoke through it
/// last saw and the methods selected for them, the latest first; two, so that a site called
/// alternately on two classes (a visitor's, say) keeps hitting. A key of [`STATIC_CALL`],
/// [`PURE_CALL`], [`ready_pure`], [`SPECIAL_CALL`] or [`empty_special`] (in the first entry
/// alone) is a selection that does not depend on a receiver; [`NO_SITE`] is an empty entry.
pub type Site = [(ClassId, MethodId); 2];

/// An empty call-site cache entry (see [`Site`]).
pub const NO_SITE: (ClassId, MethodId) = (ClassId::MAX, MethodId::MAX);

/// A call-site cache with nothing in it.
pub const EMPTY_SITE: Site = [NO_SITE; 2];

/// The receiver key of a cached `invokestatic` (see [`Class::sites`]).
pub const STATIC_CALL: ClassId = ClassId::MAX - 1;

/// The receiver key of a cached `invokespecial`, whose selection does not depend on the
/// receiver's class (see [`Class::sites`]).
pub const SPECIAL_CALL: ClassId = ClassId::MAX - 2;

/// The receiver key of a cached `invokestatic` of a pure native ([`crate::linkage::Pure`]),
/// which plain execution calls without a frame (see [`Class::sites`]).
pub const PURE_CALL: ClassId = ClassId::MAX - 3;

/// The receiver key of a cached `invokestatic` of pure native `op` whose class is initialized
/// (a [`PURE_CALL`] site becomes one after its first call in plain execution): plain
/// execution's inner loop computes such a call in place.
pub const fn ready_pure(op: Pure) -> ClassId {
    PURE_CALL - 1 - op as ClassId
}

/// The operation of a [`ready_pure`] key.
#[inline(always)]
pub fn ready_pure_op(key: ClassId) -> Option<Pure> {
    let n = (PURE_CALL - 1).checked_sub(key)?;
    Pure::ALL.get(n as usize).copied()
}

/// The receiver key of a cached `invokespecial` of a method that does nothing (its code begins
/// with `return`, and it is not synchronized) whose arguments, the receiver included, take
/// `entries` operand stack entries (1 to 255). Plain execution's inner loop drops the
/// arguments instead of calling, once it has checked the receiver: every constructor ends in
/// such a call, of `Object.<init>`.
pub const fn empty_special(entries: u8) -> ClassId {
    EMPTY_SPECIAL - entries as ClassId
}

/// Below the [`ready_pure`] keys: where the [`empty_special`] keys begin.
const EMPTY_SPECIAL: ClassId = PURE_CALL - 1 - Pure::ALL.len() as ClassId;

/// The argument entries of an [`empty_special`] key.
#[inline(always)]
pub fn empty_special_entries(key: ClassId) -> Option<usize> {
    match EMPTY_SPECIAL.checked_sub(key)? {
        n @ 1..=255 => Some(n as usize),
        _ => None,
    }
}

/// Whether a call-site key is a receiver class (not one of the reserved keys above).
pub fn is_receiver_key(key: ClassId) -> bool {
    key < EMPTY_SPECIAL - 255
}

/// The field that pool entry `index` names, if its resolution already ran (`cache`: a
/// class's [`Class::cache`]); the fast paths of field instructions read it without a call.
#[inline(always)]
pub fn resolved_field(cache: &[OnceCell<Resolved>], index: u16) -> Option<FieldRef> {
    match cache.get(usize::from(index))?.get()? {
        Resolved::Field(f) => Some(*f),
        _ => None,
    }
}

/// A resolved constant pool entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    /// A class reference.
    Class(ClassId),
    /// A field reference.
    Field(FieldRef),
    /// A method reference.
    Method(MethodId),
    /// An invokedynamic call site bound to rpf's implementation of its bootstrap.
    CallSite(CallSite),
    /// A string constant's interned String, where it is the same object in every state:
    /// interned before the search, or in plain execution (which has one state).
    String(Ref),
}

/// A resolved field: where it lives and what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRef {
    /// Declaring class.
    pub class: ClassId,
    /// Slot in the instance fields or the declaring class's statics.
    pub slot: u32,
    /// Whether it is static.
    pub is_static: bool,
    /// Whether it is volatile.
    pub volatile: bool,
    /// Its basic type.
    pub basic: BasicType,
    /// Whether it is final (final fields never need scheduling points).
    pub is_final: bool,
}

/// What an invokedynamic call site is bound to.
#[derive(Debug, Clone, PartialEq)]
pub enum CallSite {
    /// Call this static method with the call site's arguments.
    Method(MethodId),
    /// `SwitchBootstraps.typeSwitch`/`enumSwitch`: pick the first matching label.
    Switch(Rc<[Label]>),
    /// `StringConcatFactory` (of a recipe without float or double arguments, whose sites
    /// are [`CallSite::Method`]s): the recipe's parts joined into a new String in one step
    /// where every argument is a String, null or an integral, char or boolean value;
    /// otherwise (or where intrinsics are off) `fallback`, the generated method that appends
    /// the parts to a StringBuilder, runs.
    Concat {
        /// The recipe.
        parts: Rc<[ConcatPart]>,
        /// The generated method.
        fallback: MethodId,
    },
}

/// One part of a string concatenation recipe.
#[derive(Debug, Clone, PartialEq)]
pub enum ConcatPart {
    /// Constant text.
    Text {
        /// Its chars.
        units: Rc<[u16]>,
        /// Whether they all fit Latin-1.
        latin1: bool,
    },
    /// A call site argument, formatted as `String.valueOf` formats its type.
    Arg {
        /// Its operand-stack entry, counted from the first argument.
        entry: u16,
        /// Its type's formatting.
        kind: ConcatArg,
    },
}

/// How a concatenation argument is formatted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConcatArg {
    /// `true` or `false`.
    Boolean,
    /// The char itself.
    Char,
    /// `byte`, `short` or `int`: decimal digits.
    Int,
    /// `long`: decimal digits.
    Long,
    /// Any reference: done directly only for a String or null (anything else needs its
    /// `toString`).
    Reference,
}

/// One case label of a pattern switch.
#[derive(Debug, Clone, PartialEq)]
pub enum Label {
    /// A type pattern: matches instances of the class.
    Type(Rc<str>),
    /// An Integer constant (matches Integer or Character selectors with that value).
    Int(i32),
    /// A String constant.
    Str(Rc<[u16]>),
    /// An enum constant by name (enumSwitch).
    EnumName(Rc<[u16]>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_pure_keys_name_their_operation_and_nothing_else() {
        for op in Pure::ALL {
            assert_eq!(ready_pure_op(ready_pure(op)), Some(op));
        }
        for key in [0, 1, 1000, PURE_CALL, SPECIAL_CALL, STATIC_CALL, NO_SITE.0] {
            assert_eq!(ready_pure_op(key), None, "{key}");
        }
        let last = ready_pure(Pure::ALL[Pure::ALL.len() - 1]);
        assert_eq!(ready_pure_op(last - 1), None);
    }

    #[test]
    fn empty_special_keys_hold_their_entries_apart_from_every_other_key() {
        for entries in [1, 2, 7, 255] {
            let key = empty_special(entries);
            assert_eq!(empty_special_entries(key), Some(usize::from(entries)));
            assert_eq!(ready_pure_op(key), None);
        }
        for op in Pure::ALL {
            assert_eq!(empty_special_entries(ready_pure(op)), None);
        }
        for key in [0, 1000, PURE_CALL, SPECIAL_CALL, STATIC_CALL, NO_SITE.0] {
            assert_eq!(empty_special_entries(key), None, "{key}");
        }
        assert_eq!(empty_special_entries(empty_special(255) - 1), None);
        assert!(is_receiver_key(empty_special(255) - 1));
        for key in [
            empty_special(255),
            empty_special(1),
            ready_pure(Pure::Sqrt),
            NO_SITE.0,
        ] {
            assert!(!is_receiver_key(key));
        }
    }
}
