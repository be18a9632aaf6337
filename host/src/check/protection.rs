//! Lock-protection detection (JPF's `vm.por.sync_detection`): which fields the search
//! assumes protected by a lock, so that their accesses need no scheduling points, and the
//! restart when an access proves an assumption wrong. The workers of a parallel search
//! share what they learn.

/// Lock-protection knowledge shared between search workers.
pub type SharedProtection =
    std::sync::Arc<dashmap::DashMap<FieldKey, bool, rustc_hash::FxBuildHasher>>;

/// A field as lock-protection detection tracks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FieldKey {
    /// Declaring class, by its key ([`rpf_jvm::class::Class::key`]): the workers of a
    /// parallel search share these, and each VM numbers classes in its own loading order.
    pub class: u64,
    /// Instance or static slot.
    pub slot: u32,
    /// Whether it is a static field.
    pub is_static: bool,
}

impl std::hash::Hash for FieldKey {
    /// One word (the field lookups of every shared access hash keys; the derived hash would
    /// feed three).
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(
            self.class.rotate_left(32) ^ u64::from(self.slot) << 1 ^ u64::from(self.is_static),
        );
    }
}

/// Lock-protection detection (JPF's `vm.por.sync_detection`): what the search assumes about
/// which fields are lock-protected.
#[derive(Debug, Default)]
pub struct Protection {
    /// Whether detection is on.
    pub enabled: bool,
    /// Fields assumed lock-protected (true) or known unprotected (false).
    fields: std::collections::HashMap<FieldKey, bool, rustc_hash::FxBuildHasher>,
    /// The same knowledge shared by the workers of a parallel search, so that they all
    /// explore under the same assumptions (`fields` caches it).
    shared: Option<SharedProtection>,
    /// An assumption was contradicted: the search must start over.
    pub restart: bool,
}

impl Protection {
    /// Uses (and adds to) `shared`, the knowledge of all workers of a parallel search;
    /// forgets what was learned alone, which `shared` already holds.
    pub fn share(&mut self, shared: SharedProtection) {
        self.fields.clear();
        self.shared = Some(shared);
    }

    /// The fields found not lock-protected so far (by every worker).
    pub fn unprotected(&self) -> Vec<FieldKey> {
        let mut keys: Vec<FieldKey> = match &self.shared {
            Some(shared) => shared
                .iter()
                .filter(|e| !*e.value())
                .map(|e| *e.key())
                .collect(),
            None => self
                .fields
                .iter()
                .filter(|(_, p)| !**p)
                .map(|(k, _)| *k)
                .collect(),
        };
        keys.sort_by_key(|k| (k.class, k.slot, k.is_static));
        keys
    }

    /// Treats `keys` as not lock-protected from the start (a replay of a trace found after
    /// the search learned that).
    pub fn assume_unprotected(&mut self, keys: &[FieldKey]) {
        for &key in keys {
            self.fields.insert(key, false);
            if let Some(shared) = &self.shared {
                shared.insert(key, false);
            }
        }
    }

    /// Whether `key` is a field whose every access so far happened while the accessing
    /// thread held the lock that protects it (`held`: whether it holds it now, at this
    /// access): such a field needs no scheduling points of its own — the lock's acquisitions
    /// order its accesses. The assumption is global across the search; when an unprotected
    /// access contradicts it, the field becomes unprotected and the search is restarted
    /// ([`restart`](Self::restart)), so the result is as if the field had been treated as
    /// unprotected from the start. Always false while detection is off.
    pub fn assumes_protected(&mut self, key: FieldKey, held: bool) -> bool {
        if !self.enabled {
            return false;
        }
        let status = self
            .fields
            .entry(key)
            .or_insert_with(|| match &self.shared {
                // Other workers' first accesses count as if they had happened here.
                Some(shared) => *shared.entry(key).or_insert(held),
                None => held,
            });
        if *status && !held {
            *status = false;
            if let Some(shared) = &self.shared {
                shared.insert(key, false);
            }
            self.restart = true;
            tracing::debug!(?key, "field found unprotected; the search restarts");
        }
        *status
    }
}
