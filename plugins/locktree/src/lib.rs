//! `rpf.LockTree`: potential deadlocks from lock order, found in runs that did not deadlock.
//!
//! Each thread's *lock tree* records which locks it acquired while holding which others:
//! a node is an acquisition, its ancestors the locks held at that moment (Havelund's
//! GoodLock algorithm, as in JPF's runtime analysis). When a path ends, every pair of
//! threads is compared: if one acquired B while holding A and the other acquired A while
//! holding B, and no *gate* lock was held by both around those acquisitions, the two can
//! deadlock in some schedule (kind `lock_order`). One simulated run is enough
//! (`search.class=gov.nasa.jpf.search.Simulation`).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use rpf_plugin_api::{
    code_location, flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener, PathLocal,
};

/// One acquisition in a thread's lock tree.
#[derive(Debug, Clone)]
struct Node {
    lock: u32,
    parent: Option<usize>,
    children: Vec<usize>,
    /// Where the lock was first acquired in this position of the tree.
    site: String,
}

/// A thread's lock tree and the path of locks it holds now.
#[derive(Debug, Clone, Default)]
struct Tree {
    nodes: Vec<Node>,
    roots: Vec<usize>,
    held: Vec<usize>,
}

impl Tree {
    /// Records the acquisition of `lock` under the locks held now.
    fn acquire(&mut self, lock: u32, site: impl FnOnce() -> String) {
        let parent = self.held.last().copied();
        let siblings = match parent {
            Some(p) => &self.nodes[p].children,
            None => &self.roots,
        };
        let existing = siblings
            .iter()
            .copied()
            .find(|&n| self.nodes[n].lock == lock);
        let node = existing.unwrap_or_else(|| {
            let id = self.nodes.len();
            self.nodes.push(Node {
                lock,
                parent,
                children: Vec::new(),
                site: site(),
            });
            match parent {
                Some(p) => self.nodes[p].children.push(id),
                None => self.roots.push(id),
            }
            id
        });
        self.held.push(node);
    }

    /// Records the release of `lock` (the innermost acquisition of it).
    fn release(&mut self, lock: u32) {
        if let Some(i) = self.held.iter().rposition(|&n| self.nodes[n].lock == lock) {
            self.held.remove(i);
        }
    }

    /// The locks held when node `n` was acquired.
    fn ancestors(&self, n: usize) -> BTreeSet<u32> {
        let mut locks = BTreeSet::new();
        let mut at = self.nodes[n].parent;
        while let Some(p) = at {
            locks.insert(self.nodes[p].lock);
            at = self.nodes[p].parent;
        }
        locks
    }
}

/// Lock trees of all threads on the current path.
type Trees = BTreeMap<u32, Tree>;

/// A lock order conflict found between two threads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Conflict {
    threads: (u32, u32),
    locks: (u32, u32),
    sites: (String, String),
}

/// Finds the conflicts between two threads' trees.
fn conflicts(t1: u32, a: &Tree, t2: u32, b: &Tree) -> Vec<Conflict> {
    let mut found = Vec::new();
    for (n1, node1) in a.nodes.iter().enumerate() {
        let held1 = a.ancestors(n1);
        for (n2, node2) in b.nodes.iter().enumerate() {
            // t1 takes node1.lock holding node2.lock, t2 takes node2.lock holding node1.lock.
            if !held1.contains(&node2.lock) {
                continue;
            }
            let held2 = b.ancestors(n2);
            if !held2.contains(&node1.lock) || held1.intersection(&held2).next().is_some() {
                continue;
            }
            found.push(Conflict {
                threads: (t1, t2),
                locks: (node2.lock, node1.lock),
                sites: (node1.site.clone(), node2.site.clone()),
            });
        }
    }
    found
}

/// Records lock trees along each path and compares them when the path ends.
pub struct LockTree {
    trees: PathLocal<Trees>,
    reported: HashSet<(String, String)>,
}

impl LockTree {
    fn describe(&self, host: &HostRef<'_, '_>, c: &Conflict) -> String {
        let lock = |l: u32| format!("{}@{l}", host.class_name(l));
        let thread = |t: u32| format!("\"{}\" (thread {t})", host.thread_name(t));
        format!(
            "lock order conflict: {} acquires {} while holding {} at {}; {} acquires {} while holding {} at {}",
            thread(c.threads.0),
            lock(c.locks.1),
            lock(c.locks.0),
            c.sites.0,
            thread(c.threads.1),
            lock(c.locks.0),
            lock(c.locks.1),
            c.sites.1,
        )
    }

    /// Compares every pair of trees of the path that just ended.
    fn analyze(&mut self, host: &mut HostRef<'_, '_>) {
        let trees = self.trees.get();
        let mut found = Vec::new();
        for (i, (&t1, a)) in trees.iter().enumerate() {
            for (&t2, b) in trees.iter().skip(i + 1) {
                found.extend(conflicts(t1, a, t2, b));
            }
        }
        for c in found {
            let key = (c.sites.0.clone(), c.sites.1.clone());
            if self.reported.insert(key) {
                let message = self.describe(host, &c);
                host.report_violation("lock_order".into(), message.as_str().into());
            }
        }
    }
}

impl Listener for LockTree {
    fn new(_config: &ConfigView) -> Result<Self, String> {
        Ok(LockTree {
            trees: PathLocal::new(Trees::new()),
            reported: HashSet::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[EventKind::ObjectLocked, EventKind::ObjectUnlocked])
            .union(PathLocal::<()>::EVENTS)
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.trees.on_event(event);
        match event.kind {
            // A fresh acquisition (count 1), not a re-entry.
            EventKind::ObjectLocked if event.value == 1 => {
                let site = || {
                    host.frames(event.thread)
                        .first()
                        .map(|f| code_location(host, f.method, f.pc))
                        .unwrap_or_else(|| "?".to_string())
                };
                self.trees
                    .get_mut()
                    .entry(event.thread)
                    .or_default()
                    .acquire(event.object, site);
            }
            EventKind::ObjectUnlocked if event.value == 0 => {
                if let Some(tree) = self.trees.get_mut().get_mut(&event.thread) {
                    tree.release(event.object);
                }
            }
            EventKind::StateAdvanced
                if event.flags & flags::END_STATE != 0 && event.flags & flags::ERROR_STATE == 0 =>
            {
                self.analyze(host);
            }
            _ => {}
        }
    }
}

rpf_plugin_api::export_plugin!("rpf-plugin-locktree", [
    rpf_plugin_api::listener::<LockTree>(
        "rpf.LockTree",
        &["gov.nasa.jpf.listener.LockTree"],
        "lock-tree analysis: opposite lock orders of two threads without a common gate lock (kind lock_order)",
    ),
]);

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(paths: &[&[u32]]) -> Tree {
        let mut t = Tree::default();
        for path in paths {
            for &l in *path {
                t.acquire(l, || format!("site {l}"));
            }
            for &l in path.iter().rev() {
                t.release(l);
            }
        }
        t
    }

    #[test]
    fn opposite_orders_conflict_unless_gated() {
        let ab = tree(&[&[1, 2]]);
        let ba = tree(&[&[2, 1]]);
        assert_eq!(conflicts(1, &ab, 2, &ba).len(), 1);
        let gated_ab = tree(&[&[9, 1, 2]]);
        let gated_ba = tree(&[&[9, 2, 1]]);
        assert!(conflicts(1, &gated_ab, 2, &gated_ba).is_empty());
        let same = tree(&[&[1, 2]]);
        assert!(conflicts(1, &ab, 2, &same).is_empty());
        let nested_deeper = tree(&[&[2, 5, 1]]);
        assert_eq!(conflicts(1, &ab, 2, &nested_deeper).len(), 1);
    }
}
