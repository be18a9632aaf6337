//! How rpf meets signals. Graceful interruption of a check: the first SIGINT, SIGTERM or
//! SIGHUP raises a flag the search reads before every transition (it then ends with
//! `stop_reason: "interrupted"` and every report is still written); a second one ends rpf at
//! once, as a user pressing Ctrl-C twice expects. And a file-size limit (`ulimit -f`) makes a
//! write fail with an error rpf reports instead of killing it.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};

/// Handles SIGXFSZ, whose default action would kill rpf when a report grows past the
/// process's file-size limit: the write then fails with `EFBIG`, which is reported.
pub fn survive_file_size_limit() {
    if let Err(e) = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false))) {
        tracing::debug!("cannot handle SIGXFSZ: {e}");
    }
}

/// The flag the interrupting signals raise, installing the handlers on first use. `None` if the handlers
/// could not be installed (the search then runs uninterruptibly, as before, with a warning).
pub fn interrupt_flag() -> Option<Arc<AtomicBool>> {
    static FLAG: OnceLock<Option<Arc<AtomicBool>>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // Registered first, so it sees the flag as the previous signal left it: set
            // means this is the second signal, and the process ends with the shell's
            // status for death by that signal.
            let installed = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&flag),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&flag)));
            if let Err(e) = installed {
                tracing::warn!(
                    "cannot handle signal {signal}: {e}; an interrupted run writes no report"
                );
                return None;
            }
        }
        Some(flag)
    })
    .clone()
}
