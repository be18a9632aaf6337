//! Building a [`Config`] from its layers: site file < application file < arguments.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::config::{Config, Origin, Setting};
use crate::error::ConfigError;
use crate::expand::expand;
use crate::parse::{parse_argument, parse_properties, Entry, Op};

/// One layer of configuration, applied in the order added.
#[derive(Debug, Clone)]
enum Layer {
    Text {
        name: String,
        text: String,
        dir: Option<PathBuf>,
    },
    File {
        path: PathBuf,
        optional: bool,
    },
    Arguments(Vec<String>),
}

/// Collects layers and resolves them into a [`Config`].
#[derive(Debug, Clone)]
pub struct ConfigBuilder {
    layers: Vec<Layer>,
}

impl Default for ConfigBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ConfigBuilder {
    /// A builder without layers. rpf's defaults are not a layer: the registry
    /// ([`crate::keys`]) supplies them when a key is read.
    pub fn new() -> Self {
        ConfigBuilder { layers: Vec::new() }
    }

    /// Adds properties text; `dir` is what `${config_path}` expands to inside it.
    pub fn text(mut self, name: &str, text: &str, dir: Option<PathBuf>) -> Self {
        self.layers.push(Layer::Text {
            name: name.to_string(),
            text: text.to_string(),
            dir,
        });
        self
    }

    /// Adds a properties file that must exist.
    pub fn file(mut self, path: impl Into<PathBuf>) -> Self {
        self.layers.push(Layer::File {
            path: path.into(),
            optional: false,
        });
        self
    }

    /// Adds a properties file that is skipped when absent (the site file).
    pub fn optional_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.layers.push(Layer::File {
            path: path.into(),
            optional: true,
        });
        self
    }

    /// Adds command-line settings of the form `+key=value`.
    pub fn arguments<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.layers
            .push(Layer::Arguments(args.into_iter().map(Into::into).collect()));
        self
    }

    /// Applies every layer in order and produces the final configuration.
    pub fn build(self) -> Result<Config, ConfigError> {
        let mut resolver = Resolver::default();
        for (index, layer) in self.layers.into_iter().enumerate() {
            resolver.layer = index;
            match layer {
                Layer::Text { name, text, dir } => {
                    let entries = parse_properties(&text, &name)?;
                    resolver.apply_all(&entries, &name, dir.as_deref())?;
                }
                Layer::File { path, optional } => {
                    if optional && !path.exists() {
                        continue;
                    }
                    resolver.apply_file(&path, "")?;
                }
                Layer::Arguments(args) => {
                    for arg in args {
                        let entry = parse_argument(&arg)?;
                        resolver.apply(&entry, "command line", None)?;
                    }
                }
            }
        }
        Ok(Config::from_settings(resolver.values))
    }
}

/// The state of layering in progress.
#[derive(Default)]
struct Resolver {
    values: BTreeMap<String, Setting>,
    layer: usize,
    include_stack: Vec<PathBuf>,
}

impl Resolver {
    fn apply_file(&mut self, path: &Path, included_from: &str) -> Result<(), ConfigError> {
        let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        if self.include_stack.contains(&canonical) {
            return Err(ConfigError::IncludeCycle {
                origin: included_from.to_string(),
                path: path.to_path_buf(),
            });
        }
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path.display().to_string();
        let entries = parse_properties(&text, &name)?;
        let dir = canonical
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        self.include_stack.push(canonical);
        let result = self.apply_all(&entries, &name, Some(&dir));
        self.include_stack.pop();
        result
    }

    fn apply_all(
        &mut self,
        entries: &[Entry],
        source: &str,
        dir: Option<&Path>,
    ) -> Result<(), ConfigError> {
        entries
            .iter()
            .try_for_each(|entry| self.apply(entry, source, dir))
    }

    fn apply(
        &mut self,
        entry: &Entry,
        source: &str,
        dir: Option<&Path>,
    ) -> Result<(), ConfigError> {
        let origin = Origin {
            source: source.to_string(),
            line: entry.line,
            layer: self.layer,
            dir: dir.map(Path::to_path_buf),
        };
        let where_ = origin.to_string();
        let value = expand(&entry.value, &where_, |name| self.lookup(name, dir))?;
        if entry.key == "@include" {
            let base = dir.map(Path::to_path_buf).unwrap_or_default();
            return self.apply_file(&base.join(value), &where_);
        }
        match entry.op {
            Op::Set if value.is_empty() || value == "null" => {
                self.values.remove(&entry.key);
            }
            Op::Set => {
                self.values
                    .insert(entry.key.clone(), Setting { value, origin });
            }
            Op::Append => {
                let combined = match self.values.get(&entry.key) {
                    Some(old) if !old.value.is_empty() => format!("{},{}", old.value, value),
                    _ => value,
                };
                self.values.insert(
                    entry.key.clone(),
                    Setting {
                        value: combined,
                        origin,
                    },
                );
            }
        }
        Ok(())
    }

    fn lookup(&self, name: &str, dir: Option<&Path>) -> Option<String> {
        if name == "config_path" {
            return Some(
                dir.map(|d| d.display().to_string())
                    .unwrap_or_else(|| ".".to_string()),
            );
        }
        if let Some(setting) = self.values.get(name) {
            return Some(setting.value.clone());
        }
        match name {
            "user.home" => std::env::var("HOME").ok(),
            "user.dir" => std::env::current_dir()
                .ok()
                .map(|d| d.display().to_string()),
            _ => name
                .strip_prefix("env.")
                .and_then(|var| std::env::var(var).ok()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_layers_win_and_appends_accumulate() {
        let config = ConfigBuilder::new()
            .text("defaults", "a=1\nlist=x\nkeep=k\n", None)
            .text(
                "app.jpf",
                "a=2\nlist+=y\ngone=1\n",
                Some(PathBuf::from("/app")),
            )
            .arguments(["+list+=z", "+gone=", "+b=${a}"])
            .build()
            .unwrap();
        assert_eq!(config.get("a"), Some("2"));
        assert_eq!(config.get("list"), Some("x,y,z"));
        assert_eq!(config.get("keep"), Some("k"));
        assert_eq!(config.get("gone"), None);
        assert_eq!(config.get("b"), Some("2"));
        assert_eq!(config.origin("a").unwrap().to_string(), "app.jpf line 1");
        assert_eq!(config.origin("b").unwrap().to_string(), "command line");
    }

    #[test]
    fn config_path_and_include() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("inc.jpf"),
            "included=yes\nx=${config_path}\n",
        )
        .unwrap();
        let app = dir.path().join("app.jpf");
        std::fs::write(&app, "@include=inc.jpf\nclasspath=${config_path}/out\n").unwrap();
        let config = ConfigBuilder::new().file(&app).build().unwrap();
        let canonical = dir.path().canonicalize().unwrap();
        assert_eq!(config.get("included"), Some("yes"));
        assert_eq!(
            config.get("classpath"),
            Some(format!("{}/out", canonical.display()).as_str())
        );
        assert_eq!(
            config.get("x"),
            Some(canonical.display().to_string().as_str())
        );
    }

    #[test]
    fn include_cycles_and_missing_files_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let app = dir.path().join("app.jpf");
        std::fs::write(&app, "@include=app.jpf\n").unwrap();
        let err = ConfigBuilder::new().file(&app).build().unwrap_err();
        assert!(matches!(err, ConfigError::IncludeCycle { .. }), "{err}");
        let err = ConfigBuilder::new()
            .file(dir.path().join("missing.jpf"))
            .build()
            .unwrap_err();
        assert!(err.to_string().contains("missing.jpf"), "{err}");
        let ok = ConfigBuilder::new()
            .optional_file(dir.path().join("missing.jpf"))
            .build();
        assert!(ok.is_ok());
    }
}
