//! Reachability from root sets, cached by a content hash of the reference graph.
//!
//! Partial order reduction asks which objects more than one thread can reach, and garbage
//! collection which objects anything reaches. Both follow from the *closure* of each
//! thread's roots and of the global roots (statics, modified pre-search objects, monitors).
//! A closure depends only on its root set and on the heap's reference graph, which most
//! transitions leave alone (they write primitive fields, move values between stack and
//! locals, take locks). Closures are therefore cached by the graph's hash ([`Heap::edges`])
//! and root set: a state whose threads hold root sets seen before under the same graph costs a
//! lookup per thread instead of a traversal. A graph met for the first time is traversed
//! once from all roots instead ([`ReachCache::traverse`]): threads that share a large
//! structure would otherwise each compute its closure.

use rpf_jvm::heap::Heap;
use rpf_jvm::value::Ref;
use rustc_hash::FxBuildHasher;

use rpf_jvm::hash::Hasher;
use std::collections::HashMap;
use std::rc::Rc;

/// How many recent graph hashes [`ReachCache::graph_seen_before`] remembers.
const RECENT_GRAPHS: usize = 256;

/// How many references the cache may hold before it starts over (bounds its memory at a
/// few tens of megabytes however large the closures are).
const CACHE_LIMIT: usize = 1 << 22;

/// The references of the sealed objects that are neither null nor preexisting, per object
/// (in compressed-row form: object `preexisting + i` has `refs[starts[i]..starts[i + 1]]`).
#[derive(Debug, Default)]
pub(super) struct SealedRefs {
    starts: Vec<u32>,
    refs: Vec<Ref>,
}

impl SealedRefs {
    /// Records the sealed objects of `heap`.
    pub(super) fn of(heap: &Heap) -> SealedRefs {
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

/// Whether bit `r` is set in a reference bitmap.
#[inline]
pub(super) fn in_bitmap(bits: &[u64], r: Ref) -> bool {
    bits.get(r.index() >> 6)
        .is_some_and(|w| w & (1 << (r.index() & 63)) != 0)
}

/// What a traversal needs to know about the heap's generations: preexisting objects are
/// shared and never traversed; sealed ones that were not modified still refer to what they
/// referred to when sealed.
pub(super) struct Graph<'a> {
    /// The heap traversed.
    pub heap: &'a Heap,
    /// Its reference graph's hash ([`Heap::edges`]).
    pub edges: u128,
    /// Sealed objects reachable from static fields when sealed (always shared). Closures
    /// stop at the unmodified ones: what those reach was sealed with them and is equally
    /// shared (modified ones are global roots).
    pub statics: Option<&'a [u64]>,
    /// What each sealed object referred to when sealed.
    pub sealed_refs: Option<&'a SealedRefs>,
    /// Objects closures and traversals do not enter, as a bitmap over references: a closed
    /// set the caller counts reached, global and robustly shared itself (what the class
    /// states reach, see `fingerprint`). [`edges`](Self::edges) then identifies the pair.
    pub stop: Option<&'a [u64]>,
}

impl Graph<'_> {
    /// Whether closures and traversals pass by `r` (see [`stop`](Self::stop)).
    #[inline]
    fn stops_at(&self, r: Ref) -> bool {
        self.stop.is_some_and(|bits| in_bitmap(bits, r))
    }

    /// Whether `r` is a sealed object reachable from statics when sealed.
    #[inline]
    pub(super) fn is_static(&self, r: Ref) -> bool {
        r.0 < self.heap.old_boundary() && self.statics.is_some_and(|bits| in_bitmap(bits, r))
    }

    /// Calls `f` with what a traversal follows from `r` (whose object is `obj`): nothing
    /// from an unmodified object reachable from statics, what an unmodified sealed object
    /// referred to when sealed, and otherwise its references, preexisting objects left out.
    #[inline]
    fn children(&self, r: Ref, obj: &rpf_jvm::heap::Obj, mut f: impl FnMut(Ref)) {
        let preexisting = self.heap.preexisting();
        if r.0 < self.heap.old_boundary() && !obj.is_dirty_old() {
            if self.is_static(r) {
                return;
            }
            if let Some(sealed) = self.sealed_refs {
                sealed.of_object(r, preexisting).iter().for_each(|&c| f(c));
                return;
            }
        }
        obj.data.for_each_ref(|c| {
            if c.0 >= preexisting {
                f(c);
            }
        });
    }
}

/// A set of objects as the non-zero words of a bitmap over references, by word index:
/// small heaps make short sets, and combining sets costs a few word operations.
pub(super) type RefSet = Rc<[(u32, u64)]>;

/// A closure's cache key: the graph's hash ([`Heap::edges`]) and the root set's
/// [`signature`] (the roots themselves are compared on a hit).
type ClosureKey = (u128, u128);

/// Closures of root sets by (graph hash, root set), with the scratch space to compute
/// new ones.
#[derive(Debug, Default, Clone)]
pub(super) struct ReachCache {
    closures: HashMap<ClosureKey, (Rc<[Ref]>, RefSet), FxBuildHasher>,
    cached: usize,
    /// Scratch of closure computations: a bitmap over references and its non-zero words.
    dense: Vec<u64>,
    touched: Vec<u32>,
    work: Vec<Ref>,
    /// Scratch of [`traverse`](Self::traverse): per reference, (epoch visited, what reaches
    /// it), what is left to visit, and the references visited.
    marks: Vec<(u32, Reachers)>,
    epoch: u32,
    marked_work: Vec<(Ref, Reachers)>,
    visited: Vec<Ref>,
    /// Graph hashes recently fingerprinted, by their low bits.
    recent_graphs: Vec<u128>,
    /// Closures computed (cache misses), for statistics and tests.
    pub computed: u64,
}

/// A root set's 128-bit signature: the cache keys besides the graph hash.
pub(super) fn signature(roots: &[Ref]) -> u128 {
    let mut h = Hasher::new();
    h.word(roots.len() as u64);
    roots.iter().for_each(|r| h.word(u64::from(r.0)));
    h.finish()
}

impl ReachCache {
    /// Every object reachable from `roots` (preexisting ones left out), where `sig` is the
    /// [`signature`] of `roots`.
    pub(super) fn closure(&mut self, g: &Graph, roots: &[Ref], sig: u128) -> RefSet {
        let key = (g.edges, sig);
        if let Some((cached_roots, closure)) = self.closures.get(&key) {
            if **cached_roots == *roots {
                return closure.clone();
            }
        }
        let closure = self.compute(g, roots);
        if self.cached > CACHE_LIMIT {
            self.closures.clear();
            self.cached = 0;
        }
        self.cached += roots.len() + closure.len() + 8;
        self.closures.insert(key, (roots.into(), closure.clone()));
        closure
    }

    /// Traverses the heap from `roots`.
    fn compute(&mut self, g: &Graph, roots: &[Ref]) -> RefSet {
        self.computed += 1;
        let words = g.heap.capacity().div_ceil(64);
        if self.dense.len() < words {
            self.dense.resize(words, 0);
        }
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        let mut work = std::mem::take(&mut self.work);
        work.clear();
        work.extend_from_slice(roots);
        while let Some(r) = work.pop() {
            let (w, bit) = (r.index() >> 6, 1u64 << (r.index() & 63));
            match (self.dense.get_mut(w), g.heap.get(r)) {
                (Some(word), Some(obj))
                    if *word & bit == 0 && r.0 >= g.heap.preexisting() && !g.stops_at(r) =>
                {
                    if *word == 0 {
                        touched.push(w as u32);
                    }
                    *word |= bit;
                    g.children(r, obj, |c| work.push(c));
                }
                _ => {}
            }
        }
        touched.sort_unstable();
        let set = touched
            .iter()
            .map(|&w| (w, std::mem::take(&mut self.dense[w as usize])))
            .collect();
        self.work = work;
        self.touched = touched;
        set
    }

    /// Whether a fingerprint met the reference graph `edges` before (recently): only then
    /// are per-thread closures worth computing and caching, since a graph seen once is
    /// usually never seen again (the program keeps changing references).
    pub(super) fn graph_seen_before(&mut self, edges: u128) -> bool {
        if self.recent_graphs.is_empty() {
            self.recent_graphs = vec![0; RECENT_GRAPHS];
        }
        let slot = (edges as usize) % RECENT_GRAPHS;
        let seen = self.recent_graphs[slot] == edges;
        self.recent_graphs[slot] = edges;
        seen
    }

    /// Computes what the state reaches, what is shared and what robustly shared in one
    /// traversal from the `stable` global roots (those that are not monitors), then all
    /// `global` roots, then every thread's roots (`threads`, in order), without caching:
    /// exactly what the closures of the root sets give (see [`Reachability::add_thread`]),
    /// but an object is visited once per change of what reaches it ([`Reachers`]: at most
    /// five times, however many threads share it) instead of once per root set.
    pub(super) fn traverse<'r>(
        &mut self,
        g: &Graph,
        threads: impl Iterator<Item = &'r [Ref]>,
        global: &[Ref],
        stable: &[Ref],
        sharing: &mut Reachability,
    ) {
        self.epoch = self.epoch.wrapping_add(1).max(1);
        if self.marks.len() < g.heap.capacity() {
            self.marks.resize(g.heap.capacity(), (0, Reachers::NONE));
        }
        let mut work = std::mem::take(&mut self.marked_work);
        work.clear();
        let mut visited = std::mem::take(&mut self.visited);
        visited.clear();
        let groups = [(stable, Reachers::STABLE), (global, Reachers::GLOBAL)]
            .into_iter()
            .chain(
                threads
                    .enumerate()
                    .map(|(t, roots)| (roots, Reachers::thread(t))),
            );
        for (roots, reachers) in groups {
            work.extend(roots.iter().map(|&r| (r, reachers)));
            while let Some((r, reachers)) = work.pop() {
                let Some(obj) = g
                    .heap
                    .get(r)
                    .filter(|_| r.0 >= g.heap.preexisting() && !g.stops_at(r))
                else {
                    continue;
                };
                let Some(mark) = self.marks.get_mut(r.index()) else {
                    continue;
                };
                let before = if mark.0 == self.epoch {
                    mark.1
                } else {
                    visited.push(r);
                    Reachers::NONE
                };
                // (What is pushed is never NONE, so an object met first always changes.)
                let after = before.join(reachers);
                if after == before {
                    continue;
                }
                *mark = (self.epoch, after);
                g.children(r, obj, |c| work.push((c, after)));
            }
        }
        for &r in &visited {
            sharing.mark(r, self.marks[r.index()].1);
        }
        self.marked_work = work;
        self.visited = visited;
    }
}

/// What reaches an object in [`ReachCache::traverse`]: up to two threads by number, or
/// "many" (three or more), and whether the global roots, and the stable ones among them,
/// do. Joining only adds, so an object changes at most five times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reachers {
    /// Thread numbers, the smaller first; [`Reachers::NO_THREAD`] where there is none.
    threads: [u32; 2],
    flags: u8,
}

impl Reachers {
    const NO_THREAD: u32 = u32::MAX;
    const FLAG_MANY: u8 = 1;
    const FLAG_GLOBAL: u8 = 2;
    const FLAG_STABLE: u8 = 4;
    const NONE: Reachers = Reachers {
        threads: [Self::NO_THREAD; 2],
        flags: 0,
    };
    const GLOBAL: Reachers = Reachers {
        flags: Self::FLAG_GLOBAL,
        ..Self::NONE
    };
    /// Reachable from stable roots: robustly shared whatever else reaches it, so nothing
    /// more is recorded (this absorbs every other value).
    const STABLE: Reachers = Reachers {
        flags: Self::FLAG_STABLE | Self::FLAG_GLOBAL,
        ..Self::NONE
    };

    fn thread(t: usize) -> Reachers {
        Reachers {
            threads: [t as u32, Self::NO_THREAD],
            flags: 0,
        }
    }

    /// What reaches an object reached as `self` says and as `other` says.
    #[inline]
    fn join(self, other: Reachers) -> Reachers {
        let flags = self.flags | other.flags;
        if flags & Self::FLAG_STABLE != 0 {
            return Self::STABLE;
        }
        if flags & Self::FLAG_MANY != 0 {
            return Reachers {
                flags,
                ..Self::NONE
            };
        }
        let mut threads = self.threads;
        for t in other.threads.into_iter().filter(|&t| t != Self::NO_THREAD) {
            if threads.contains(&t) {
                continue;
            }
            match threads {
                [Self::NO_THREAD, _] => threads[0] = t,
                [a, Self::NO_THREAD] => threads = [a.min(t), a.max(t)],
                _ => {
                    return Reachers {
                        flags: flags | Self::FLAG_MANY,
                        ..Self::NONE
                    }
                }
            }
        }
        Reachers { threads, flags }
    }
}

/// One state's reachability summary: per touched bitmap word, (word index, objects
/// reached, objects shared, objects robustly shared), objects reachable from statics when
/// sealed included (see [`SharingWord`]).
pub(super) type SharingWords = Box<[SharingWord]>;

/// One bitmap word of a reachability summary: which objects of the word are reached, which
/// shared, and which *robustly* shared — reached by three threads or more, reachable from
/// global roots other than monitors, or from statics when sealed, so that no single other
/// thread's transition can make them unshared unless it unlinks a reference from a shared
/// object (sleep sets rely on it: see [`super::footprint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct SharingWord {
    pub(super) word: u32,
    pub(super) reached: u64,
    pub(super) shared: u64,
    pub(super) robust: u64,
}

/// How many bitmap words the memo may hold before it starts over.
const MEMO_LIMIT: usize = 1 << 17;

/// Reachability results by their whole input: the graph and every thread's and the
/// global root set. In most transitions the thread that ran ends up holding a root set it
/// held before, under a graph seen before, so the state's sharing is one of a few recent
/// combinations; a hit replaces one closure lookup per thread and the combination of
/// their bitmaps with one lookup. The key is a 128-bit hash of the input ([`memo_key`]):
/// the same trust state matching places in 128-bit fingerprints, and no input to compare
/// (or to miss the cache on) per hit.
#[derive(Debug, Default, Clone)]
pub(super) struct SharingMemo {
    entries: HashMap<u128, SharingWords, FxBuildHasher>,
    size: usize,
}

/// The memo key of a reachability input: the graph hash and the root sets' signatures.
pub(super) fn memo_key(edges: u128, threads: impl Iterator<Item = u128>, global: u128) -> u128 {
    let mut h = Hasher::new();
    let mut add = |x: u128| {
        h.word(x as u64);
        h.word((x >> 64) as u64);
    };
    add(edges);
    threads.for_each(&mut add);
    add(global);
    h.finish()
}

impl SharingMemo {
    /// The result computed for the input hashed `key`, if remembered.
    pub(super) fn get(&self, key: u128) -> Option<&[SharingWord]> {
        self.entries.get(&key).map(|words| &words[..])
    }

    /// Remembers the result for the input hashed `key`.
    pub(super) fn insert(&mut self, key: u128, words: SharingWords) {
        if self.size > MEMO_LIMIT {
            self.entries.clear();
            self.size = 0;
        }
        self.size += words.len() + 2;
        self.entries.insert(key, words);
    }

    /// Forgets everything (the graph's baseline changed).
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.size = 0;
    }
}

/// What one state reaches, and what more than one thread or a global root reaches, as
/// dense bitmaps over references. Only the words a state touched are cleared for the next.
#[derive(Debug, Default, Clone)]
pub(super) struct Reachability {
    /// The four bitmaps' words side by side: marking an object writes one place (one bounds
    /// check, one cache line) instead of four vectors.
    words: Vec<ReachWord>,
    touched: Vec<u32>,
}

/// 64 references' bits in each of [`Reachability`]'s bitmaps.
#[derive(Debug, Default, Clone, Copy)]
struct ReachWord {
    /// In some thread's closure.
    once: u64,
    /// In the closures of two threads or more.
    twice: u64,
    /// Robustly shared (see [`SharingWord`]): in the closures of three threads or more, or
    /// reachable from global roots other than monitors.
    robust: u64,
    /// In the global closure (or counted shared for another reason).
    global: u64,
}

impl Reachability {
    /// Forgets the last state's sets.
    pub(super) fn clear(&mut self) {
        for &w in &self.touched {
            self.words[w as usize] = ReachWord::default();
        }
        self.touched.clear();
    }

    /// Word `w`, made addressable, with its first use since [`clear`](Self::clear) noted
    /// (every set word is non-zero, so an all-zero word has not been used).
    #[inline(always)]
    fn touch(&mut self, w: usize) -> &mut ReachWord {
        if w >= self.words.len() {
            self.grow(w);
        }
        let word = &mut self.words[w];
        if word.once | word.global == 0 {
            self.touched.push(w as u32);
        }
        word
    }

    #[cold]
    fn grow(&mut self, w: usize) {
        let len = (w + 1).next_power_of_two();
        self.words.resize(len, ReachWord::default());
    }

    /// Replaces the sets with a remembered state's (see [`SharingMemo`]).
    pub(super) fn load(&mut self, words: &[SharingWord]) {
        self.clear();
        for word in words {
            let w = self.touch(word.word as usize);
            w.once = word.reached;
            w.global = word.shared;
            w.robust = word.robust;
        }
    }

    /// This state's summary as [`SharingWords`].
    pub(super) fn summary(&self, statics: Option<&[u64]>) -> SharingWords {
        self.words(statics).collect()
    }

    /// Adds the closure of one thread's roots.
    pub(super) fn add_thread(&mut self, set: &[(u32, u64)]) {
        for &(w, bits) in set {
            let w = self.touch(w as usize);
            w.robust |= w.twice & bits;
            w.twice |= w.once & bits;
            w.once |= bits;
        }
    }

    /// Adds the closure of the global roots (everything in it is shared).
    pub(super) fn add_global(&mut self, set: &[(u32, u64)]) {
        for &(w, bits) in set {
            self.touch(w as usize).global |= bits;
        }
    }

    /// Counts the objects of `set` robustly shared (see [`SharingWord`]).
    pub(super) fn add_robust(&mut self, set: &[(u32, u64)]) {
        for &(w, bits) in set {
            self.touch(w as usize).robust |= bits;
        }
    }

    /// Adds `r` as shared.
    pub(super) fn add_shared(&mut self, r: Ref) {
        self.mark(r, Reachers::GLOBAL);
    }

    /// Adds `r`, reached by `reachers` (inline: the traversals call it once per object).
    #[inline]
    fn mark(&mut self, r: Ref, reachers: Reachers) {
        let bit = 1u64 << (r.index() & 63);
        let [first, second] = reachers.threads.map(|t| t != Reachers::NO_THREAD);
        let many = reachers.flags & Reachers::FLAG_MANY != 0;
        let stable = reachers.flags & Reachers::FLAG_STABLE != 0;
        let global = reachers.flags & Reachers::FLAG_GLOBAL != 0;
        let w = self.touch(r.index() >> 6);
        let set = |word: &mut u64, on: bool| *word |= if on { bit } else { 0 };
        set(&mut w.once, first || many);
        set(&mut w.twice, second || many);
        set(&mut w.robust, many || stable);
        set(&mut w.global, global);
    }

    /// Whether the state reaches `r`.
    #[inline]
    pub(super) fn contains(&self, r: Ref) -> bool {
        self.words
            .get(r.index() >> 6)
            .is_some_and(|w| (w.once | w.global) & (1 << (r.index() & 63)) != 0)
    }

    /// Every word the state touched, where objects reachable from statics when sealed
    /// (`statics`) are (robustly) shared too.
    pub(super) fn words<'a>(
        &'a self,
        statics: Option<&'a [u64]>,
    ) -> impl Iterator<Item = SharingWord> + 'a {
        self.touched.iter().map(move |&word| {
            let w = self.words[word as usize];
            let reached = w.once | w.global;
            let from_statics = statics
                .and_then(|s| s.get(word as usize))
                .copied()
                .unwrap_or(0)
                & reached;
            SharingWord {
                word,
                reached,
                shared: w.twice | w.global | from_statics,
                robust: w.robust | from_statics,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rpf_jvm::heap::{Obj, ObjData};
    use rpf_jvm::value::Value;

    /// A heap with one preexisting object and `n` young ones with one reference field.
    fn heap(n: usize) -> (Heap, Vec<Ref>) {
        let mut heap = Heap::new();
        let node = || Obj::new(1, ObjData::Fields(vec![Value::Ref(Ref::NULL)].into()));
        heap.alloc(node());
        heap.seal_old_generation();
        heap.seal_old_generation();
        let refs = (0..n).map(|_| heap.alloc(node())).collect();
        (heap, refs)
    }

    fn members(set: &[(u32, u64)]) -> Vec<u32> {
        set.iter()
            .flat_map(|&(w, bits)| {
                (0..64)
                    .filter(move |b| bits & 1 << b != 0)
                    .map(move |b| w * 64 + b)
            })
            .collect()
    }

    #[test]
    fn closures_follow_references_and_are_cached_per_graph() {
        let (mut heap, r) = heap(3);
        heap.write_field(r[0], 0, Value::Ref(r[1]));
        let mut cache = ReachCache::default();
        let roots = [r[0]];
        let closure = |cache: &mut ReachCache, heap: &mut Heap| {
            let edges = heap.edges();
            let g = Graph {
                heap,
                edges,
                statics: None,
                sealed_refs: None,
                stop: None,
            };
            cache.closure(&g, &roots, signature(&roots))
        };
        let first = closure(&mut cache, &mut heap);
        assert_eq!(members(&first), vec![r[0].0, r[1].0]);
        let again = closure(&mut cache, &mut heap);
        assert!(Rc::ptr_eq(&first, &again), "same graph, same roots: cached");
        assert_eq!(cache.computed, 1);
        heap.write_field(r[1], 0, Value::Ref(r[2]));
        let changed = closure(&mut cache, &mut heap);
        assert_eq!(members(&changed), vec![r[0].0, r[1].0, r[2].0]);
        assert_eq!(cache.computed, 2);
    }

    #[test]
    fn sharing_counts_threads_and_global_roots() {
        let (_, r) = heap(4);
        let set = |refs: &[Ref]| -> Vec<(u32, u64)> {
            let mut words: Vec<(u32, u64)> = Vec::new();
            for x in refs {
                let (w, bit) = ((x.index() >> 6) as u32, 1u64 << (x.index() & 63));
                match words.iter_mut().find(|(i, _)| *i == w) {
                    Some((_, bits)) => *bits |= bit,
                    None => words.push((w, bit)),
                }
            }
            words
        };
        let mut sharing = Reachability::default();
        for round in 0..2 {
            sharing.clear();
            sharing.add_thread(&set(&[r[0], r[1]]));
            sharing.add_thread(&set(&[r[1]]));
            sharing.add_global(&set(&[r[2]]));
            let shared: Vec<u32> = sharing
                .words(None)
                .flat_map(|w| members(&[(w.word, w.reached & w.shared)]))
                .collect();
            assert_eq!(shared, vec![r[1].0, r[2].0], "round {round}");
            let robust = |sharing: &Reachability| {
                let words: Vec<(u32, u64)> =
                    sharing.words(None).map(|w| (w.word, w.robust)).collect();
                members(&words)
            };
            assert_eq!(
                robust(&sharing),
                Vec::<u32>::new(),
                "two threads: not robust"
            );
            assert!(sharing.contains(r[0]) && !sharing.contains(r[3]));
            // A third thread makes r[1] robustly shared; so does reaching r[0] from global
            // roots other than monitors.
            sharing.add_thread(&set(&[r[1]]));
            sharing.add_robust(&set(&[r[0]]));
            assert_eq!(robust(&sharing), vec![r[0].0, r[1].0], "round {round}");
        }
    }

    #[test]
    fn one_traversal_finds_what_the_cached_closures_find() {
        // Random graphs of two-field objects, random thread, global and stable roots: the
        // traversal's reached, shared and robustly shared objects are the closures'.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |bound: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound as u64) as usize
        };
        for round in 0..300 {
            let n = 2 + next(90);
            let mut heap = Heap::new();
            let node = || Obj::new(1, ObjData::Fields(vec![Value::Ref(Ref::NULL); 2].into()));
            heap.alloc(node());
            heap.seal_old_generation();
            heap.seal_old_generation();
            let r: Vec<Ref> = (0..n).map(|_| heap.alloc(node())).collect();
            for _ in 0..next(2 * n) {
                let (from, to) = (r[next(n)], r[next(n)]);
                heap.write_field(from, next(2) as u32, Value::Ref(to));
            }
            let roots = |count: usize, next: &mut dyn FnMut(usize) -> usize| -> Vec<Ref> {
                let mut roots: Vec<Ref> = (0..count).map(|_| r[next(n)]).collect();
                roots.sort_unstable();
                roots.dedup();
                roots
            };
            let threads: Vec<Vec<Ref>> = (0..next(6))
                .map(|_| {
                    let count = 1 + next(3);
                    roots(count, &mut next)
                })
                .collect();
            let count = next(2);
            let stable = roots(count, &mut next);
            let mut global = stable.clone();
            let count = next(3);
            global.extend(roots(count, &mut next));
            global.sort_unstable();
            global.dedup();
            let edges = heap.edges();
            let g = Graph {
                heap: &heap,
                edges,
                statics: None,
                sealed_refs: None,
                stop: None,
            };
            let mut cache = ReachCache::default();
            let mut cached = Reachability::default();
            for roots in &threads {
                cached.add_thread(&cache.closure(&g, roots, signature(roots)));
            }
            cached.add_global(&cache.closure(&g, &global, signature(&global)));
            cached.add_robust(&cache.closure(&g, &stable, signature(&stable)));
            let mut traversed = Reachability::default();
            let thread_roots = threads.iter().map(|roots| &roots[..]);
            cache.traverse(&g, thread_roots, &global, &stable, &mut traversed);
            let summary = |sharing: &Reachability| {
                let mut words: Vec<SharingWord> = sharing.words(None).collect();
                words.sort_unstable_by_key(|w| w.word);
                words
            };
            assert_eq!(summary(&traversed), summary(&cached), "round {round}");
            for &x in &r {
                assert_eq!(traversed.contains(x), cached.contains(x), "round {round}");
            }
        }
    }
}
