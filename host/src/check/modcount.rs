//! The modification counts of the JDK's collections, set back to 0 where nothing can observe
//! them, so that a thread that keeps changing a `HashMap` or an `ArrayList` reaches states
//! it has seen before (JPF leaves these counts out of its states altogether).
//!
//! A collection's `modCount` only ever meets a copy of itself: an iterator, spliterator or
//! sublist keeps one (`expectedModCount`) to detect concurrent modification, and the
//! collection's own methods keep one in a local while they call out (`computeIfAbsent`,
//! `forEach`, `sort`, ...). Its absolute value is otherwise unobservable (the field is not
//! accessible outside `java.util`: `HashMap`'s is package-private, and `AbstractList`'s
//! protected field is reachable only from the subclass's own code, and the exact JDK
//! classes below are never user subclasses). So in a state where no thread runs code of
//! `java.util` and no holder of such a copy is reachable, setting every count to 0 changes
//! nothing any continuation can see: the states are equivalent, and matching them is sound.
//! (A program that reads the field by reflection, which `java` refuses on `java.util`,
//! could tell.)

use rpf_jvm::class::ClassId;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::vm::Jvm;

use super::fingerprint::Fingerprinter;

/// The JDK classes whose instances' `modCount` is canonicalized: the collections of
/// `java.util` that count modifications, exactly (no subclass).
const COUNTING: &[&str] = &[
    "java/util/HashMap",
    "java/util/LinkedHashMap",
    "java/util/WeakHashMap",
    "java/util/IdentityHashMap",
    "java/util/TreeMap",
    "java/util/Hashtable",
    "java/util/ArrayList",
    "java/util/Vector",
    "java/util/LinkedList",
    "java/util/PriorityQueue",
];

/// What a class is to modification counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Nothing.
    None,
    /// One of [`COUNTING`]: its `modCount` is at this slot.
    Counting(u32),
    /// It keeps a copy of a count: an iterator or spliterator (`expectedModCount`) or a
    /// sublist (its own `modCount` mirrors its root's).
    Holder,
}

/// The roles of classes, learned as the search meets them.
#[derive(Debug, Default)]
pub struct ModCounts {
    roles: Vec<Option<Role>>,
}

impl ModCounts {
    fn role(&mut self, jvm: &Jvm, class: ClassId) -> Role {
        let i = class as usize;
        if self.roles.len() <= i {
            self.roles.resize(i + 1, None);
        }
        *self.roles[i].get_or_insert_with(|| {
            let name = &*jvm.classes.get(class).name;
            if jvm.field_slot(class, "expectedModCount").is_some() || name.contains("SubList") {
                Role::Holder
            } else if COUNTING.contains(&name) {
                jvm.field_slot(class, "modCount")
                    .map_or(Role::None, Role::Counting)
            } else {
                Role::None
            }
        })
    }

    /// Sets the nonzero counts of the collections the program made back to 0 when
    /// nothing can observe them, with `fingerprinter` holding the reachability of the state
    /// just fingerprinted; whether any count changed (the state then needs a new
    /// fingerprint).
    pub fn canonicalize(&mut self, jvm: &mut Jvm, fingerprinter: &Fingerprinter) -> bool {
        let heap = &jvm.state.heap;
        let (preexisting, young) = (heap.preexisting(), heap.old_boundary());
        let mut counted = Vec::new();
        for i in preexisting..heap.capacity() as u32 {
            let r = Ref(i);
            let Some(obj) = heap.get(r) else { continue };
            match self.role(jvm, obj.class) {
                Role::None => {}
                // A holder counts while reachable; one sealed before the young generation is
                // taken to be.
                Role::Holder if i < young || fingerprinter.was_reached(r) => return false,
                Role::Holder => {}
                Role::Counting(slot) => {
                    let nonzero = obj
                        .fields()
                        .get(slot as usize)
                        .is_some_and(|v| *v != Value::Int(0));
                    if nonzero {
                        counted.push((r, slot));
                    }
                }
            }
        }
        if counted.is_empty() || Self::in_java_util(jvm) {
            return false;
        }
        for (r, slot) in counted {
            jvm.state.heap.write_field(r, slot, Value::Int(0));
        }
        true
    }

    /// Whether a thread runs (or waits in) a method of a class of `java.util` itself, which
    /// may hold a count in a local.
    fn in_java_util(jvm: &Jvm) -> bool {
        jvm.state.threads.iter().any(|t| {
            t.exec.frames.iter().any(|f| {
                let class = jvm.classes.method(f.method).class;
                jvm.classes
                    .get(class)
                    .name
                    .strip_prefix("java/util/")
                    .is_some_and(|rest| !rest.contains('/'))
            })
        })
    }
}
