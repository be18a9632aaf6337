//! The plugin host: finding and loading plugin libraries, creating the components a run's
//! configuration names, and delivering events to them.

pub mod catalog;
pub mod dispatch;
pub mod error;
pub mod events;
pub mod host_view;
pub mod symbolic;

pub use catalog::{Catalog, Library};
pub use dispatch::{PluginFailure, PluginReports, Plugins};
pub use error::PluginError;
pub use host_view::{Effect, HostContext, Reported, Requests};

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
