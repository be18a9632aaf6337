//! The registry natives are declared in: implementations and meanings by
//! `class.name(descriptor)`, split at boot into the VM's table of implementations and the
//! class loader's [`NativeIndex`].

use std::collections::HashMap;
use std::rc::Rc;

use crate::linkage::{Linked, Meaning, NativeId, NativeIndex, Pure};
use crate::value::Value;
use crate::vm::NativeFn;

/// A registered method: its implementation (none for a method whose meaning alone is
/// declared) and meaning.
struct Entry<M> {
    key: String,
    native: Option<NativeFn<M>>,
    meaning: Meaning,
}

/// rpf's natives and intrinsics by `class.name(descriptor)`, with their meanings.
pub struct NativeRegistry<M> {
    entries: Vec<Entry<M>>,
    by_key: HashMap<String, usize>,
}

impl<M> Default for NativeRegistry<M> {
    fn default() -> Self {
        NativeRegistry::new()
    }
}

impl<M> NativeRegistry<M> {
    /// A registry holding only the no-op that JDK classes' `registerNatives()` and
    /// `initIDs()` hooks link to (it gets [`NO_OP`](crate::linkage::NO_OP), the first id).
    pub fn new() -> NativeRegistry<M> {
        let mut r = NativeRegistry {
            entries: Vec::new(),
            by_key: HashMap::new(),
        };
        r.add("", "<no-op>", "()V", |_, _, _| Ok(Value::Void));
        r
    }

    /// The entry for `class.name desc`, created if new.
    fn entry(&mut self, class: &str, name: &str, desc: &str) -> &mut Entry<M> {
        let key = format!("{class}.{name}{desc}");
        let next = self.entries.len();
        let i = *self.by_key.entry(key.clone()).or_insert(next);
        if i == next {
            self.entries.push(Entry {
                key,
                native: None,
                meaning: Meaning::default(),
            });
        }
        &mut self.entries[i]
    }

    /// Registers `f` for `class.name desc` (a later registration replaces an earlier one);
    /// returns its meaning to declare.
    pub fn add(&mut self, class: &str, name: &str, desc: &str, f: NativeFn<M>) -> &mut Meaning {
        let entry = self.entry(class, name, desc);
        entry.native = Some(f);
        &mut entry.meaning
    }

    /// Registers the pure function `op` for `class.name desc` (see [`Pure`]).
    pub fn pure(&mut self, class: &str, name: &str, desc: &str, op: Pure) {
        let entry = self.entry(class, name, desc);
        entry.native = Some(match op {
            Pure::Sqrt => |_, _, a| Ok(Pure::Sqrt.apply(a)),
            Pure::DoubleBits => |_, _, a| Ok(Pure::DoubleBits.apply(a)),
            Pure::BitsDouble => |_, _, a| Ok(Pure::BitsDouble.apply(a)),
            Pure::FloatBits => |_, _, a| Ok(Pure::FloatBits.apply(a)),
            Pure::BitsFloat => |_, _, a| Ok(Pure::BitsFloat.apply(a)),
        });
        entry.meaning.pure = Some(op);
    }

    /// The meaning of `class.name desc`, a method rpf does not implement itself (its
    /// bytecode runs), to declare.
    pub fn declare(&mut self, class: &str, name: &str, desc: &str) -> &mut Meaning {
        &mut self.entry(class, name, desc).meaning
    }

    /// Splits the registry into the implementations, by [`NativeId`], and the index the
    /// class loader links methods with.
    pub fn split(self) -> (Rc<[NativeFn<M>]>, NativeIndex) {
        let mut table = Vec::with_capacity(self.entries.len());
        let mut index = Vec::with_capacity(self.entries.len());
        for e in self.entries {
            let native = e.native.map(|f| {
                table.push(f);
                (table.len() - 1) as NativeId
            });
            index.push((
                e.key,
                Linked {
                    native,
                    meaning: e.meaning,
                },
            ));
        }
        (table.into(), index.into_iter().collect())
    }
}
