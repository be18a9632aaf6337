//! The run's configuration as a plugin component sees it.

use abi_stable::std_types::{RString, RVec, Tuple2};
use abi_stable::StableAbi;

/// A read-only copy of the run's configuration (all keys, expanded), handed to component
/// constructors so that they read their own keys (`<name>.*`, `race.*`, ...).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Default)]
pub struct ConfigView {
    /// The component's configured name (the key its settings hang off for heuristic
    /// generators, e.g. `velocity`; the component name otherwise).
    pub name: RString,
    /// Every key and value of the run's configuration.
    pub entries: RVec<Tuple2<RString, RString>>,
}

impl ConfigView {
    /// Builds a view from key/value pairs.
    pub fn new<'a>(name: &str, entries: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        ConfigView {
            name: name.into(),
            entries: entries
                .into_iter()
                .map(|(k, v)| Tuple2(k.into(), v.into()))
                .collect(),
        }
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|Tuple2(k, _)| k.as_str() == key)
            .map(|Tuple2(_, v)| v.as_str())
    }

    /// A boolean key (`true`/`false`, `yes`/`no`, `on`/`off`); `Err` names the key and value.
    pub fn bool(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.get(key).map(str::trim) {
            None => Ok(default),
            Some("true" | "yes" | "on") => Ok(true),
            Some("false" | "no" | "off") => Ok(false),
            Some(other) => Err(format!("{key}: expected true or false, got \"{other}\"")),
        }
    }

    /// A floating-point key; `Err` names the key and value.
    pub fn float(&self, key: &str) -> Result<Option<f64>, String> {
        self.get(key)
            .map(|v| {
                v.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("{key}: expected a number, got \"{v}\""))
            })
            .transpose()
    }

    /// An integer key; `Err` names the key and value.
    pub fn int(&self, key: &str) -> Result<Option<i64>, String> {
        self.get(key)
            .map(|v| {
                v.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("{key}: expected an integer, got \"{v}\""))
            })
            .transpose()
    }

    /// A comma-separated list key (empty when unset).
    pub fn list(&self, key: &str) -> Vec<String> {
        self.get(key)
            .map(|v| {
                v.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_getters_name_the_key_on_error() {
        let c = ConfigView::new(
            "x",
            [("a", "1.5"), ("b", "ten"), ("c", "yes"), ("d", "1, 2,3")],
        );
        assert_eq!(c.float("a"), Ok(Some(1.5)));
        assert_eq!(
            c.int("b"),
            Err("b: expected an integer, got \"ten\"".to_string())
        );
        assert_eq!(c.bool("c", false), Ok(true));
        assert_eq!(c.bool("missing", true), Ok(true));
        assert_eq!(c.list("d"), ["1", "2", "3"]);
    }
}
