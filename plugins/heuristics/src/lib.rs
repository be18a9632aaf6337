//! Heuristic ChoiceGenerators for `Verify.getDouble(name)` and `Verify.getInt(name)`,
//! configured only through properties (`<name>.class` and `<name>.*`), as in JPF:
//!
//! - `gov.nasa.jpf.vm.choice.DoubleThresholdGenerator`: `threshold - delta`, `threshold`,
//!   `threshold + delta` (`<name>.threshold`, `<name>.delta`, default 1.0), the values that
//!   exercise both sides of a comparison against the threshold;
//! - `gov.nasa.jpf.vm.choice.DoubleChoiceFromSet` / `IntChoiceFromSet`: `<name>.values`;
//! - `gov.nasa.jpf.vm.choice.IntIntervalGenerator`: `<name>.min` to `<name>.max` in steps of
//!   `<name>.delta` (default 1; a negative delta counts down from `max`).

use rpf_plugin_api::{choice_factory, ChoiceFactory, ConfigView, HostRef, JValue};

/// Largest number of values an interval may enumerate.
const MAX_INTERVAL_VALUES: i64 = 10_000_000;

/// The key `<name>.<suffix>` of the configured choice.
fn key(config: &ConfigView, suffix: &str) -> String {
    format!("{}.{suffix}", config.name)
}

/// A required number.
fn required_float(config: &ConfigView, suffix: &str) -> Result<f64, String> {
    let k = key(config, suffix);
    config.float(&k)?.ok_or_else(|| format!("{k} is required"))
}

/// A required integer.
fn required_int(config: &ConfigView, suffix: &str) -> Result<i64, String> {
    let k = key(config, suffix);
    config.int(&k)?.ok_or_else(|| format!("{k} is required"))
}

/// The non-empty list `<name>.values`, each parsed by `parse`.
fn values<T>(
    config: &ConfigView,
    parse: impl Fn(&str) -> Option<T>,
    what: &str,
) -> Result<Vec<T>, String> {
    let k = key(config, "values");
    let list = config.list(&k);
    if list.is_empty() {
        return Err(format!("{k} is required (a comma separated list)"));
    }
    list.iter()
        .map(|v| parse(v).ok_or_else(|| format!("{k}: \"{v}\" is not {what}")))
        .collect()
}

/// threshold - delta, threshold, threshold + delta.
struct DoubleThreshold(Vec<JValue>);

impl ChoiceFactory for DoubleThreshold {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let threshold = required_float(config, "threshold")?;
        let delta = config.float(&key(config, "delta"))?.unwrap_or(1.0);
        if delta.is_nan() || delta <= 0.0 {
            return Err(format!("{}: must be positive", key(config, "delta")));
        }
        Ok(DoubleThreshold(
            [threshold - delta, threshold, threshold + delta]
                .into_iter()
                .map(JValue::Double)
                .collect(),
        ))
    }

    fn values(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<JValue> {
        self.0.clone()
    }
}

/// `<name>.values` as doubles.
struct DoubleSet(Vec<JValue>);

impl ChoiceFactory for DoubleSet {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let v = values(config, |s| s.trim().parse::<f64>().ok(), "a number")?;
        Ok(DoubleSet(v.into_iter().map(JValue::Double).collect()))
    }

    fn values(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<JValue> {
        self.0.clone()
    }
}

/// `<name>.values` as ints.
struct IntSet(Vec<JValue>);

impl ChoiceFactory for IntSet {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let v = values(config, |s| s.trim().parse::<i32>().ok(), "an int")?;
        Ok(IntSet(v.into_iter().map(JValue::Int).collect()))
    }

    fn values(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<JValue> {
        self.0.clone()
    }
}

/// `min..=max` by `delta`.
struct IntInterval(Vec<JValue>);

impl ChoiceFactory for IntInterval {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let min = config.int(&key(config, "min"))?.unwrap_or(0);
        let max = required_int(config, "max")?;
        let delta = config.int(&key(config, "delta"))?.unwrap_or(1);
        let in_int = |v: i64| i32::try_from(v).is_ok();
        if !in_int(min) || !in_int(max) {
            return Err(format!("{}: bounds must be ints", config.name));
        }
        if min > max {
            return Err(format!("{}: empty interval [{min}, {max}]", config.name));
        }
        if delta == 0 {
            return Err(format!("{}: must not be 0", key(config, "delta")));
        }
        if (max - min) / delta.abs() >= MAX_INTERVAL_VALUES {
            return Err(format!("{}: interval too large to enumerate", config.name));
        }
        let step = delta.unsigned_abs() as usize;
        let ascending = (min..=max).step_by(step);
        let values: Vec<i64> = if delta > 0 {
            ascending.collect()
        } else {
            (min..=max).rev().step_by(step).collect()
        };
        Ok(IntInterval(
            values.into_iter().map(|v| JValue::Int(v as i32)).collect(),
        ))
    }

    fn values(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<JValue> {
        self.0.clone()
    }
}

rpf_plugin_api::export_plugin!(
    "rpf-plugin-heuristics",
    [
        choice_factory::<DoubleThreshold>(
            "rpf.DoubleThresholdGenerator",
            &["gov.nasa.jpf.vm.choice.DoubleThresholdGenerator"],
            "doubles threshold-delta, threshold, threshold+delta (<name>.threshold, <name>.delta)",
        ),
        choice_factory::<DoubleSet>(
            "rpf.DoubleChoiceFromSet",
            &["gov.nasa.jpf.vm.choice.DoubleChoiceFromSet"],
            "the doubles listed in <name>.values",
        ),
        choice_factory::<IntSet>(
            "rpf.IntChoiceFromSet",
            &["gov.nasa.jpf.vm.choice.IntChoiceFromSet"],
            "the ints listed in <name>.values",
        ),
        choice_factory::<IntInterval>(
            "rpf.IntIntervalGenerator",
            &["gov.nasa.jpf.vm.choice.IntIntervalGenerator"],
            "ints <name>.min..<name>.max in steps of <name>.delta",
        ),
    ]
);
