//! The differential suite: every program under `tests/java/run/` runs under `java -ea` and
//! under `rpf run`; stdout, exit status and the first stderr line must be identical.

use std::path::PathBuf;
use std::sync::Mutex;

use rpf_tests::{difference, java_sources, javac, run_java, run_rpf, workspace};

#[test]
fn rpf_run_matches_java_on_every_program() {
    let sources = java_sources(&workspace().join("tests/java/run"));
    let filter = std::env::var("RPF_DIFF_FILTER").ok();
    assert!(
        filter.is_some() || sources.len() >= 40,
        "the differential suite needs at least 40 programs"
    );
    let out = tempfile::tempdir().expect("temp dir");
    javac(&sources, out.path(), &[]);
    let names: Vec<String> = sources
        .iter()
        .map(|p| {
            p.file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let queue = Mutex::new(
        names
            .into_iter()
            .filter(|n| filter.as_deref().is_none_or(|f| n.contains(f)))
            .collect::<Vec<_>>(),
    );
    let failures = Mutex::new(Vec::new());
    let classpath: PathBuf = out.path().to_path_buf();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(name) = queue.lock().expect("queue").pop() else {
                    break;
                };
                let java = run_java(&classpath, &name);
                let rpf = run_rpf(&classpath, &name);
                if let Some(d) = difference(&name, &java, &rpf) {
                    failures.lock().expect("failures").push(d);
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(
        failures.is_empty(),
        "{} program(s) differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
