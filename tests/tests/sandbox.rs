//! The file system under the checker (`vm.fs`): a search works in a sandbox per path, so
//! paths see their own changes and not each other's, the real file system stays as it was,
//! and file operations are scheduling points; `+vm.fs=real` writes for real. (`rpf run`
//! against `java` is the differential suite's `FileSystemOps` and `FileRoundTrip`.)

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{check_with_report, compile_programs, RunResult};
use serde_json::Value;
use tempfile::TempDir;

/// The sandbox programs, compiled once for all tests.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/sandbox"], &[]))
        .path()
}

/// Checks `main` with program arguments and settings.
fn check(main: &str, args: &[&str], settings: &[&str]) -> (RunResult, Value) {
    let mut all: Vec<&str> = args.to_vec();
    all.extend_from_slice(settings);
    check_with_report(classes(), main, &all)
}

/// The distinct lines of the program's output that start with `prefix`.
fn outcomes(run: &RunResult, prefix: &str) -> BTreeSet<String> {
    run.stdout
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(str::to_owned)
        .collect()
}

fn path_arg(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn threads_appending_to_a_file_interleave_in_every_order_and_nothing_reaches_the_disk() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("log.txt");
    let (run, report) = check("AppendInterleaving", &[&path_arg(&file)], &[]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(report["result"], "no_violation");
    let expected: BTreeSet<String> = [
        "A1,A2,B1,B2",
        "A1,B1,A2,B2",
        "A1,B1,B2,A2",
        "B1,A1,A2,B2",
        "B1,A1,B2,A2",
        "B1,B2,A1,A2",
    ]
    .iter()
    .map(|o| format!("content start,{o}"))
    .collect();
    assert_eq!(outcomes(&run, "content "), expected, "{}", run.stdout);
    assert!(!file.exists(), "the search wrote {}", file.display());
    assert_eq!(
        std::fs::read_dir(dir.path()).map(Iterator::count).ok(),
        Some(0)
    );
}

#[test]
fn an_assumption_about_the_order_of_file_writes_is_refuted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("log.txt");
    let (run, report) = check("AppendInterleaving", &[&path_arg(&file), "blocks"], &[]);
    assert_eq!(run.status, Some(1), "{}{}", run.stdout, run.stderr);
    let message = report["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("interleaved: [start, "), "{message}");
    assert!(!file.exists());
}

#[test]
fn deletes_and_renames_are_seen_on_their_own_path_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("data.txt");
    let other = dir.path().join("renamed.txt");
    std::fs::write(&file, "original").expect("write");
    let (run, report) = check(
        "DeleteOrRename",
        &[&path_arg(&file), &path_arg(&other)],
        &[],
    );
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(report["result"], "no_violation");
    let expected: BTreeSet<String> = [
        "delete=false rename=false listing=[data.txt]",
        "delete=false rename=true listing=[renamed.txt]",
        "delete=true rename=false listing=[]",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(outcomes(&run, "delete="), expected, "{}", run.stdout);
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some("original")
    );
    assert!(!other.exists());
}

#[test]
fn a_file_written_on_one_path_is_seen_on_that_path_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("maybe.txt");
    let (run, report) = check("WriteThenCheck", &[&path_arg(&file)], &[]);
    assert_eq!(run.status, Some(1), "{}{}", run.stdout, run.stderr);
    let message = report["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("the file was written"), "{message}");
    assert!(!file.exists());
}

#[test]
fn vm_fs_real_writes_to_the_real_file_system() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("maybe.txt");
    let (run, _) = check("WriteThenCheck", &[&path_arg(&file)], &["+vm.fs=real"]);
    assert_eq!(run.status, Some(1), "{}{}", run.stdout, run.stderr);
    assert_eq!(std::fs::read_to_string(&file).ok().as_deref(), Some("w"));
}

#[test]
fn output_of_a_path_prefix_is_not_repeated_after_backtracking() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("data.txt");
    let other = dir.path().join("renamed.txt");
    std::fs::write(&file, "original").expect("write");
    let (run, _) = check(
        "DeleteOrRename",
        &[&path_arg(&file), &path_arg(&other)],
        &[],
    );
    // The line printed before the first choice belongs to the transition every path shares:
    // the search runs it once, and backtracking does not run it again. The lines printed at
    // the ends of paths come once per run of the transitions that print them (the JDK's
    // daemon threads interleave with main's file operations, which makes several such runs
    // per data choice).
    let starts = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("checking "))
        .count();
    assert_eq!(starts, 1, "{}", run.stdout);
    let ends = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("delete="))
        .count();
    assert!(ends >= 3, "{}", run.stdout);
}
