//! Why a plugin could not be used: the errors of finding and loading libraries (`catalog`)
//! and of creating a run's components (`dispatch`).

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
    #[error("no plugin provides {components}; searched: {searched}")]
    Missing {
        /// Each missing component's kind and name (`listener "X", property "Y"`).
        components: String,
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
