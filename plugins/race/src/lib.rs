//! Data race detectors.
//!
//! - `rpf.PreciseRaceDetector` (JPF's `gov.nasa.jpf.listener.PreciseRaceDetector`): at
//!   every new state, looks at the instruction each schedulable thread executes next. Two
//!   threads about to access the same field or array element, at least one of them
//!   writing, with nothing forcing an order between them (both can run now), are a race.
//!   The search breaks transitions before every access to shared data, so every race is
//!   seen this way in some state; volatile fields never race (JMM), and atomics are
//!   volatile fields accessed inside the class library.
//! - `rpf.Eraser`: the lockset algorithm of Savage et al. (virgin, exclusive, shared,
//!   shared-modified), following each execution path of the search.

mod access;
mod eraser;
mod precise;

rpf_plugin_api::export_plugin!("rpf-plugin-race", [
    rpf_plugin_api::listener::<precise::PreciseRaceDetector>(
        "rpf.PreciseRaceDetector",
        &["gov.nasa.jpf.listener.PreciseRaceDetector"],
        "reports conflicting accesses to a field or array element that two threads can make in either order (kind race)",
    ),
    rpf_plugin_api::listener::<eraser::Eraser>(
        "rpf.Eraser",
        &["gov.nasa.jpf.listener.Eraser"],
        "Eraser lockset algorithm: shared-modified data whose lockset becomes empty (kind race)",
    ),
]);
