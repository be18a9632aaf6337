//! JPF-style configuration for rpf.
//!
//! A run's configuration is a flat map of string keys (JPF keys can be both a value and a
//! prefix, e.g. `vm.por` and `vm.por.field_boundaries`) built from layers, later layers winning:
//! optional site file < the application `.jpf` file < command-line `+key=value` arguments; a key
//! no layer sets has the default of its entry in [`keys`], the registry of rpf's keys, which also
//! reads values as their types. Files use Java properties syntax plus JPF's extensions:
//! `key+=value` appends (comma separated), `${key}` expands an already defined key
//! (`${config_path}` is the directory of the file being read), `key=` removes a key, and
//! `@include=path` reads another file in place.
//!
//! The layering is tracked with figment so every value knows where it came from, which is what
//! makes error messages like `search.depth_limit: expected a non-negative integer, got "ten"
//! (app.jpf line 4)` possible.

mod config;
mod error;
mod expand;
pub mod jpf;
pub mod keys;
mod layers;
mod parse;
pub mod types;

pub use config::{Config, Origin};
pub use error::ConfigError;
pub use layers::ConfigBuilder;
pub use parse::{Entry, Op};
