//! One order of class ids for the VMs of a parallel search.
//!
//! Class and method ids are indices in the order classes were registered, and fingerprints
//! (and the `Class` objects' fields) contain them. Classes load lazily, so VMs whose
//! searches took different paths would give the same class different ids, and equal
//! states different fingerprints — or different states equal ones. The VMs of a parallel
//! search therefore share the registration order: before registering anything new, a VM
//! first loads the classes other VMs registered before (loading changes no program state),
//! and it records what it registers. A class rpf synthesized (lambda proxies, string
//! concatenation) cannot be loaded by name; a VM that must give an id to another class
//! where such a class stands in the shared order has *diverged*, and its fingerprints no
//! longer match the other VMs'.

use std::sync::{Arc, Mutex, PoisonError};

use super::Classes;

/// The shared registration order: class names by id.
pub type ClassOrder = Arc<Mutex<Vec<Box<str>>>>;

impl Classes {
    /// Joins the registration order `order` (the VM's classes so far must agree with it).
    pub fn share_order(&mut self, order: ClassOrder) {
        let mut log = order.lock().unwrap_or_else(PoisonError::into_inner);
        self.record(&mut log, 0);
        drop(log);
        self.order = Some(order);
    }

    /// Leaves the shared order (the VM then assigns ids on its own, consistently).
    pub fn unshare_order(&mut self) {
        self.order = None;
        self.diverged = false;
    }

    /// Whether this VM's ids no longer follow the shared order.
    pub fn diverged(&self) -> bool {
        self.diverged
    }

    /// Runs `register`, which may register classes, in the shared order.
    pub(super) fn in_order<T>(&mut self, register: impl FnOnce(&mut Self) -> T) -> T {
        let Some(order) = self.order.clone() else {
            return register(self);
        };
        let mut log = order.lock().unwrap_or_else(PoisonError::into_inner);
        self.catch_up(&mut log);
        let before = self.len();
        let result = register(self);
        self.record(&mut log, before);
        result
    }

    /// Loads the classes the shared order lists beyond this VM's, up to the first one that
    /// cannot be loaded by name.
    fn catch_up(&mut self, log: &mut Vec<Box<str>>) {
        while !self.diverged {
            let Some(name) = log.get(self.len()).cloned() else {
                return;
            };
            let before = self.len();
            if self.lookup(&name).is_some() || self.load_by_name(&name).is_err() {
                return;
            }
            self.record(log, before);
        }
    }

    /// Checks the classes registered from id `from` on against the shared order, and
    /// appends those beyond it.
    fn record(&mut self, log: &mut Vec<Box<str>>, from: usize) {
        for id in from..self.len() {
            if self.diverged {
                return;
            }
            let name = &self.get(id as u32).name;
            match log.get(id) {
                Some(logged) if **logged != **name => {
                    tracing::debug!(
                        id,
                        class = &**name,
                        expected = &**logged,
                        "class ids diverge"
                    );
                    self.diverged = true;
                }
                Some(_) => {}
                None => log.push(Box::from(&**name)),
            }
        }
    }
}
