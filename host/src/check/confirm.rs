//! Confirmation of violations found under an abstraction: a bytecode factory (symbolic
//! execution) names the settings under which its violation must recur concretely (the
//! inputs as plain values), and the program is checked again with them. A violation that
//! does not recur is reported as unconfirmed, never as a plain violation.

use std::time::Duration;

use rpf_config::Config;
use rpf_search::{Search, Strategy};

use super::settings::CheckSettings;
use super::setup::build_model;
use super::violation::JavaError;
use crate::launch::{LaunchError, Target};

/// Whether checking `target` again under `config` with `with` (`key=value` settings)
/// finds the same violation as `error`: the same kind and exception class.
pub fn recurs(
    config: &Config,
    target: &Target,
    error: &JavaError,
    with: &[String],
) -> Result<bool, LaunchError> {
    let mut config = config.clone();
    for setting in with {
        let (key, value) = setting.split_once('=').unwrap_or((setting.as_str(), ""));
        config.set(key, value);
    }
    let mut settings = CheckSettings::from_config(&config)?;
    // Quietly, once, and with nothing written.
    settings.output = false;
    settings.json_file = None;
    settings.trace_file = None;
    settings.workers = 1;
    settings.progress_interval = Duration::ZERO;
    settings.limits.max_errors = 1;
    let mut model = build_model(&config, target, &settings)?;
    let report = Search::new(Strategy::DepthFirst)
        .with_limits(settings.limits.clone())
        .run(&mut model);
    Ok(report.errors.first().is_some_and(|found| {
        found.error.kind == error.kind && found.error.exception_class == error.exception_class
    }))
}
