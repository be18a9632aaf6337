//! The stable ABI between the rpf host and its plugins.
//!
//! A plugin is a `cdylib` exporting one [`PluginModuleRef`] root module (use
//! [`export_plugin!`]) that lists its components: listeners, ChoiceGenerator factories,
//! scheduler factories, bytecode factories and properties. The host loads every library on
//! `plugin.path`, checks that it was built against this crate's ABI, and creates the
//! components a run's configuration names.
//!
//! Plugin code implements the plain Rust traits of this crate ([`Listener`],
//! [`ChoiceFactory`], [`Scheduler`], [`BytecodeFactory`], [`Property`]); the adapters here
//! turn them into
//! FFI-safe trait objects and catch panics on the plugin's side of the boundary, so a failing
//! plugin is reported by name instead of aborting the host.

mod component;
mod config;
mod descriptor;
mod event;
mod host;
mod path_local;
mod pattern;
mod system_methods;
mod value;

pub use component::{
    bytecode_factory, choice_factory, listener, property, scheduler, Access, AccessKind,
    BytecodeFactory, BytecodeFactoryBox, BytecodeFactoryFfi, BytecodeFactoryFfi_TO, ChoiceFactory,
    ChoiceFactoryBox, ChoiceFactoryFfi, ChoiceFactoryFfi_TO, Component, ComponentDesc,
    ComponentKind, Execution, Listener, ListenerBox, ListenerFfi, ListenerFfi_TO, Property,
    PropertyBox, PropertyFfi, PropertyFfi_TO, Scheduler, SchedulerBox, SchedulerFfi,
    SchedulerFfi_TO, PANIC_PREFIX,
};
pub use config::ConfigView;
pub use descriptor::{java_type, parameter_types};
pub use event::{flags, Event, EventKind, EventMask};
pub use host::{
    code_location, ClassReady, FieldInfo, FrameInfo, Host, HostRef, Host_TO, InsnInfo, MethodInfo,
};
pub use path_local::{PathLocal, StateNumbers};
pub use pattern::{any_matches, name_matches};
pub use system_methods::SystemMethods;
pub use value::{ChoiceKind, JValue};

pub use abi_stable;
use abi_stable::library::RootModule;
use abi_stable::sabi_types::VersionStrings;
use abi_stable::std_types::{RStr, RVec};
use abi_stable::StableAbi;

/// Bumped whenever a change to this crate breaks binary compatibility with built plugins.
/// The host refuses a library whose module reports another version.
pub const ABI_VERSION: u32 = 1;

/// The root module every plugin library exports.
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModuleRef)))]
#[sabi(missing_field(panic))]
pub struct PluginModule {
    /// [`ABI_VERSION`] of the plugin-api the library was built against.
    pub abi_version: u32,
    /// The library's name, for messages (`example-listener`).
    pub library: RStr<'static>,
    /// The components the library provides.
    #[sabi(last_prefix_field)]
    pub components: extern "C" fn() -> RVec<ComponentDesc>,
}

impl RootModule for PluginModuleRef {
    abi_stable::declare_root_module_statics! {PluginModuleRef}
    const BASE_NAME: &'static str = "rpf_plugin";
    const NAME: &'static str = "rpf_plugin";
    const VERSION_STRINGS: VersionStrings = abi_stable::package_version_strings!();
}

/// Exports a plugin library's root module.
///
/// ```ignore
/// // The plugin crate depends on `abi_stable` too (its export attribute names it).
/// rpf_plugin_api::export_plugin!("my-plugin", [
///     rpf_plugin_api::listener::<Counter>("example.Counter", &[], "counts instructions"),
/// ]);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($library:expr, [$($component:expr),* $(,)?]) => {
        /// The plugin's component list (called by the host through the root module).
        extern "C" fn rpf_plugin_components(
        ) -> $crate::abi_stable::std_types::RVec<$crate::ComponentDesc> {
            let mut list = $crate::abi_stable::std_types::RVec::new();
            $(list.push($component);)*
            list
        }

        /// The plugin's exported root module (the static abi_stable generates for it has
        /// no documentation of its own).
        #[allow(missing_docs)]
        pub mod rpf_plugin_export {
            /// The root module the host loads.
            #[$crate::abi_stable::export_root_module]
            pub fn rpf_plugin_root() -> $crate::PluginModuleRef {
                use $crate::abi_stable::prefix_type::PrefixTypeTrait;
                $crate::PluginModule {
                    abi_version: $crate::ABI_VERSION,
                    library: $crate::abi_stable::std_types::RStr::from_str($library),
                    components: super::rpf_plugin_components,
                }
                .leak_into_prefix()
            }
        }
    };
}
