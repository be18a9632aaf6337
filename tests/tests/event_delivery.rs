//! Events reach a listener subscribed to them alone, when they happen: `ClassLoaded` as
//! classes load (also with nothing else subscribed), `ObjectCreated` with the allocating
//! thread's frames.

use rpf_tests::{check_with_report, compile_programs, fixture};

/// What the probe listener heard while checking `Choices` subscribed to `kinds` (per kind:
/// events, and events that saw the running thread's frames), and the number of classes the
/// run loaded.
fn probe(kinds: &str) -> (serde_json::Value, u64) {
    let classes = compile_programs(&["tests/java/plugins"], &[]);
    let path = format!("+plugin.path={}", fixture("components"));
    let kinds = format!("+probe.kinds={kinds}");
    let settings = [
        path.as_str(),
        "+listener=fixture.EventProbe",
        kinds.as_str(),
    ];
    let (run, report) = check_with_report(classes.path(), "Choices", &settings);
    assert!(run.status.is_some_and(|s| s <= 1), "{}", run.stderr);
    let loaded = report["statistics"]["classes_loaded"].as_u64().unwrap_or(0);
    (report["plugins"]["fixture.EventProbe"].clone(), loaded)
}

#[test]
fn a_listener_subscribed_only_to_class_loads_hears_every_class_load() {
    let (seen, loaded) = probe("ClassLoaded");
    // The classes loaded while the VM booted and those the program loaded, each once.
    assert!(loaded > 100, "{seen}");
    assert_eq!(
        seen["ClassLoaded"]["count"].as_u64(),
        Some(loaded),
        "{seen}"
    );
    assert_eq!(seen.as_object().map(|o| o.len()), Some(1), "{seen}");
}

#[test]
fn object_creation_events_carry_the_allocating_threads_frames() {
    let (seen, _) = probe("ObjectCreated");
    let created = &seen["ObjectCreated"];
    let count = created["count"].as_u64().unwrap_or(0);
    assert!(count > 0, "{seen}");
    assert_eq!(created["with_frames"].as_u64(), Some(count), "{seen}");
}
