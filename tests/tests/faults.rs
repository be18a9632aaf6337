//! Fault injection: signals at many moments of a search, report files that cannot be
//! written, a stale report from an earlier run, programs that need what rpf lacks. Whatever
//! happens, the reports rpf writes are complete, valid JSON that says what happened, and a
//! verdict is never lost or made up.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use rpf_tests::{compile_programs, rpf_binary};
use serde_json::Value;
use tempfile::TempDir;

fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/faults"], &[]))
        .path()
}

/// A check of `main` running in the background, its JSON report going to `json`.
fn start(main: &str, json: &Path, settings: &[&str]) -> Child {
    Command::new(rpf_binary())
        .arg("-cp")
        .arg(classes())
        .arg(main)
        .arg("+report.progress=0")
        .arg("+vm.output=false")
        .arg(format!("+report.json.file={}", json.display()))
        .args(settings)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start rpf")
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(child.id().to_string())
        .status()
        .expect("kill");
    assert!(status.success(), "kill -{name} failed");
}

/// Waits for `child` at most `limit`; its exit status, stdout and stderr.
fn finish(mut child: Child, limit: Duration) -> (Option<i32>, String, String) {
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("rpf did not end within {limit:?} of the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("the JSON report was written");
    serde_json::from_str(&text).expect("the JSON report is complete, valid JSON")
}

fn json_path(dir: &TempDir) -> PathBuf {
    dir.path().join("report.json")
}

/// Interrupts a search of a state space no search finishes with `name` after `delay`.
fn interrupted(
    main: &str,
    name: &str,
    delay: Duration,
    settings: &[&str],
) -> (Option<i32>, String, Value) {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = json_path(&dir);
    let child = start(main, &json, settings);
    std::thread::sleep(delay);
    signal(&child, name);
    let (status, stdout, stderr) = finish(child, Duration::from_secs(20));
    assert!(
        !stderr.contains("internal error"),
        "{name} after {delay:?}: {stderr}"
    );
    (status, stdout, read_json(&json))
}

#[test]
fn sigint_at_many_moments_ends_with_complete_reports() {
    // From during booting (rpf handles signals from its first millisecond; a signal before
    // that ends a process that has not yet touched any file) to deep in the search.
    for millis in [50, 90, 160, 400, 900, 1500] {
        let delay = Duration::from_millis(millis);
        let (status, stdout, report) = interrupted("ManyStates", "INT", delay, &[]);
        assert_eq!(status, Some(3), "after {delay:?}: {stdout}");
        assert_eq!(report["result"], "incomplete", "after {delay:?}");
        assert_eq!(report["stop_reason"], "interrupted", "after {delay:?}");
        assert!(report["statistics"]["states_new"].is_u64());
        assert!(
            stdout.contains("search finished: interrupted"),
            "after {delay:?}: {stdout}"
        );
    }
}

#[test]
fn sigterm_and_sighup_stop_two_workers_with_reports() {
    for name in ["TERM", "HUP"] {
        let (status, _, report) = interrupted(
            "ManyStates",
            name,
            Duration::from_millis(800),
            &["+search.workers=2"],
        );
        assert_eq!(status, Some(3), "SIG{name}");
        assert_eq!(report["stop_reason"], "interrupted", "SIG{name}");
        assert!(
            report["statistics"]["states_new"].as_u64() > Some(1),
            "SIG{name}: the workers' states are counted"
        );
    }
}

#[test]
fn an_interrupted_search_keeps_the_violation_it_found() {
    let (status, stdout, report) = interrupted(
        "EarlyViolation",
        "INT",
        Duration::from_millis(1500),
        &["+search.multiple_errors=true"],
    );
    assert_eq!(status, Some(1), "{stdout}");
    assert_eq!(report["result"], "violation");
    assert_eq!(report["stop_reason"], "interrupted");
    assert!(report["errors"][0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("found early")));
    assert!(stdout.contains("found early"), "{stdout}");
}

#[test]
fn an_interruption_does_not_wait_for_a_long_transition() {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = json_path(&dir);
    // One transition that does not end: the interruption is looked at inside it.
    let child = start("SpinForever", &json, &["+vm.max_transition=4000000000000"]);
    std::thread::sleep(Duration::from_millis(700));
    signal(&child, "INT");
    let (status, stdout, _) = finish(child, Duration::from_secs(5));
    assert_eq!(status, Some(3), "{stdout}");
    assert_eq!(read_json(&json)["stop_reason"], "interrupted");
}

#[test]
fn a_second_signal_ends_rpf_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let child = start("ManyStates", &json_path(&dir), &[]);
    std::thread::sleep(Duration::from_millis(700));
    // Both signals from one shell, microseconds apart: the first asks the search to stop,
    // the second (whichever handler sees the flag raised) ends the process.
    let status = Command::new("sh")
        .arg("-c")
        .arg("kill -INT $0; kill -TERM $0")
        .arg(child.id().to_string())
        .status()
        .expect("sh");
    assert!(status.success());
    let (status, _, _) = finish(child, Duration::from_secs(5));
    // Pending together, the two may be handled in either order: the status is that of death
    // by the one handled second, never the interrupted search's 3.
    assert!(
        matches!(status, Some(130 | 143)),
        "the shell's status for death by SIGINT or SIGTERM, got {status:?}"
    );
}

#[test]
fn a_stale_report_is_removed_before_the_search() {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = json_path(&dir);
    std::fs::write(&json, r#"{"result": "no_violation"}"#).expect("write");
    let child = start("SpinForever", &json, &["+vm.max_transition=4000000000000"]);
    let start = Instant::now();
    while json.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the earlier run's report is still there"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(&child, "KILL");
    let _ = finish(child, Duration::from_secs(5));
    assert!(
        !json.exists(),
        "a killed run leaves no report rather than a stale one"
    );
}

#[test]
fn unwritable_report_paths_are_refused_before_the_search() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("missing/report.json");
    for setting in [
        format!("+report.json.file={}", missing.display()),
        format!("+report.trace.file={}", missing.display()),
        format!("+report.json.file={}", dir.path().display()),
    ] {
        let started = Instant::now();
        let out = rpf_tests::run(
            &rpf_binary(),
            &[
                "-cp",
                &classes().display().to_string(),
                "ManyStates",
                "+report.progress=0",
                &setting,
            ],
            None,
        );
        assert_eq!(out.status, Some(2), "{setting}: {}", out.stderr);
        assert!(out.stderr.contains("cannot write"), "{}", out.stderr);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "refused before searching an endless state space"
        );
        assert!(!out.stdout.contains("search finished"), "{}", out.stdout);
    }
}

#[test]
fn a_report_that_cannot_be_written_hides_neither_the_verdict_nor_the_other_report() {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = json_path(&dir);
    let doomed = tempfile::tempdir().expect("tempdir");
    let trace = doomed.path().join("trace.json");
    let child = start(
        "EarlyViolation",
        &json,
        &[
            "+search.multiple_errors=true",
            &format!("+report.trace.file={}", trace.display()),
        ],
    );
    std::thread::sleep(Duration::from_millis(800));
    // The trace's directory disappears during the search.
    std::fs::remove_dir_all(doomed.path()).expect("remove");
    signal(&child, "INT");
    let (status, _, stderr) = finish(child, Duration::from_secs(20));
    assert_eq!(status, Some(1), "the violation stands: {stderr}");
    assert!(
        stderr.contains(&format!("cannot write {}", trace.display())),
        "{stderr}"
    );
    assert_eq!(read_json(&json)["result"], "violation");
}

/// Checks `main`, which must end incomplete (exit 3, no error) for a feature rpf lacks;
/// returns the run and the report's stop reason.
fn check_unsupported(main: &str) -> (rpf_tests::RunResult, String) {
    let (run, report) = rpf_tests::check_with_report(classes(), main, &[]);
    assert_eq!(run.status, Some(3), "{}{}", run.stdout, run.stderr);
    assert_eq!(report["result"], "incomplete");
    assert!(report["errors"].as_array().is_some_and(Vec::is_empty));
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    (run, reason.to_string())
}

#[test]
fn unsupported_features_make_a_check_incomplete_and_name_the_method() {
    let needle = "unsupported: native method java.net.InetAddress.init()";
    let (run, reason) = check_unsupported("MissingNative");
    assert!(reason.starts_with(needle), "{reason}");
    assert!(run.stdout.contains(needle), "{}", run.stdout);
}

#[test]
fn an_unsupported_signature_polymorphic_call_makes_a_check_incomplete_not_a_violation() {
    let needle = "rpf does not support MethodHandle.invokeBasic";
    let (_, reason) = check_unsupported("UnsupportedMethodHandle");
    assert!(reason.contains(needle), "{reason}");
    let cp = classes().display().to_string();
    let plain = rpf_tests::run(
        &rpf_binary(),
        &["run", "-cp", &cp, "UnsupportedMethodHandle"],
        None,
    );
    assert_eq!(plain.status, Some(1), "{}", plain.stderr);
    assert!(
        plain
            .stderr
            .contains("java.lang.UnsupportedOperationException")
            && plain.stderr.contains(needle),
        "{}",
        plain.stderr
    );
}

#[test]
fn corrupted_strings_get_what_the_jdk_bytecode_computes_not_a_crash() {
    // Intrinsics decline what they do not handle (here: coders beyond Latin-1 and UTF-16),
    // so the output is the bytecode's, with or without them, and under the checker too.
    let cp = classes().display().to_string();
    let plain = |intrinsics: &str| {
        let setting = format!("+vm.intrinsics={intrinsics}");
        let out = rpf_tests::run(
            &rpf_binary(),
            &["run", "-cp", &cp, &setting, "CorruptStrings"],
            None,
        );
        assert_eq!(out.status, Some(0), "{}{}", out.stdout, out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        out.stdout
    };
    let (with, without) = (plain("true"), plain("false"));
    assert_eq!(with, without);
    assert_eq!(with.lines().count(), 6, "{with}");
    let (run, report) = rpf_tests::check_with_report(classes(), "CorruptStrings", &[]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(report["result"], "no_violation");
}

#[test]
fn a_full_disk_is_an_error_about_the_report_not_the_end_of_rpf() {
    // A file-size limit of 0 stands in for a full disk: every report write fails with EFBIG
    // (rpf handles SIGXFSZ, which would otherwise kill it).
    let dir = tempfile::tempdir().expect("tempdir");
    let json = json_path(&dir);
    let command = "ulimit -f 0 && exec \"$0\" -cp \"$1\" EarlyViolation +report.progress=0 +vm.output=false +report.json.file=\"$2\"";
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .arg(rpf_binary())
        .arg(classes())
        .arg(&json)
        .output()
        .expect("run sh");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "the violation stands: {stderr}");
    assert!(
        stderr.contains(&format!("cannot write {}", json.display()))
            && stderr.contains("too large"),
        "{stderr}"
    );
    assert!(!json.exists());
    let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
    assert_eq!(leftovers, 0, "no temporary file is left behind");
}
