//! Creating objects, class statics and mirrors, and writing fields: the operations that
//! allocate or store outside the interpreter's own instructions, telling the machine.

use crate::class::{ClassId, ClassKind};
use crate::heap::{Obj, ObjData};
use crate::loader::LinkError;
use crate::machine::{Machine, VmEventKind};
use crate::state::ClassState;
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::{Jvm, Vm};

/// Whether a plugin may instantiate a class ([`Jvm::instantiable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Instantiable {
    /// Loaded and initialized.
    Ready(ClassId),
    /// Not initialized yet (see [`Vm::start_initialization`]).
    Uninitialized(ClassId),
    /// The class cannot be instantiated (not found, abstract, an interface or an array).
    Failed(String),
}

impl Jvm {
    /// Whether a plugin may instantiate class `name` (internal name): loaded here.
    pub fn instantiable(&mut self, name: &str) -> Instantiable {
        let class = match self.classes.load(name) {
            Ok(c) => c,
            Err(e) => return Instantiable::Failed(e.to_string()),
        };
        let c = self.classes.get(class);
        if c.access & (crate::classfile::access::ABSTRACT | crate::classfile::access::INTERFACE)
            != 0
            || c.is_array()
        {
            return Instantiable::Failed(format!("{} cannot be instantiated", c.java_name()));
        }
        if self.class_state_of(class).init == crate::state::InitState::Done {
            Instantiable::Ready(class)
        } else {
            Instantiable::Uninitialized(class)
        }
    }

    /// A zeroed instance of `class` (initialized) that a plugin asked for: no constructor
    /// runs, and the object stays alive for the rest of the path (it is pinned), whether or
    /// not the program still reaches it. No `ObjectCreated` event reports it: the program
    /// did not create it.
    pub fn new_pinned(&mut self, class: ClassId) -> Ref {
        let r = self
            .state
            .heap
            .alloc(Obj::new(class, self.zeroed_instance(class)));
        std::rc::Rc::make_mut(&mut self.state.pinned).push(r);
        r
    }

    /// The fields of a new, zeroed instance of `class`.
    fn zeroed_instance(&self, class: ClassId) -> ObjData {
        ObjData::Fields(
            self.classes
                .get(class)
                .instance_defaults
                .iter()
                .copied()
                .collect(),
        )
    }
}

impl<M: Machine> Vm<M> {
    /// The state of class `id`, to change it (created on first use). Reading through
    /// [`class_state_of`](crate::vm::Jvm::class_state_of) instead leaves the table shared with saved
    /// states, and its identity tells fingerprints and footprints that nothing changed.
    #[inline]
    pub fn class_state(&mut self, id: ClassId) -> &mut ClassState {
        let i = id as usize;
        if i >= self.state.class_states.len() {
            self.state.class_states.resize(i + 1, ClassState::default());
        }
        self.state
            .class_states
            .get_mut(i)
            .expect("class state exists after resize")
    }

    /// The statics object of `id`, allocated (zeroed) on first use.
    #[inline]
    pub fn statics(&mut self, id: ClassId) -> Ref {
        let existing = self.class_state_of(id).statics;
        if !existing.is_null() {
            return existing;
        }
        self.allocate_statics(id)
    }

    /// [`statics`](Self::statics) on first use.
    #[inline(never)]
    fn allocate_statics(&mut self, id: ClassId) -> Ref {
        let defaults = self.classes.get(id).static_defaults.clone();
        let r = self.alloc(id, ObjData::Fields(defaults));
        self.class_state(id).statics = r;
        r
    }

    /// The `java.lang.Class` object of `id`.
    ///
    /// The VM's class id is kept in the mirror's `classRedefinedCount` field, which the JDK
    /// only compares for equality to validate its reflection cache (classes are never
    /// redefined under rpf).
    pub fn mirror(&mut self, id: ClassId) -> Ref {
        let existing = self.class_state_of(id).mirror;
        if !existing.is_null() {
            return existing;
        }
        let class_class = self.known.class;
        let mut fields = self.classes.get(class_class).instance_defaults.to_vec();
        if let Some(slot) = fields.get_mut(self.known.class_vm_id as usize) {
            *slot = Value::Int(id as i32);
        }
        let r = self.alloc(class_class, ObjData::Fields(fields.into()));
        self.class_state(id).mirror = r;
        let module = self.unnamed_module;
        self.set_field_by_name(r, "module", Value::Ref(module));
        if let ClassKind::Array { component, .. } = self.classes.get(id).kind {
            let component_mirror = self.mirror(component);
            self.set_field_by_name(r, "componentType", Value::Ref(component_mirror));
        }
        r
    }

    /// Stores a new object and returns its reference.
    #[inline]
    pub fn alloc(&mut self, class: ClassId, data: ObjData) -> Ref {
        let r = self.state.heap.alloc(Obj::new(class, data));
        if M::wants(self, VmEventKind::ObjectCreated) {
            // Reported when the allocating operation ends (see `report_deferred`), where the
            // allocating thread's frames are at hand.
            self.regs.created.push(r);
        }
        r
    }

    /// The identity hash of `r` (`Object.hashCode`), assigned on first request from the
    /// requesting thread's own counter, so that it does not depend on allocation order.
    pub fn identity_hash(&mut self, r: Ref) -> i32 {
        if let Some(h) = self.state.heap.get(r).and_then(|o| o.identity) {
            return h;
        }
        if self.state.heap.get(r).is_none() {
            return 0;
        }
        let t = self.state.current;
        let n = self
            .state
            .threads
            .get(t)
            .map(|th| th.hash_counter)
            .unwrap_or(0);
        if let Some(th) = self.state.threads.get_mut(t) {
            th.hash_counter += 1;
        }
        let mut x = ((t as u64) << 32 | u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 32;
        let h = ((x as u32 & 0x7FFF_FFFF) | 1) as i32;
        self.state.heap.set_identity(r, h);
        if self.state.heap.get(r).is_some_and(|o| o.interned) {
            self.state.strings.note_hashed(r);
        }
        h
    }

    /// Allocates a zeroed instance of `class` (no constructor runs).
    pub fn new_object(&mut self, class: ClassId) -> Ref {
        let fields = self.zeroed_instance(class);
        self.alloc(class, fields)
    }

    /// Allocates an instance of `class` whose fields are the defaults but for `values` (by
    /// slot): what `new_object` and a `write_field` per value leave, without looking the
    /// new object up again for each write.
    pub fn new_object_with(&mut self, class: ClassId, values: &[(u32, Value)]) -> Ref {
        let mut data = self.zeroed_instance(class);
        if let ObjData::Fields(fields) = &mut data {
            for &(slot, v) in values {
                if let Some(field) = fields.get_mut(slot as usize) {
                    *field = v;
                }
            }
        }
        self.alloc(class, data)
    }

    /// Starts the initialization of `class` on the running thread (`exec`), whose current
    /// instruction then runs again once it is done (for a plugin's [`Instantiable::Uninitialized`]).
    pub fn start_initialization(&mut self, exec: &mut Exec, class: ClassId) {
        // Ok(true): done meanwhile; otherwise frames were pushed, an error was thrown or
        // the thread waits: in every case the instruction runs again or unwinds.
        let _ = self.ensure_initialized(exec, class);
    }

    /// Allocates an array of the given array class for the VM's own use: its length is the
    /// size of a VM structure, not one the program asked for (those go through
    /// [`alloc_array`](Self::alloc_array) and the heap limit).
    pub fn new_array(&mut self, array_class: ClassId, len: usize) -> Ref {
        let elem = self.classes.get(array_class).elem_kind();
        let data = ObjData::new_array(elem, len).unwrap_or_else(|| {
            // As Rust's own collections do when rpf is out of memory.
            let bytes = len.saturating_mul(elem.size());
            let layout = std::alloc::Layout::from_size_align(bytes, 8)
                .unwrap_or(std::alloc::Layout::new::<u64>());
            std::alloc::handle_alloc_error(layout)
        });
        self.alloc(array_class, data)
    }

    /// Allocates a reference array of the given array class holding `items`.
    pub fn new_array_of(&mut self, array_class: ClassId, items: &[Ref]) -> Ref {
        let array = self.new_array(array_class, items.len());
        for (i, &r) in items.iter().enumerate() {
            self.state.heap.store_element(array, i, Value::Ref(r));
        }
        array
    }

    /// Writes instance field `slot` of `r`.
    #[inline]
    pub fn set_field(&mut self, r: Ref, slot: u32, v: Value) {
        if M::EXPLORES {
            let old = self.field(r, slot);
            self.state.heap.write_field(r, slot, v);
            M::stored(self, r, old, v);
        } else {
            self.state.heap.write_field(r, slot, v);
        }
    }

    /// Writes a named instance field (slow path).
    pub fn set_field_by_name(&mut self, r: Ref, name: &str, v: Value) {
        if let Some(slot) = self.class_of(r).and_then(|c| self.field_slot(c, name)) {
            self.set_field(r, slot, v);
        }
    }

    /// Reads a static field by class and name (class must be initialized by the caller).
    pub fn static_by_name(&mut self, class: ClassId, name: &str) -> Value {
        let Some(slot) = self
            .classes
            .get(class)
            .field_named(name)
            .filter(|f| f.is_static())
            .map(|f| f.slot)
        else {
            return Value::Void;
        };
        let statics = self.statics(class);
        self.field(statics, slot)
    }

    /// Loads a class by internal name, for VM-internal use (startup and natives).
    pub fn load(&mut self, name: &str) -> Result<ClassId, LinkError> {
        self.classes.load(name)
    }
}
