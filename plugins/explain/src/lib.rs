//! Listeners that explain a violation the way JPF's debugging listeners do: the thread
//! operations that led to a deadlock, where the `null` behind a `NullPointerException`
//! came from, and the history of chosen objects.

mod deadlock;
mod findings;
mod history;
mod null_tracker;
mod object_tracker;
mod site;

rpf_plugin_api::export_plugin!(
    "rpf-plugin-explain",
    [
        rpf_plugin_api::listener::<deadlock::DeadlockAnalyzer>(
            "rpf.DeadlockAnalyzer",
            &["gov.nasa.jpf.listener.DeadlockAnalyzer"],
            "on a deadlock, the thread operations that led to it (deadlock.format, deadlock.max_history)",
        ),
        rpf_plugin_api::listener::<null_tracker::NullTracker>(
            "rpf.NullTracker",
            &["gov.nasa.jpf.listener.NullTracker"],
            "on a NullPointerException, where the null came from",
        ),
        rpf_plugin_api::listener::<object_tracker::ObjectTracker>(
            "rpf.ObjectTracker",
            &["gov.nasa.jpf.listener.ObjectTracker"],
            "on a violation, the creation, calls, field accesses and release of chosen objects (ot.*)",
        ),
    ]
);
