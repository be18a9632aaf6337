//! The resolved configuration and its typed accessors.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider};
use serde::de::DeserializeOwned;

use crate::error::ConfigError;

/// Where a value was set: file (or "command line") and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// Display name of the source: a file path, "built-in defaults" or "command line".
    pub source: String,
    /// 1-based line, 0 where lines do not apply.
    pub line: usize,
    /// Index of the layer that set it (0 = first layer).
    pub layer: usize,
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
/// Keys are flat strings. Values are kept as strings (as in JPF) and converted on access, so a
/// wrong type is reported where it is used, naming the key, the value and its origin.
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
                    source: "command line".to_string(),
                    line: 0,
                    layer,
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

    fn typed<T: DeserializeOwned>(
        &self,
        key: &str,
        expected: &str,
    ) -> Result<Option<T>, ConfigError> {
        let Some(raw) = self.get(key) else {
            return Ok(None);
        };
        self.figment
            .extract_inner_lossy::<T>(&figment_key(key))
            .map(Some)
            .map_err(|_| self.wrong_type(key, expected, raw))
    }

    fn wrong_type(&self, key: &str, expected: &str, raw: &str) -> ConfigError {
        ConfigError::WrongType {
            key: key.to_string(),
            expected: expected.to_string(),
            value: raw.to_string(),
            origin: self.origin_suffix(key),
        }
    }

    /// An error about `key`'s value that is well-typed but not acceptable.
    pub fn invalid(&self, key: &str, message: impl Into<String>) -> ConfigError {
        ConfigError::Invalid {
            key: key.to_string(),
            message: message.into(),
            origin: self.origin_suffix(key),
        }
    }

    /// A boolean (`true/false/yes/no/on/off/1/0`), or `default` when unset.
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, ConfigError> {
        Ok(self.typed(key, "a boolean")?.unwrap_or(default))
    }

    /// A signed integer, if set.
    pub fn int(&self, key: &str) -> Result<Option<i64>, ConfigError> {
        self.typed(key, "an integer")
    }

    /// A non-negative integer, if set.
    pub fn uint(&self, key: &str) -> Result<Option<u64>, ConfigError> {
        self.typed(key, "a non-negative integer")
    }

    /// A floating point number, if set.
    pub fn float(&self, key: &str) -> Result<Option<f64>, ConfigError> {
        self.typed(key, "a number")
    }

    /// A comma separated list (empty items dropped, items trimmed).
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

    /// A list of paths, separated by `,`, `;` or `:` as JPF accepts.
    pub fn path_list(&self, key: &str) -> Vec<String> {
        self.get(key)
            .map(|v| {
                v.split([',', ';', ':'])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A size in bytes with an optional `k`, `m` or `g` suffix (powers of 1024).
    pub fn bytes(&self, key: &str) -> Result<Option<u64>, ConfigError> {
        let Some(raw) = self.get(key) else {
            return Ok(None);
        };
        let lower = raw.trim().to_ascii_lowercase();
        let lower = lower.trim_end_matches('b');
        let (digits, factor) = match lower.char_indices().last() {
            Some((i, 'k')) => (&lower[..i], 1u64 << 10),
            Some((i, 'm')) => (&lower[..i], 1 << 20),
            Some((i, 'g')) => (&lower[..i], 1 << 30),
            _ => (lower, 1),
        };
        digits
            .trim()
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(factor))
            .map(Some)
            .ok_or_else(|| self.wrong_type(key, "a size such as 512m or 2g", raw))
    }

    /// A duration: plain seconds, or a number with `ms`, `s`, `m` or `h`.
    pub fn duration(&self, key: &str) -> Result<Option<Duration>, ConfigError> {
        let Some(raw) = self.get(key) else {
            return Ok(None);
        };
        let text = raw.trim();
        let split = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let seconds_per_unit = match unit.trim() {
            "" | "s" => 1.0,
            "ms" => 0.001,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => f64::NAN,
        };
        number
            .parse::<f64>()
            .ok()
            .map(|n| n * seconds_per_unit)
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(|s| Some(Duration::from_secs_f64(s)))
            .ok_or_else(|| self.wrong_type(key, "a duration such as 90s or 5m", raw))
    }
}

#[cfg(test)]
mod tests {
    use crate::ConfigBuilder;

    fn config(text: &str) -> crate::Config {
        ConfigBuilder::empty()
            .text("app.jpf", text, None)
            .build()
            .unwrap()
    }

    #[test]
    fn typed_access_with_precise_errors() {
        let c = config("a=1\nb=true\nsearch.depth_limit = ten\nf=2.5\nneg=-3\n");
        assert_eq!(c.int("a").unwrap(), Some(1));
        assert_eq!(c.int("neg").unwrap(), Some(-3));
        assert!(c.uint("neg").is_err());
        assert!(c.bool_or("b", false).unwrap());
        assert!(!c.bool_or("missing", false).unwrap());
        assert_eq!(c.float("f").unwrap(), Some(2.5));
        let err = c.int("search.depth_limit").unwrap_err();
        assert_eq!(
            err.to_string(),
            "search.depth_limit: expected an integer, got \"ten\" (app.jpf line 3)"
        );
        assert_eq!(c.provider_name("a").as_deref(), Some("app.jpf"));
    }

    #[test]
    fn lists_sizes_and_durations() {
        let c = config("l = a, b,,c\np=x:y;z\nm=512m\ng=2G\nt=90s\nt2=5m\nt3=1500ms\nbad=fast\n");
        assert_eq!(c.list("l"), ["a", "b", "c"]);
        assert_eq!(c.path_list("p"), ["x", "y", "z"]);
        assert_eq!(c.bytes("m").unwrap(), Some(512 << 20));
        assert_eq!(c.bytes("g").unwrap(), Some(2 << 30));
        assert_eq!(c.duration("t").unwrap().unwrap().as_secs(), 90);
        assert_eq!(c.duration("t2").unwrap().unwrap().as_secs(), 300);
        assert_eq!(c.duration("t3").unwrap().unwrap().as_millis(), 1500);
        assert!(c.duration("bad").is_err());
        assert!(c.bytes("bad").is_err());
    }

    #[test]
    fn prefix_queries_and_programmatic_set() {
        let mut c = config("vm.por=true\nvm.por.x=1\nvmx=2\n");
        let keys: Vec<_> = c.with_prefix("vm.").map(|(k, _)| k).collect();
        assert_eq!(keys, ["vm.por", "vm.por.x"]);
        c.set("vm.por", "false");
        assert!(!c.bool_or("vm.por", true).unwrap());
        assert_eq!(c.origin("vm.por").unwrap().to_string(), "command line");
    }
}
