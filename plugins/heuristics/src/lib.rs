//! Heuristic ChoiceGenerators for `Verify.getDouble(name)` and `Verify.getInt(name)`,
//! configured only through properties (`<name>.class` and `<name>.*`), as in JPF:
//!
//! - `gov.nasa.jpf.vm.choice.DoubleThresholdGenerator`: `threshold - delta`, `threshold`,
//!   `threshold + delta` (`<name>.threshold`, `<name>.delta`, default 1.0), the values that
//!   exercise both sides of a comparison against the threshold;
//! - `gov.nasa.jpf.vm.choice.DoubleChoiceFromSet` / `IntChoiceFromSet`: `<name>.values`;
//! - `gov.nasa.jpf.vm.choice.IntIntervalGenerator`: `<name>.min` to `<name>.max` in steps of
//!   `<name>.delta` (default 1; a negative delta counts down from `max`).

use std::marker::PhantomData;

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

/// A generator whose values follow from its configuration alone: the same on every call.
trait FixedValues: 'static {
    /// The values, in exploration order.
    fn compute(config: &ConfigView) -> Result<Vec<JValue>, String>;
}

/// The [`ChoiceFactory`] of a [`FixedValues`] generator.
struct Fixed<K>(Vec<JValue>, PhantomData<K>);

impl<K: FixedValues> ChoiceFactory for Fixed<K> {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(Fixed(K::compute(config)?, PhantomData))
    }

    fn values(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<JValue> {
        self.0.clone()
    }
}

/// threshold - delta, threshold, threshold + delta.
struct DoubleThreshold;

impl FixedValues for DoubleThreshold {
    fn compute(config: &ConfigView) -> Result<Vec<JValue>, String> {
        let threshold = required_float(config, "threshold")?;
        let delta = config.float(&key(config, "delta"))?.unwrap_or(1.0);
        if delta.is_nan() || delta <= 0.0 {
            return Err(format!("{}: must be positive", key(config, "delta")));
        }
        Ok([threshold - delta, threshold, threshold + delta]
            .into_iter()
            .map(JValue::Double)
            .collect())
    }
}

/// `<name>.values` as doubles.
struct DoubleSet;

impl FixedValues for DoubleSet {
    fn compute(config: &ConfigView) -> Result<Vec<JValue>, String> {
        let v = values(config, |s| s.trim().parse::<f64>().ok(), "a number")?;
        Ok(v.into_iter().map(JValue::Double).collect())
    }
}

/// `<name>.values` as ints.
struct IntSet;

impl FixedValues for IntSet {
    fn compute(config: &ConfigView) -> Result<Vec<JValue>, String> {
        let v = values(config, |s| s.trim().parse::<i32>().ok(), "an int")?;
        Ok(v.into_iter().map(JValue::Int).collect())
    }
}

/// `min..=max` by `delta`.
struct IntInterval;

impl FixedValues for IntInterval {
    fn compute(config: &ConfigView) -> Result<Vec<JValue>, String> {
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
        let values: Vec<i64> = if delta > 0 {
            (min..=max).step_by(step).collect()
        } else {
            (min..=max).rev().step_by(step).collect()
        };
        Ok(values.into_iter().map(|v| JValue::Int(v as i32)).collect())
    }
}

rpf_plugin_api::export_plugin!(
    "rpf-plugin-heuristics",
    [
        choice_factory::<Fixed<DoubleThreshold>>(
            "rpf.DoubleThresholdGenerator",
            &["gov.nasa.jpf.vm.choice.DoubleThresholdGenerator"],
            "doubles threshold-delta, threshold, threshold+delta (<name>.threshold, <name>.delta)",
        ),
        choice_factory::<Fixed<DoubleSet>>(
            "rpf.DoubleChoiceFromSet",
            &["gov.nasa.jpf.vm.choice.DoubleChoiceFromSet"],
            "the doubles listed in <name>.values",
        ),
        choice_factory::<Fixed<IntSet>>(
            "rpf.IntChoiceFromSet",
            &["gov.nasa.jpf.vm.choice.IntChoiceFromSet"],
            "the ints listed in <name>.values",
        ),
        choice_factory::<Fixed<IntInterval>>(
            "rpf.IntIntervalGenerator",
            &["gov.nasa.jpf.vm.choice.IntIntervalGenerator"],
            "ints <name>.min..<name>.max in steps of <name>.delta",
        ),
    ]
);
