//! Finding plugin libraries on `plugin.path` and the components they provide.

use std::path::{Path, PathBuf};

use abi_stable::library::{lib_header_from_path, LibraryError, ROOT_MODULE_LOADER_NAME_WITH_NUL};
use rpf_plugin_api::{ComponentDesc, ComponentKind, PluginModuleRef, ABI_VERSION};

use super::error::PluginError;

/// One loaded plugin library.
pub struct Library {
    /// Where it was loaded from.
    pub path: PathBuf,
    /// The name it gives itself.
    pub name: String,
    /// Its components.
    pub components: Vec<ComponentDesc>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("path", &self.path)
            .field("name", &self.name)
            .field("components", &self.components.len())
            .finish()
    }
}

/// The platform's shared-library file extension.
const LIBRARY_EXTENSION: &str = std::env::consts::DLL_EXTENSION;

/// Opens `path` with the dynamic loader and checks that it exports abi_stable's root
/// module symbol, so that foreign libraries are told apart from rpf plugins before
/// abi_stable takes over (which would leak every library it opens).
fn probe(path: &Path) -> Result<(), PluginError> {
    // SAFETY: opening a library runs its initializers; plugin.path names libraries the user
    // chose to load into rpf.
    let library = unsafe { libloading::Library::new(path) }.map_err(|e| PluginError::Open {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    // SAFETY: the symbol is only looked up, never dereferenced here.
    let exported = unsafe {
        library
            .get::<*const ()>(ROOT_MODULE_LOADER_NAME_WITH_NUL.as_bytes())
            .is_ok()
    };
    if exported {
        Ok(())
    } else {
        Err(PluginError::NotAPlugin {
            path: path.to_path_buf(),
        })
    }
}

/// Loads one library and checks that it is an rpf plugin of this ABI.
pub fn load(path: &Path) -> Result<Library, PluginError> {
    probe(path)?;
    let header = lib_header_from_path(path).map_err(|e| classify(path, e))?;
    let module = header
        .init_root_module::<PluginModuleRef>()
        .map_err(|e| classify(path, e))?;
    let version = module.abi_version();
    if version != ABI_VERSION {
        return Err(PluginError::Abi {
            path: path.to_path_buf(),
            reason: format!("its ABI version is {version}"),
        });
    }
    Ok(Library {
        path: path.to_path_buf(),
        name: module.library().to_string(),
        components: module.components()().into_iter().collect(),
    })
}

fn classify(path: &Path, e: LibraryError) -> PluginError {
    let path = path.to_path_buf();
    let reason = match e {
        LibraryError::OpenError { err, .. } => {
            return PluginError::Open {
                path,
                reason: err.to_string(),
            }
        }
        LibraryError::GetSymbolError { .. } => return PluginError::NotAPlugin { path },
        LibraryError::IncompatibleVersionNumber {
            expected_version,
            actual_version,
            ..
        } => format!("plugin-api {actual_version}, this rpf uses {expected_version}"),
        LibraryError::AbiInstability(details) => {
            tracing::debug!(path = %path.display(), %details, "plugin layout mismatch");
            "the layout of its plugin interface differs from this rpf's".to_string()
        }
        LibraryError::InvalidAbiHeader(_) | LibraryError::InvalidCAbi { .. } => {
            "it uses an incompatible abi_stable version".to_string()
        }
        other => first_line(&other.to_string()),
    };
    PluginError::Abi { path, reason }
}

fn first_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// The plugin path and the libraries found on it, loaded on first use.
#[derive(Debug, Default)]
pub struct Catalog {
    /// Directories and library files, searched in order.
    pub search_path: Vec<PathBuf>,
    libraries: Option<Vec<Library>>,
    /// rpf plugins found in directories but refused (another ABI): path and reason.
    pub refused: Vec<(PathBuf, String)>,
}

/// The directory of the rpf executable, where `cargo build` puts the bundled plugins.
pub fn bundled_directory() -> Option<PathBuf> {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
}

impl Catalog {
    /// A catalog over `user` entries (from `plugin.path`) followed by the bundled directory.
    /// Entries become absolute, so that the dynamic loader opens the file that was named
    /// rather than searching its own path for a library of that name; an entry that does
    /// not exist is skipped with a warning.
    pub fn new(user: Vec<PathBuf>) -> Catalog {
        let mut search_path: Vec<PathBuf> = user
            .into_iter()
            .filter_map(|entry| match std::path::absolute(&entry) {
                Ok(path) if path.exists() => Some(path),
                _ => {
                    tracing::warn!(
                        "plugin.path entry {} does not exist; skipped",
                        entry.display()
                    );
                    None
                }
            })
            .collect();
        search_path.extend(bundled_directory());
        Catalog {
            search_path,
            ..Catalog::default()
        }
    }

    /// Every library on the path. An explicitly listed file must be a valid plugin; in
    /// directories, shared libraries that are not rpf plugins are skipped (a directory such
    /// as `target/release` holds other libraries too), and rpf plugins built against
    /// another ABI are skipped with a warning and named if a component is then missing.
    pub fn libraries(&mut self) -> Result<&[Library], PluginError> {
        if self.libraries.is_none() {
            let mut found = Vec::new();
            for entry in &self.search_path {
                if entry.is_file() {
                    found.push(load(entry)?);
                    continue;
                }
                let Ok(dir) = std::fs::read_dir(entry) else {
                    tracing::debug!(path = %entry.display(), "plugin path entry is not readable");
                    continue;
                };
                let mut files: Vec<PathBuf> = dir
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == LIBRARY_EXTENSION))
                    .collect();
                files.sort();
                for file in files {
                    match load(&file) {
                        Ok(lib) => found.push(lib),
                        Err(PluginError::NotAPlugin { .. } | PluginError::Open { .. }) => {
                            tracing::debug!(path = %file.display(), "not an rpf plugin; skipped");
                        }
                        Err(e) => {
                            tracing::warn!("{e}; skipped");
                            self.refused.push((file, e.to_string()));
                        }
                    }
                }
            }
            self.libraries = Some(found);
        }
        Ok(self.libraries.as_deref().unwrap_or_default())
    }

    /// The first component of `kind` called `name` (or aliased so) on the path, with its
    /// library's path; `None` when no library provides it.
    pub fn find(
        &mut self,
        kind: ComponentKind,
        name: &str,
    ) -> Result<Option<(PathBuf, ComponentDesc)>, PluginError> {
        Ok(self.libraries()?.iter().find_map(|lib| {
            lib.components
                .iter()
                .find(|c| c.kind == kind && answers_to(c, name))
                .map(|c| (lib.path.clone(), c.clone()))
        }))
    }

    /// The error naming `components` (`listener "X"`) that no library on the path provides,
    /// with the path searched and the libraries refused.
    pub fn missing(&self, components: Vec<String>) -> PluginError {
        let mut searched = self
            .search_path
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        for (path, reason) in &self.refused {
            searched.push_str(&format!("; refused {}: {reason}", path.display()));
        }
        PluginError::Missing {
            components: components.join(", "),
            searched,
        }
    }
}

/// Whether component `c` is called `name` or has it as an alias.
pub fn answers_to(c: &ComponentDesc, name: &str) -> bool {
    c.name.as_str() == name || c.aliases.iter().any(|a| a.as_str() == name)
}
