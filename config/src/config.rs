//! The resolved configuration and its typed accessors.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider};

use crate::error::ConfigError;

/// Where a value was set: file (or "command line") and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// Display name of the source: a file path or "command line".
    pub source: String,
    /// 1-based line, 0 where lines do not apply.
    pub line: usize,
    /// Index of the layer that set it (0 = first layer).
    pub layer: usize,
    /// The directory of the file that set it, against which relative paths in the value
    /// resolve (`None` on the command line, where they resolve against the current one).
    pub dir: Option<PathBuf>,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.source)
        } else {
            write!(f, "{} line {}", self.source, self.line)
        }
    }
}

/// A resolved value and where it came from.
#[derive(Debug, Clone)]
pub(crate) struct Setting {
    pub(crate) value: String,
    pub(crate) origin: Origin,
}

/// The final, layered configuration of a run.
///
/// Keys are flat strings. Values are kept as strings (as in JPF); the registry's keys
/// ([`crate::keys`]) read them as their types, naming the key, the value and its origin in
/// errors.
#[derive(Debug, Clone)]
pub struct Config {
    settings: BTreeMap<String, Setting>,
    figment: Figment,
}

/// figment splits lookup paths on '.', but JPF keys are flat: dots are encoded in figment keys.
const DOT_STAND_IN: char = '\u{E000}';

fn figment_key(key: &str) -> String {
    key.replace('.', &DOT_STAND_IN.to_string())
}

/// One layer's surviving values, handed to figment so that it tracks provenance.
struct LayerProvider {
    name: String,
    dict: Dict,
}

impl Provider for LayerProvider {
    fn metadata(&self) -> Metadata {
        Metadata::named(self.name.clone())
    }

    fn data(&self) -> Result<Map<Profile, Dict>, figment::Error> {
        Ok(Profile::Default.collect(self.dict.clone()))
    }
}

impl Config {
    pub(crate) fn from_settings(settings: BTreeMap<String, Setting>) -> Self {
        let mut by_layer: BTreeMap<usize, LayerProvider> = BTreeMap::new();
        for (key, setting) in &settings {
            let provider = by_layer
                .entry(setting.origin.layer)
                .or_insert_with(|| LayerProvider {
                    name: setting.origin.source.clone(),
                    dict: Dict::new(),
                });
            provider
                .dict
                .insert(figment_key(key), Value::from(setting.value.clone()));
        }
        let figment = by_layer
            .into_values()
            .fold(Figment::new(), |figment, layer| figment.merge(layer));
        Config { settings, figment }
    }

    /// The raw string value of `key`, if set.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings.get(key).map(|s| s.value.as_str())
    }

    /// Whether `key` is set.
    pub fn contains(&self, key: &str) -> bool {
        self.settings.contains_key(key)
    }

    /// Where `key` was set.
    pub fn origin(&self, key: &str) -> Option<&Origin> {
        self.settings.get(key).map(|s| &s.origin)
    }

    /// The name of the layer (file) that provided `key`, as figment recorded it.
    pub fn provider_name(&self, key: &str) -> Option<String> {
        self.figment
            .find_metadata(&figment_key(key))
            .map(|m| m.name.to_string())
    }

    /// All keys, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.settings.keys().map(String::as_str)
    }

    /// All `(key, value)` pairs whose key starts with `prefix`, sorted by key.
    pub fn with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> {
        self.settings
            .range(prefix.to_string()..)
            .take_while(move |(k, _)| k.starts_with(prefix))
            .map(|(k, s)| (k.as_str(), s.value.as_str()))
    }

    /// Sets a value programmatically (e.g. from a CLI flag); it counts as a command-line setting.
    pub fn set(&mut self, key: &str, value: &str) {
        self.set_from(key, value, "command line");
    }

    /// Sets a value programmatically over every layer, naming `source` in error messages
    /// about it (e.g. a replayed trace).
    pub fn set_from(&mut self, key: &str, value: &str, source: &str) {
        let layer = self
            .settings
            .values()
            .map(|s| s.origin.layer + 1)
            .max()
            .unwrap_or(0);
        self.settings.insert(
            key.to_string(),
            Setting {
                value: value.to_string(),
                origin: Origin {
                    source: source.to_string(),
                    line: 0,
                    layer,
                    dir: None,
                },
            },
        );
        *self = Config::from_settings(std::mem::take(&mut self.settings));
    }

    /// ` (file line N)` for error messages, or empty.
    pub fn origin_suffix(&self, key: &str) -> String {
        self.origin(key)
            .map(|o| format!(" ({o})"))
            .unwrap_or_default()
    }

    /// An error about `key`'s value that is well-typed but not acceptable.
    pub fn invalid(&self, key: &str, message: impl Into<String>) -> ConfigError {
        ConfigError::Invalid {
            key: key.to_string(),
            message: message.into(),
            origin: self.origin_suffix(key),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ConfigBuilder;

    fn config(text: &str) -> crate::Config {
        ConfigBuilder::new()
            .text("app.jpf", text, None)
            .build()
            .unwrap()
    }

    #[test]
    fn values_know_their_origin() {
        let c = config("a=1\nb = two words \n");
        assert_eq!(c.get("b"), Some("two words"));
        assert_eq!(c.origin("b").unwrap().to_string(), "app.jpf line 2");
        assert_eq!(c.origin_suffix("a"), " (app.jpf line 1)");
        assert_eq!(c.origin_suffix("missing"), "");
        assert_eq!(c.provider_name("a").as_deref(), Some("app.jpf"));
    }

    #[test]
    fn prefix_queries_and_programmatic_set() {
        let mut c = config("vm.por=true\nvm.por.x=1\nvmx=2\n");
        let keys: Vec<_> = c.with_prefix("vm.").map(|(k, _)| k).collect();
        assert_eq!(keys, ["vm.por", "vm.por.x"]);
        c.set("vm.por", "false");
        assert_eq!(c.get("vm.por"), Some("false"));
        assert_eq!(c.origin("vm.por").unwrap().to_string(), "command line");
    }
}
