//! The modification counts of the JDK's collections, rebased so that what can observe them
//! stays as it is, so that a thread that keeps changing a `HashMap` or an `ArrayList`
//! reaches states it has seen before (JPF leaves these counts out of its states
//! altogether).
//!
//! A collection's `modCount` only ever meets a copy of itself: an iterator, spliterator or
//! sublist keeps one (`expectedModCount`) to detect concurrent modification, and the
//! collection's own methods keep one in a local while they call out (`computeIfAbsent`,
//! `forEach`, `sort`, ...), and compares the two for equality. Nothing else reads it (the
//! field is not accessible outside `java.util`: `HashMap`'s is package-private, and
//! `AbstractList`'s protected field is reachable only from a subclass's own code, while the
//! exact JDK classes below are never user subclasses). So while no thread runs code of
//! those collections, subtracting the same number from a collection's count and from every
//! reachable copy of it changes nothing any continuation can see: the states are equivalent,
//! and matching them is sound. rpf subtracts the smallest, so the result depends only on
//! the differences (a program that reads the field by reflection, which `java` refuses for
//! `java.util`, could tell).

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
    /// An iterator or spliterator: it keeps a copy of a count (`expectedModCount`, at this
    /// slot) of the collection it refers to.
    Copy(u32),
    /// A sublist, whose own `modCount` mirrors its root's: counts are left alone while one
    /// is reachable.
    Blocks,
}

/// The roles of classes, learned as the search meets them.
#[derive(Debug, Default)]
pub struct ModCounts {
    roles: Vec<Option<Role>>,
    /// Per class: whether its methods belong to a counting collection (or `AbstractList`).
    collection_code: Vec<Option<bool>>,
    /// The running transition called collection code: counts or copies may have changed
    /// (the scan of the heap is skipped otherwise).
    pub touched: bool,
}

/// A collection's count and the copies of it, as found in one state.
struct Counted {
    collection: Ref,
    slot: u32,
    count: i32,
    /// (holder, slot, copy).
    copies: Vec<(Ref, u32, i32)>,
}

impl ModCounts {
    fn role(&mut self, jvm: &Jvm, class: ClassId) -> Role {
        let i = class as usize;
        if self.roles.len() <= i {
            self.roles.resize(i + 1, None);
        }
        *self.roles[i].get_or_insert_with(|| {
            let name = &*jvm.classes.get(class).name;
            // Only the JDK's own classes: a program's field of that name is the program's.
            let in_java_util = name
                .strip_prefix("java/util/")
                .is_some_and(|rest| !rest.contains('/'));
            if !in_java_util {
                Role::None
            } else if let Some(slot) = jvm.field_slot(class, "expectedModCount") {
                Role::Copy(slot)
            } else if name.contains("SubList") {
                Role::Blocks
            } else if COUNTING.contains(&name) {
                jvm.field_slot(class, "modCount")
                    .map_or(Role::None, Role::Counting)
            } else {
                Role::None
            }
        })
    }

    /// Notes a call of a method of `class` (the checker's hook before every call).
    #[inline]
    pub fn called(&mut self, jvm: &Jvm, class: ClassId) {
        let i = class as usize;
        if self.collection_code.len() <= i {
            self.collection_code.resize(i + 1, None);
        }
        let code = *self.collection_code[i]
            .get_or_insert_with(|| is_collection_code(&jvm.classes.get(class).name));
        self.touched |= code;
    }

    /// Rebases the counts of the collections the program made, with their copies, so that
    /// the smallest of each collection's count and copies is 0 (differences, all that can be
    /// observed, stay as they are), when nothing else can observe them; `fingerprinter`
    /// holds the reachability of the state just fingerprinted. Whether anything changed (the
    /// state then needs a new fingerprint).
    pub fn canonicalize(&mut self, jvm: &mut Jvm, fingerprinter: &Fingerprinter) -> bool {
        let heap = &jvm.state.heap;
        let (preexisting, young) = (heap.preexisting(), heap.old_boundary());
        // A holder counts while reachable; one sealed before the young generation is taken
        // to be.
        let live = |r: Ref| r.0 < young || fingerprinter.was_reached(r);
        let mut counted: Vec<Counted> = Vec::new();
        let mut copies: Vec<(Ref, u32, i32)> = Vec::new();
        for i in preexisting..heap.capacity() as u32 {
            let r = Ref(i);
            let Some(obj) = heap.get(r) else { continue };
            let int_at = |slot: u32| match obj.fields().get(slot as usize) {
                Some(Value::Int(v)) => Some(*v),
                _ => None,
            };
            match self.role(jvm, obj.class) {
                Role::None => {}
                Role::Blocks if live(r) => return false,
                Role::Blocks => {}
                Role::Copy(slot) if live(r) => match int_at(slot) {
                    Some(copy) => copies.push((r, slot, copy)),
                    None => return false,
                },
                Role::Copy(_) => {}
                Role::Counting(slot) => {
                    if let Some(count) = int_at(slot) {
                        counted.push(Counted {
                            collection: r,
                            slot,
                            count,
                            copies: Vec::new(),
                        });
                    }
                }
            }
        }
        // Each copy belongs to the one collection among its holder's references.
        for (holder, slot, copy) in copies {
            let mut owners = jvm.state.heap.get(holder).into_iter().flat_map(|o| {
                o.fields().iter().filter_map(|v| match v {
                    Value::Ref(t) => counted.iter().position(|c| c.collection == *t),
                    _ => None,
                })
            });
            match (owners.next(), owners.next()) {
                (Some(owner), None) => counted[owner].copies.push((holder, slot, copy)),
                // A copy of a count the program did not make, or of one this cannot tell.
                _ => return false,
            }
        }
        let changes: Vec<(Ref, u32, i32)> = counted
            .iter()
            .flat_map(|c| {
                let base = c.copies.iter().map(|&(_, _, v)| v).fold(c.count, i32::min);
                std::iter::once((c.collection, c.slot, c.count))
                    .chain(c.copies.iter().copied())
                    .filter(move |_| base != 0)
                    .map(move |(r, slot, v)| (r, slot, v.wrapping_sub(base)))
            })
            .collect();
        if changes.is_empty() || Self::in_collection_code(jvm) {
            return false;
        }
        for (r, slot, v) in changes {
            jvm.state.heap.write_field(r, slot, Value::Int(v));
        }
        true
    }

    /// Whether a thread runs (or waits in) collection code, which may hold a count in a
    /// local.
    fn in_collection_code(jvm: &Jvm) -> bool {
        jvm.state.threads.iter().any(|t| {
            t.exec.frames.iter().any(|f| {
                is_collection_code(&jvm.classes.get(jvm.classes.method(f.method).class).name)
            })
        })
    }
}

/// Whether class `name` is a counting collection, `AbstractList` or a class nested in one:
/// the only code that writes a count or a copy of one, or keeps one in a local.
fn is_collection_code(name: &str) -> bool {
    let outer = name.split('$').next().unwrap_or(name);
    COUNTING.contains(&outer) || outer == "java/util/AbstractList"
}
