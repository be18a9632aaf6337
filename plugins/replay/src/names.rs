//! Name patterns of the start and store conditions: `Class.method` patterns matched against
//! the application methods entered, thread-name patterns matched against threads.

use std::collections::HashMap;

use rpf_plugin_api::{any_matches, name_matches, HostRef};

/// A list of patterns in which `*` stands for any run of characters; a name matches the
/// list if it matches one of them.
#[derive(Debug, Clone, Default)]
pub struct Patterns(Vec<String>);

impl Patterns {
    /// The patterns of a comma-separated list.
    pub fn new(patterns: Vec<String>) -> Self {
        Patterns(patterns)
    }

    /// Whether there are no patterns (the condition is off).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `name` matches one of the patterns.
    pub fn matches(&self, name: &str) -> bool {
        any_matches(&self.0, name)
    }

    /// Whether every pattern is matched by one of `names`.
    pub fn all_matched_by(&self, names: &[String]) -> bool {
        self.0
            .iter()
            .all(|p| names.iter().any(|name| name_matches(p, name)))
    }
}

/// Application methods (not the class library's) whose `pkg.Class.method` matches a
/// pattern list, cached by method id: entering a method is a frequent event.
#[derive(Debug, Clone, Default)]
pub struct MethodFilter {
    patterns: Patterns,
    known: HashMap<u32, Option<String>>,
}

impl MethodFilter {
    /// A filter for `patterns`.
    pub fn new(patterns: Patterns) -> Self {
        MethodFilter {
            patterns,
            known: HashMap::new(),
        }
    }

    /// Whether there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// `pkg.Class.method` of `method` if it is application code matching the patterns.
    pub fn matching(&mut self, host: &HostRef<'_, '_>, method: u32) -> Option<&str> {
        let patterns = &self.patterns;
        self.known
            .entry(method)
            .or_insert_with(|| {
                let info = host.method_info(method).into_option()?;
                let name = format!("{}.{}", info.class, info.name);
                (!info.system && patterns.matches(&name)).then_some(name)
            })
            .as_deref()
    }
}

/// The names of the threads that are alive (started and not terminated).
pub fn running_threads(host: &HostRef<'_, '_>) -> Vec<String> {
    (0..host.thread_count())
        .filter(|&t| !matches!(host.thread_state(t).as_str(), "NEW" | "TERMINATED"))
        .map(|t| host.thread_name(t).into_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_needs_a_name() {
        let p = Patterns::new(vec!["main".into(), "worker-*".into()]);
        assert!(p.all_matched_by(&["main".into(), "worker-1".into()]));
        assert!(!p.all_matched_by(&["main".into()]));
        assert!(p.matches("worker-2") && !p.matches("status"));
    }
}
