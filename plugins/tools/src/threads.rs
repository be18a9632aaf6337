//! `rpf.ThreadLimit`: a property bounding the number of live threads, which catches thread
//! leaks (pools that grow without bound, workers that never terminate).

use rpf_plugin_api::{ConfigView, HostRef, Property};

/// Violated when more than `threads.max` non-daemon threads (started, not terminated,
/// `main` included) are alive in a state.
pub struct ThreadLimit {
    max: u32,
}

impl Property for ThreadLimit {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let max = config
            .int("threads.max")?
            .ok_or("threads.max is required")?;
        let max = u32::try_from(max).map_err(|_| format!("threads.max: {max} is not a count"))?;
        Ok(ThreadLimit { max })
    }

    fn check(&mut self, host: &mut HostRef<'_, '_>) -> Option<String> {
        let alive: Vec<String> = (0..host.thread_count())
            .filter(|&t| {
                let state = host.thread_state(t);
                !host.is_daemon(t) && !state.starts_with("NEW") && !state.starts_with("TERMINATED")
            })
            .map(|t| host.thread_name(t).into_string())
            .collect();
        (alive.len() as u32 > self.max).then(|| {
            format!(
                "{} threads alive, more than threads.max = {}: {}",
                alive.len(),
                self.max,
                alive.join(", ")
            )
        })
    }
}
