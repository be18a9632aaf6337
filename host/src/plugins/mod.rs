//! The plugin host: finding and loading plugin libraries, creating the components a run's
//! configuration names, and delivering events to them.

pub mod catalog;
pub mod dispatch;
pub mod events;
pub mod host_view;

pub use catalog::{Catalog, Library};
pub use dispatch::{ListenerReports, PluginFailure, Plugins};
pub use host_view::{HostContext, Reported, Requests};

use std::path::PathBuf;

/// Why a plugin could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PluginError {
    /// The library file could not be opened by the dynamic loader.
    #[error("cannot load plugin library {path}: {reason}")]
    Open {
        /// The library.
        path: PathBuf,
        /// The loader's explanation.
        reason: String,
    },
    /// The file is a shared library but does not export an rpf root module.
    #[error("{path} is not an rpf plugin (it exports no rpf plugin module)")]
    NotAPlugin {
        /// The library.
        path: PathBuf,
    },
    /// The library was built against an incompatible plugin API.
    #[error(
        "{path} was built against another rpf plugin API ({reason}); rebuild it against this \
         rpf's plugin-api (ABI version {})",
        rpf_plugin_api::ABI_VERSION
    )]
    Abi {
        /// The library.
        path: PathBuf,
        /// What differs.
        reason: String,
    },
    /// No library on the plugin path provides the component.
    #[error("no plugin provides {kind} \"{name}\"; searched: {searched}")]
    Missing {
        /// Component kind.
        kind: &'static str,
        /// Requested name.
        name: String,
        /// The directories and files searched.
        searched: String,
    },
    /// The component's constructor panicked (a bug in the plugin).
    #[error("plugin {component} (from {library}) {message}")]
    Panicked {
        /// Component name.
        component: String,
        /// Library path.
        library: PathBuf,
        /// The panic.
        message: String,
    },
    /// A key naming components or plugin paths has a bad value.
    #[error(transparent)]
    Config(#[from] rpf_config::ConfigError),
    /// The component's constructor refused its configuration.
    #[error("{component} (from {library}) could not be created: {reason}")]
    Create {
        /// Component name.
        component: String,
        /// Library path.
        library: PathBuf,
        /// The plugin's message.
        reason: String,
    },
}

/// The `rpf plugins` listing: every component on the catalog's path, with its library.
pub fn listing(catalog: &mut Catalog) -> Result<String, PluginError> {
    use std::fmt::Write;
    let mut out = String::new();
    let searched: Vec<String> = catalog
        .search_path
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let _ = writeln!(out, "plugin path: {}", searched.join(", "));
    let mut seen = std::collections::HashSet::new();
    for lib in catalog.libraries()? {
        let _ = writeln!(out, "\n{} ({})", lib.name, lib.path.display());
        for c in &lib.components {
            let shadowed = !seen.insert((c.kind, c.name.to_string()));
            let _ = writeln!(
                out,
                "  {:<17} {}{}",
                c.kind.label(),
                c.name,
                if shadowed {
                    "  (shadowed by an earlier library)"
                } else {
                    ""
                }
            );
            if !c.aliases.is_empty() {
                let aliases: Vec<&str> = c.aliases.iter().map(|a| a.as_str()).collect();
                let _ = writeln!(out, "  {:<17} also: {}", "", aliases.join(", "));
            }
            let _ = writeln!(out, "  {:<17} {}", "", c.description);
        }
    }
    for (path, reason) in &catalog.refused {
        let _ = writeln!(out, "\nrefused {}: {reason}", path.display());
    }
    Ok(out)
}
