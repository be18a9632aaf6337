//! Listeners about the values a program computes:
//!
//! - `rpf.NumericValueChecker` (JPF's `gov.nasa.jpf.listener.NumericValueChecker`): values
//!   stored into configured fields and local variables must lie within configured ranges
//!   (`range.*` keys), and floating-point stores must not produce NaN or infinity.
//! - `rpf.StopWatchFuzzer` (JPF's `gov.nasa.jpf.listener.StopWatchFuzzer`): comparisons of
//!   clock readings become choices over their three outcomes, so that both sides of a
//!   time-dependent branch are explored although the checker's clock does not move.

mod numeric;
mod spec;
mod stopwatch;

rpf_plugin_api::export_plugin!("rpf-plugin-values", [
    rpf_plugin_api::listener::<numeric::NumericValueChecker>(
        "rpf.NumericValueChecker",
        &["gov.nasa.jpf.listener.NumericValueChecker"],
        "values stored into range.fields / range.vars must lie in [min, max] and be finite (kind numeric_range)",
    ),
    rpf_plugin_api::listener::<stopwatch::StopWatchFuzzer>(
        "rpf.StopWatchFuzzer",
        &["gov.nasa.jpf.listener.StopWatchFuzzer"],
        "explores every outcome of comparisons of System.currentTimeMillis/nanoTime differences",
    ),
]);
