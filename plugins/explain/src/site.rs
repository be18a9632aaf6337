//! How the explaining listeners name code locations and objects in their reports.

use rpf_plugin_api::{code_location, HostRef, SystemMethods};

/// The innermost frame of `thread` in application code, below the `skip` innermost
/// frames, as `pkg.Class.method(File.java:12)`: where the program asked for what the class
/// library is doing. Frames without source lines (the classes generated for lambdas) are
/// passed over while a frame with lines follows.
pub fn application_location(
    system: &mut SystemMethods,
    host: &HostRef<'_, '_>,
    thread: u32,
    skip: usize,
) -> String {
    let frames = host.frames(thread);
    let application: Vec<_> = frames
        .iter()
        .skip(skip)
        .filter(|f| !system.is_system(host, f.method))
        .collect();
    application
        .iter()
        .find(|f| f.line >= 0)
        .or(application.first())
        .map_or_else(
            || "(no application frame)".to_string(),
            |f| code_location(host, f.method, f.pc),
        )
}

/// `SimpleName@id` for an object, as the reports name it (`#id` if it is no longer live).
pub fn object_name(host: &HostRef<'_, '_>, object: u32) -> String {
    let class = host.class_name(object);
    if class.is_empty() {
        return format!("#{object}");
    }
    let simple = class.rsplit('.').next().unwrap_or(&class);
    format!("{simple}@{object}")
}
