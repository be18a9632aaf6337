//! JPF-style configuration for rpf.
//!
//! A run's configuration is a flat map of string keys (JPF keys can be both a value and a
//! prefix, e.g. `vm.por` and `vm.por.field_boundaries`) built from layers, later layers winning:
//! built-in defaults < optional site file < the application `.jpf` file < command-line
//! `+key=value` arguments. Files use Java properties syntax plus JPF's extensions:
//! `key+=value` appends (comma separated), `${key}` expands an already defined key
//! (`${config_path}` is the directory of the file being read), `key=` removes a key, and
//! `@include=path` reads another file in place.
//!
//! The layering is tracked with figment so every value knows where it came from, which is what
//! makes error messages like `search.depth_limit: expected an integer, got "ten" (app.jpf line 4)`
//! possible.

mod config;
mod error;
mod expand;
mod layers;
mod parse;

pub use config::{Config, Origin};
pub use error::ConfigError;
pub use layers::ConfigBuilder;
pub use parse::{Entry, Op};

/// The built-in defaults layer, documented key by key in the README.
pub const BUILTIN_DEFAULTS: &str = include_str!("defaults.properties");

/// Namespaces owned by rpf: unknown keys under them are configuration errors, and
/// `<name>.class` keys under them do not name heuristic ChoiceGenerators.
pub const RESERVED_PREFIXES: &[&str] = &["vm.", "search.", "report.", "cg.", "rpf.", "plugin."];
