//! State fingerprints for matching, and reachability for partial order reduction.
//!
//! The fingerprint hashes a canonical form of the state, JPF-style: objects are numbered in
//! the order a deterministic traversal from the roots (threads in order, then class states,
//! then modified pre-search objects) discovers them, and references are hashed as those
//! numbers. Heaps that differ only in allocation order or in garbage therefore match.
//! Objects that existed before the search started ("old") are never renumbered: unmodified
//! ones are identical in every state and skipped entirely, modified ones are roots.
//!
//! The same traversal attributes every young object to the thread that reaches it; objects
//! reached from two threads, from statics or from old objects are *shared*, which is what
//! the scheduler's partial order reduction asks about.

use super::heap::{Obj, ObjData};
use super::pvec::PVec;
use super::thread::{JThread, Status};
use super::value::{Ref, Value};
use super::{ClassState, Vm};
use std::rc::Rc;

const OLD_TAG: u64 = 1 << 63;
const SHARED: u32 = u32::MAX;

/// Reusable scratch space for fingerprinting.
#[derive(Debug, Default, Clone)]
pub struct Fingerprinter {
    epoch: u32,
    /// Per reference: (epoch seen, canonical number, owner thread or SHARED).
    seen: Vec<(u32, u32, u32)>,
    queue: Vec<Ref>,
    fixups: Vec<Ref>,
    /// Young objects reached by the last fingerprint.
    pub reached: usize,
    /// Scratch: modified pre-search objects, and monitors in canonical form.
    dirty: Vec<Ref>,
    monitors: Vec<(u64, u32, u32)>,
    /// The class-state table last fingerprinted and its entries that differ from the sealed
    /// base; class states rarely change, so most fingerprints reuse the list.
    changed_classes: Option<(PVec<ClassState>, Rc<[usize]>)>,
    /// Sealed objects reachable from static fields when they were sealed (always shared),
    /// as a bitmap over references.
    static_closure: Option<Rc<[u64]>>,
    /// What each sealed object referred to when sealed (all that matters for discovery
    /// while it is unmodified).
    sealed_refs: Option<Rc<SealedRefs>>,
    /// Recent thread digests by stamp (see [`super::thread::Stamp`]), a few per thread
    /// number: restoring a state brings back recent versions of the threads that did not run.
    thread_digests: Vec<[(u64, [u64; 2]); DIGESTS_PER_THREAD]>,
    /// How often the baseline was sealed: fingerprints are relative to the baseline, so
    /// states of different baselines must never match.
    generation: u64,
}

/// The references of the sealed objects that are neither null nor preexisting, per object
/// (in compressed-row form: object `preexisting + i` has `refs[starts[i]..starts[i + 1]]`).
#[derive(Debug, Default)]
struct SealedRefs {
    starts: Vec<u32>,
    refs: Vec<Ref>,
}

impl SealedRefs {
    /// Records the sealed objects of `heap`.
    fn of(heap: &super::heap::Heap) -> SealedRefs {
        let (preexisting, sealed) = (heap.preexisting(), heap.old_boundary());
        let mut out = SealedRefs {
            starts: vec![0],
            refs: Vec::new(),
        };
        for r in (preexisting..sealed).map(Ref) {
            if let Some(obj) = heap.get(r) {
                obj.data.for_each_ref(|c| {
                    if c.0 >= preexisting {
                        out.refs.push(c);
                    }
                });
            }
            out.starts.push(out.refs.len() as u32);
        }
        out
    }

    /// What sealed object `r` referred to when sealed.
    #[inline]
    fn of_object(&self, r: Ref, preexisting: u32) -> &[Ref] {
        let i = (r.0 - preexisting) as usize;
        match (self.starts.get(i), self.starts.get(i + 1)) {
            (Some(&a), Some(&b)) => self.refs.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// How many versions of each thread keep their digests.
const DIGESTS_PER_THREAD: usize = 8;

impl Fingerprinter {
    /// The digest of thread `t`'s content, computed once per recent thread version.
    fn thread_digest(&mut self, t: usize, th: &JThread, preexisting: u32) -> [u64; 2] {
        let stamp = th.stamp().get();
        if t >= self.thread_digests.len() {
            self.thread_digests
                .resize(t + 1, [(0, [0; 2]); DIGESTS_PER_THREAD]);
        }
        let recent = &mut self.thread_digests[t];
        if let Some((_, d)) = recent.iter().find(|(s, _)| *s == stamp && stamp != 0) {
            return *d;
        }
        let d = thread_digest(th, preexisting);
        // The newest version goes first; the oldest falls out.
        recent.rotate_right(1);
        recent[0] = (stamp, d);
        d
    }
}

/// Whether bit `r` is set in a reference bitmap.
fn in_bitmap(bits: &[u64], r: Ref) -> bool {
    bits.get(r.index() >> 6)
        .is_some_and(|w| w & (1 << (r.index() & 63)) != 0)
}

/// A 128-bit streaming hash (two independent multiply-rotate lanes).
struct Hasher {
    a: u64,
    b: u64,
}

impl Hasher {
    fn new() -> Hasher {
        Hasher {
            a: 0x243F_6A88_85A3_08D3,
            b: 0x1319_8A2E_0370_7344,
        }
    }

    /// Mixes one word. Lane `b` folds in lane `a`'s *previous* value, so the two multiply
    /// chains run in parallel while still depending on each other.
    #[inline(always)]
    fn word(&mut self, x: u64) {
        let a = self.a;
        self.a = (a ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        self.b = (self.b.wrapping_add(x) ^ a.rotate_right(17)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    }

    fn finish(mut self) -> u128 {
        for _ in 0..2 {
            self.word(0x94D0_49BB_1331_11EB);
        }
        (u128::from(self.a) << 64) | u128::from(self.b)
    }
}

/// The digest of an object's content that does not depend on the state around it: class,
/// identity hash and data, with null references and references to preexisting objects
/// (identified by reference in every state) hashed as they are and every other reference
/// as a placeholder, whose canonical identity the traversal hashes after the digest.
fn content_digest(obj: &Obj, preexisting: u32) -> [u64; 2] {
    let mut h = Hasher::new();
    let reference = |r: Ref| fixed_id(r, preexisting);
    h.word(u64::from(obj.class));
    h.word(obj.identity.map(|i| i as u32 as u64 | 1 << 32).unwrap_or(0));
    match &obj.data {
        ObjData::Fields(fields) => {
            h.word(fields.len() as u64);
            for &v in fields.iter() {
                let id = match v {
                    Value::Ref(r) => reference(r),
                    _ => 0,
                };
                value_words(&mut h, v, id);
            }
        }
        ObjData::Refs(refs) => {
            h.word(refs.len() as u64);
            for &e in refs.iter() {
                h.word(reference(e));
            }
        }
        ObjData::Booleans(a) | ObjData::Bytes(a) => packed(&mut h, a, 8, |b| u64::from(b as u8)),
        ObjData::Chars(a) => packed(&mut h, a, 16, u64::from),
        ObjData::Shorts(a) => packed(&mut h, a, 16, |c| u64::from(c as u16)),
        ObjData::Ints(a) => {
            h.word(a.len() as u64);
            a.iter().for_each(|&x| h.word(x as u32 as u64));
        }
        ObjData::Floats(a) => {
            h.word(a.len() as u64);
            a.iter().for_each(|&x| h.word(u64::from(x.to_bits())));
        }
        ObjData::Longs(a) => {
            h.word(a.len() as u64);
            a.iter().for_each(|&x| h.word(x as u64));
        }
        ObjData::Doubles(a) => {
            h.word(a.len() as u64);
            a.iter().for_each(|&x| h.word(x.to_bits()));
        }
    }
    let d = h.finish();
    [(d >> 64) as u64, d as u64]
}

/// Hashes the length of `a`, then its elements `bits` wide, packed several to a word.
fn packed<T: Copy>(h: &mut Hasher, a: &[T], bits: u32, widen: impl Fn(T) -> u64) {
    h.word(a.len() as u64);
    for chunk in a.chunks(64 / bits as usize) {
        h.word(chunk.iter().fold(0, |acc, &x| acc << bits | widen(x)));
    }
}

/// How content digests identify a reference: null and preexisting objects as themselves
/// (the same in every state), every other object by a placeholder whose canonical identity
/// the traversal hashes after the digest.
fn fixed_id(r: Ref, preexisting: u32) -> u64 {
    const PLACEHOLDER: u64 = 0x9A7C_E401_DE55_0000;
    match r.0 {
        0 => 0,
        x if x < preexisting => OLD_TAG | u64::from(x),
        _ => PLACEHOLDER,
    }
}

/// The digest of a thread's content, with references as [`fixed_id`] identifies them.
fn thread_digest(th: &JThread, preexisting: u32) -> [u64; 2] {
    let id = |r: Ref| fixed_id(r, preexisting);
    let mut h = Hasher::new();
    let (tag, payload) = match th.status {
        Status::New => (0, 0),
        Status::Runnable => (1, 0),
        Status::Blocked(o) => (2, id(o)),
        Status::Waiting(o) => (3, id(o)),
        Status::Sleeping => (4, 0),
        Status::Parked => (5, 0),
        Status::ClassInit(c) => (6, u64::from(c)),
        Status::Terminated => (7, 0),
    };
    h.word(tag);
    h.word(payload);
    h.word(id(th.obj));
    let flags = u64::from(th.daemon)
        | u64::from(th.interrupted) << 1
        | u64::from(th.permit) << 2
        | u64::from(th.died_by_exception) << 3
        | u64::from(th.timed_block) << 4
        | u64::from(th.deadline.is_some()) << 5
        | (th.phase as u64) << 8;
    h.word(flags);
    h.word(u64::from(th.hash_counter));
    if let Some(w) = th.wait {
        h.word(id(w.monitor));
        h.word(u64::from(w.count) << 1 | u64::from(w.woken));
    }
    h.word(th.exec.frames.len() as u64);
    for f in &th.exec.frames {
        h.word(u64::from(f.method) << 32 | u64::from(f.pc));
        h.word(u64::from(f.locals) << 32 | u64::from(f.stack_base));
        let kind = match f.kind {
            super::thread::FrameKind::Call => 0,
            super::thread::FrameKind::Upcall => 1,
            super::thread::FrameKind::ClassInit(c) => 2 + u64::from(c),
        };
        h.word(kind);
        h.word(id(f.lock));
    }
    h.word(th.exec.stack.len() as u64);
    for &v in &th.exec.stack {
        let r = match v {
            Value::Ref(r) => id(r),
            _ => 0,
        };
        value_words(&mut h, v, r);
    }
    // Plugin attributes are part of the state (two paths that differ only in them lead
    // plugins to different conclusions).
    for (i, &a) in th.exec.attrs.iter().enumerate() {
        if a != 0 {
            h.word(0xA77 ^ ((i as u64) << 16));
            h.word(a as u64);
        }
    }
    let d = h.finish();
    [(d >> 64) as u64, d as u64]
}

/// Type tags of hashed values sit in bits 56..62, which canonical numbers never reach.
const VALUE_TAG: u32 = 56;

/// Hashes a value: 32-bit values take one word, 64-bit ones two; a reference is hashed as
/// `id`, its identity as the caller determined it.
#[inline]
fn value_words(h: &mut Hasher, v: Value, id: u64) {
    match v {
        Value::Void => h.word(1 << VALUE_TAG),
        Value::Int(i) => h.word(2 << VALUE_TAG | u64::from(i as u32)),
        Value::Long(l) => {
            h.word(3 << VALUE_TAG);
            h.word(l as u64);
        }
        Value::Float(f) => h.word(4 << VALUE_TAG | u64::from(f.to_bits())),
        Value::Double(d) => {
            h.word(5 << VALUE_TAG);
            h.word(d.to_bits());
        }
        Value::Ref(_) => h.word(6 << VALUE_TAG ^ id),
        Value::RetAddr(a) => h.word(7 << VALUE_TAG | u64::from(a)),
    }
}

/// One fingerprint traversal. Three generations of objects: *preexisting* ones (before
/// the search: identified by reference, hashed only once modified, always shared and not
/// traversed), *sealed* ones (allocated by the search's first, choice-free transition, so
/// the same on every path: identified by reference and hashed only once modified, but
/// traversed so that their sharedness is known), and *young* ones (numbered canonically in
/// discovery order and always hashed).
struct Walk<'a> {
    vm: &'a Vm,
    fp: &'a mut Fingerprinter,
    h: Hasher,
    next: u32,
    /// How much of the discovery queue has been processed (each object once per walk).
    drained: usize,
    preexisting: u32,
    old_boundary: u32,
    static_closure: Option<&'a [u64]>,
    sealed_refs: Option<&'a SealedRefs>,
}

impl Walk<'_> {
    /// The canonical identity of `r`, discovering it (with `owner`) if new. The common
    /// cases (null, preexisting, already discovered) take a few instructions inline.
    #[inline(always)]
    fn canon(&mut self, r: Ref, owner: u32) -> u64 {
        if r.0 < self.preexisting {
            return if r.is_null() {
                0
            } else {
                OLD_TAG | u64::from(r.0)
            };
        }
        let epoch = self.fp.epoch;
        if let Some(entry) = self.fp.seen.get_mut(r.index()) {
            if entry.0 == epoch {
                if entry.2 != owner && entry.2 != SHARED {
                    entry.2 = SHARED;
                    self.fp.fixups.push(r);
                }
                return if r.0 < self.old_boundary {
                    OLD_TAG | u64::from(r.0)
                } else {
                    u64::from(entry.1)
                };
            }
        }
        self.discover(r, owner)
    }

    /// Discovers `r` (not seen by this traversal yet): numbers it if young, queues it.
    #[inline(never)]
    fn discover(&mut self, r: Ref, owner: u32) -> u64 {
        if r.is_null() {
            return 0;
        }
        let i = r.index();
        if i >= self.fp.seen.len() {
            self.fp.seen.resize(i + 1, (0, 0, 0));
        }
        let epoch = self.fp.epoch;
        self.fp.queue.push(r);
        if r.0 < self.old_boundary {
            let owner = if self.reached_by_statics(r) {
                SHARED
            } else {
                owner
            };
            self.fp.seen[i] = (epoch, 0, owner);
            OLD_TAG | u64::from(r.0)
        } else {
            self.next += 1;
            self.fp.seen[i] = (epoch, self.next, owner);
            u64::from(self.next)
        }
    }

    /// Whether sealed object `r` was reachable from static fields when sealed.
    fn reached_by_statics(&self, r: Ref) -> bool {
        self.static_closure.is_some_and(|bits| in_bitmap(bits, r))
    }

    /// Discovers what an unmodified sealed object refers to, without hashing it (its
    /// content is the same in every state).
    fn referents(&mut self, r: Ref, owner: u32) {
        let Some(sealed_refs) = self.sealed_refs else {
            return;
        };
        for &c in sealed_refs.of_object(r, self.preexisting) {
            self.canon(c, owner);
        }
    }

    /// Hashes a thread: its content digest (cached by the thread's stamp, so threads that did
    /// not change are not hashed again), then the canonical identities of the references
    /// the digest leaves open, discovering them as reached by `t`.
    fn thread(&mut self, t: u32, th: &JThread) {
        let digest = self.fp.thread_digest(t as usize, th, self.preexisting);
        self.h.word(0x7EAD);
        self.h.word(digest[0]);
        self.h.word(digest[1]);
        if let Status::Blocked(o) | Status::Waiting(o) = th.status {
            self.open_ref(o, t);
        }
        self.open_ref(th.obj, t);
        if let Some(w) = th.wait {
            self.open_ref(w.monitor, t);
        }
        for f in &th.exec.frames {
            self.open_ref(f.lock, t);
        }
        for v in &th.exec.stack {
            if let Value::Ref(r) = *v {
                self.open_ref(r, t);
            }
        }
    }

    /// Discovers and hashes `r` if content digests leave it open (not null, not
    /// preexisting).
    #[inline(always)]
    fn open_ref(&mut self, r: Ref, owner: u32) {
        if r.0 >= self.preexisting.max(1) {
            let id = self.canon(r, owner);
            self.h.word(id);
        }
    }

    /// Hashes the heap attributes of reached objects, in canonical order.
    fn heap_attrs(&mut self, attrs: &super::attrs::HeapAttrs) {
        let epoch = self.fp.epoch;
        let mut mapped: Vec<(u64, u32, i64)> = attrs
            .iter()
            .filter_map(|(r, at, a)| {
                let id = if r.0 < self.preexisting {
                    OLD_TAG | u64::from(r.0)
                } else {
                    let entry = self.fp.seen.get(r.index())?;
                    if entry.0 != epoch {
                        return None;
                    }
                    u64::from(entry.1)
                };
                Some((id, at, a))
            })
            .collect();
        mapped.sort_unstable();
        self.h.word(0xA77A);
        for (id, at, a) in mapped {
            self.h.word(id);
            self.h.word(u64::from(at));
            self.h.word(a as u64);
        }
    }

    /// Hashes an object: its content digest (computed once per object version and cached
    /// in it), then the canonical identities of the references the digest leaves open.
    fn object(&mut self, r: Ref, owner: u32) {
        match self.vm.heap.get(r) {
            Some(obj) => self.hash_object(obj, owner),
            None => self.h.word(0xDEAD),
        }
    }

    /// [`object`](Self::object) for an object already looked up.
    #[inline]
    fn hash_object(&mut self, obj: &Obj, owner: u32) {
        let digest = obj.cached_digest().unwrap_or_else(|| {
            let d = content_digest(obj, self.preexisting);
            obj.cache_digest(d);
            d
        });
        self.h.word(digest[0]);
        self.h.word(digest[1]);
        obj.data.for_each_ref(|c| self.open_ref(c, owner));
    }

    /// Processes the objects discovered since the last call, breadth-first, in discovery
    /// order.
    fn drain(&mut self) {
        let vm = self.vm;
        while let Some(&r) = self.fp.queue.get(self.drained) {
            self.drained += 1;
            let (number, owner) = self
                .fp
                .seen
                .get(r.index())
                .map_or((0, SHARED), |e| (e.1, e.2));
            let Some(obj) = vm.heap.get(r) else {
                self.h.word(0xDEAD);
                continue;
            };
            if r.0 >= self.old_boundary {
                self.h.word(0x0B1 ^ u64::from(number));
                self.hash_object(obj, owner);
            } else if obj.is_dirty_old() {
                self.h.word(0x5EA1 ^ u64::from(r.0) << 8);
                self.hash_object(obj, owner);
            } else {
                self.referents(r, owner);
            }
        }
    }

    /// Propagates sharedness to everything reachable from objects that became shared.
    fn propagate_shared(&mut self) {
        let epoch = self.fp.epoch;
        let preexisting = self.preexisting;
        let mut work = std::mem::take(&mut self.fp.fixups);
        while let Some(r) = work.pop() {
            let Some(obj) = self.vm.heap.get(r) else {
                continue;
            };
            let seen = &mut self.fp.seen;
            let mut mark = |c: Ref| {
                if c.0 < preexisting {
                    return;
                }
                if let Some(entry) = seen.get_mut(c.index()) {
                    if entry.0 == epoch && entry.2 != SHARED {
                        entry.2 = SHARED;
                        work.push(c);
                    }
                }
            };
            let sealed_clean = r.0 < self.old_boundary && !obj.is_dirty_old();
            match self.sealed_refs {
                Some(sealed) if sealed_clean => sealed
                    .of_object(r, preexisting)
                    .iter()
                    .for_each(|&c| mark(c)),
                _ => obj.data.for_each_ref(mark),
            }
        }
        self.fp.fixups = work;
    }
}

impl Vm {
    /// Makes the current heap and class states the baseline of fingerprints: existing
    /// objects become old (see [`Walk`]: preexisting on the first call, sealed on the second)
    /// and unchanged class states are skipped. Only valid where every path of the search
    /// has the same heap: before the search and after its first, choice-free transition.
    pub fn seal_baseline(&mut self) {
        let preexisting = self.heap.preexisting();
        self.heap.seal_old_generation();
        self.sealed_class_states = Some(self.class_states.clone());
        self.fingerprinter.changed_classes = None;
        self.fingerprinter.thread_digests.clear();
        self.fingerprinter.generation += 1;
        if preexisting > 0 {
            // Reachable from statics: shared from now on, whether or not a later traversal
            // reaches them (static fields are roots the traversal only follows once changed).
            let closure = self.static_closure(preexisting);
            for r in (preexisting..self.heap.old_boundary()).map(Ref) {
                if in_bitmap(&closure, r) {
                    self.heap.set_shared(r, true);
                }
            }
            self.fingerprinter.static_closure = Some(closure);
            self.fingerprinter.sealed_refs = Some(Rc::new(SealedRefs::of(&self.heap)));
        }
    }

    /// The sealed objects (not preexisting) reachable from static fields and class mirrors
    /// (the locks of static synchronized methods), as a bitmap.
    fn static_closure(&self, preexisting: u32) -> Rc<[u64]> {
        let sealed = self.heap.old_boundary();
        let mut bits = vec![0u64; (sealed as usize).div_ceil(64)];
        let mut work: Vec<Ref> = self
            .class_states
            .iter()
            .flat_map(|s| [s.statics, s.mirror])
            .filter(|r| (preexisting..sealed).contains(&r.0))
            .collect();
        while let Some(r) = work.pop() {
            if in_bitmap(&bits, r) {
                continue;
            }
            bits[r.index() >> 6] |= 1 << (r.index() & 63);
            if let Some(obj) = self.heap.get(r) {
                obj.data.for_each_ref(|c| {
                    if (preexisting..sealed).contains(&c.0) && !in_bitmap(&bits, c) {
                        work.push(c);
                    }
                });
            }
        }
        bits.into()
    }

    /// The fingerprint of the current state; also refreshes which objects are shared.
    pub fn fingerprint(&mut self) -> u128 {
        let mut fp = std::mem::take(&mut self.fingerprinter);
        fp.epoch = fp.epoch.wrapping_add(1).max(1);
        fp.queue.clear();
        fp.fixups.clear();
        let mut dirty = std::mem::take(&mut fp.dirty);
        dirty.clear();
        dirty.extend(self.heap.dirty_old());
        dirty.sort_unstable();
        let mut mapped = std::mem::take(&mut fp.monitors);
        mapped.clear();
        // Class states that differ from when the search started (unchanged ones are the same
        // in every state and contribute nothing).
        let changed_classes = match &fp.changed_classes {
            Some((table, list)) if table.ptr_eq(&self.class_states) => list.clone(),
            _ => {
                let list: Rc<[usize]> = match &self.sealed_class_states {
                    Some(base) => self
                        .class_states
                        .changed_since(base)
                        .filter(|&i| self.class_states.get(i) != base.get(i))
                        .collect(),
                    None => (0..self.class_states.len()).collect(),
                };
                fp.changed_classes = Some((self.class_states.clone(), list.clone()));
                list
            }
        };
        let static_closure = fp.static_closure.clone();
        let sealed_refs = fp.sealed_refs.clone();
        let hash = {
            let mut w = Walk {
                vm: self,
                fp: &mut fp,
                h: Hasher::new(),
                next: 0,
                drained: 0,
                preexisting: self.heap.preexisting(),
                old_boundary: self.heap.old_boundary(),
                static_closure: static_closure.as_deref(),
                sealed_refs: sealed_refs.as_deref(),
            };
            for (t, th) in self.threads.iter().enumerate() {
                w.thread(t as u32, th);
            }
            w.h.word(0xC1A55);
            for &i in changed_classes.iter() {
                if let Some(cs) = self.class_states.get(i) {
                    w.h.word(i as u64);
                    let init = match cs.init {
                        super::InitState::Uninit => 0,
                        super::InitState::InProgress(t) => 1 + (u64::from(t) << 8),
                        super::InitState::Done => 2,
                        super::InitState::Failed => 3,
                    };
                    w.h.word(init);
                    let s = w.canon(cs.statics, SHARED);
                    w.h.word(s);
                    let m = w.canon(cs.mirror, SHARED);
                    w.h.word(m);
                }
            }
            w.h.word(0xD1277);
            for &r in &dirty {
                if r.0 < w.preexisting {
                    w.h.word(u64::from(r.0));
                    w.object(r, SHARED);
                } else if w.reached_by_statics(r) {
                    // Reachable from statics: a root (hashed when drained).
                    w.canon(r, SHARED);
                }
            }
            w.drain();
            w.h.word(0x10C4);
            for (&r, m) in &self.monitors {
                let c = w.canon(r, SHARED);
                mapped.push((c, m.owner, m.count));
            }
            mapped.sort_unstable();
            for &(r, owner, count) in &mapped {
                w.h.word(r);
                w.h.word(u64::from(owner) << 32 | u64::from(count));
            }
            w.drain();
            if !self.heap_attrs.is_empty() {
                w.heap_attrs(&self.heap_attrs);
            }
            w.propagate_shared();
            w.h.word(u64::from(self.atomic_depth));
            w.h.word(w.fp.generation);
            w.h.word(
                self.exit_status
                    .map(|s| s as u32 as u64 | 1 << 40)
                    .unwrap_or(0),
            );
            w.h.finish()
        };
        fp.dirty = dirty;
        fp.monitors = mapped;
        let sealed = self.heap.old_boundary();
        fp.reached = fp.queue.iter().filter(|r| r.0 >= sealed).count();
        for &r in &fp.queue {
            let shared = fp.seen[r.index()].2 == SHARED;
            self.heap.set_shared(r, shared);
        }
        self.fingerprinter = fp;
        hash
    }

    /// Young objects the last fingerprint reached.
    pub fn fingerprinter_reached(&self) -> usize {
        self.fingerprinter.reached
    }

    /// Frees young objects the last fingerprint did not reach (checker-mode garbage
    /// collection), and forgets interned strings among them.
    pub fn sweep_unreached(&mut self) -> usize {
        let epoch = self.fingerprinter.epoch;
        let boundary = self.heap.old_boundary() as usize;
        // Interned strings stay alive (they are reused by identity) with their char data.
        let value_slot = self.known.string_value;
        let keep: std::collections::HashSet<Ref> = self
            .strings
            .refs()
            .flat_map(|s| [s, self.field(s, value_slot).as_ref()])
            .collect();
        let dead: Vec<Ref> = (boundary..self.heap.capacity())
            .map(|i| Ref(i as u32))
            .filter(|r| self.heap.get(*r).is_some())
            .filter(|r| {
                self.fingerprinter
                    .seen
                    .get(r.index())
                    .is_none_or(|e| e.0 != epoch)
            })
            .filter(|r| !keep.contains(r))
            .collect();
        for &r in &dead {
            self.heap.free(r);
        }
        self.released(&dead);
        dead.len()
    }
}
