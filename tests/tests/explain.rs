//! The listeners that explain a violation (`rpf-plugin-explain`): JPF's DeadlockAnalyzer,
//! NullTracker and ObjectTracker under their JPF names, through the real binary.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{assert_failed, check_with_report, compile_programs, rpf_binary, run, RunResult};
use serde_json::Value;
use tempfile::TempDir;

/// The programs of `tests/java/explain`, compiled once (with `-g`).
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/explain"], &["-g"]))
        .path()
}

/// Runs `rpf` on `main` with settings; the run and its JSON report.
fn check(main: &str, settings: &[&str]) -> (RunResult, Value) {
    check_with_report(classes(), main, settings)
}

/// The lines of the console section a listener named `name` printed, with object ids
/// (which depend on the class library's allocations) written as `@N`.
fn section(out: &RunResult, name: &str) -> Vec<String> {
    let header = format!(" {name}");
    let mut lines = out
        .stdout
        .lines()
        .skip_while(|l| !(l.starts_with("====") && l.ends_with(&header)));
    assert!(
        lines.next().is_some(),
        "no {name} section in:\n{}",
        out.stdout
    );
    lines
        .take_while(|l| !l.starts_with("===="))
        .map(without_ids)
        .collect()
}

/// `Object@1110` → `Object@N`, `#12` → `#N`.
fn without_ids(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if (c == '@' || c == '#') && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('N');
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
        }
    }
    out
}

/// Lines with runs of spaces collapsed, for tables whose column widths follow the content.
fn collapsed(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn deadlock_analyzer_shows_how_the_lock_cycle_formed() {
    let (out, report) = check("LockCycle", &["+listener=.listener.DeadlockAnalyzer"]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        collapsed(&section(&out, "gov.nasa.jpf.listener.DeadlockAnalyzer")),
        [
            "thread operations before the deadlock (deadlock.format=essential):",
            "deadlocked threads: main, worker-a, worker-b",
            "main start \"worker-a\" LockCycle.main(LockCycle.java:21)",
            "main start \"worker-b\" LockCycle.main(LockCycle.java:22)",
            "main wait on Thread@N LockCycle.main(LockCycle.java:23)",
            "worker-a lock Object@N LockCycle.lambda$main$0(LockCycle.java:8)",
            "worker-b lock Object@N LockCycle.lambda$main$1(LockCycle.java:15)",
            "worker-a blocked on Object@N LockCycle.lambda$main$0(LockCycle.java:9)",
            "worker-b blocked on Object@N LockCycle.lambda$main$1(LockCycle.java:16)",
        ]
    );
    let ops =
        &report["plugins"]["gov.nasa.jpf.listener.DeadlockAnalyzer"]["deadlocks"][0]["operations"];
    assert_eq!(ops.as_array().map(Vec::len), Some(7), "{ops}");
    assert_eq!(ops[6]["thread"], "worker-b");
    assert_eq!(ops[6]["operation"], "blocked on");
    // The lock worker-b waits for is the one worker-a took first, and the other way round.
    assert_eq!(ops[3]["object"], ops[6]["object"]);
    assert_eq!(ops[4]["object"], ops[5]["object"]);
}

#[test]
fn deadlock_analyzer_shows_the_notification_the_waiter_missed() {
    let (out, _) = check("MissedSignal", &["+listener=.listener.DeadlockAnalyzer"]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = collapsed(&section(&out, "gov.nasa.jpf.listener.DeadlockAnalyzer"));
    let notify = lines.iter().position(|l| {
        l.starts_with("main notifyAll Object@N MissedSignal.main(MissedSignal.java:26)")
    });
    let wait = lines.iter().position(|l| {
        l.starts_with("consumer wait on Object@N MissedSignal.lambda$main$0(MissedSignal.java:16)")
    });
    assert!(
        notify.is_some() && wait.is_some() && notify < wait,
        "{lines:#?}"
    );
    assert_eq!(lines[1], "deadlocked threads: main, consumer");
}

#[test]
fn deadlock_analyzer_formats_and_history_limit() {
    let (out, _) = check(
        "LockCycle",
        &[
            "+listener=gov.nasa.jpf.listener.DeadlockAnalyzer",
            "+deadlock.format=column",
            "+deadlock.max_history=2",
        ],
    );
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = section(&out, "gov.nasa.jpf.listener.DeadlockAnalyzer");
    assert_eq!(
        lines[0],
        "thread operations before the deadlock (deadlock.format=column, last 2 of 7):"
    );
    // One column per thread: worker-a's operation sits in the first column, worker-b's in
    // the second.
    let header = &lines[2];
    let column_b = header.find("worker-b").expect("worker-b column");
    assert!(header.trim_start().starts_with("worker-a"), "{lines:#?}");
    assert!(lines[3].trim_start().starts_with("blocked on Object@N"));
    assert_eq!(lines[4].find("blocked on"), Some(column_b), "{lines:#?}");

    let bad = run(
        &rpf_binary(),
        &[
            "-cp",
            &classes().display().to_string(),
            "LockCycle",
            "+listener=.listener.DeadlockAnalyzer",
            "+deadlock.format=fancy",
        ],
        None,
    );
    assert_failed(&bad, 2, &["deadlock.format", "fancy"]);
}

#[test]
fn a_jpf_file_shaped_like_oldclassic_da_runs_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = format!(
        "target = LockCycle\n\
         classpath = {}\n\
         report.console.property_violation = error,snapshot\n\
         listener = .listener.DeadlockAnalyzer\n\
         deadlock.format = essential\n",
        classes().display()
    );
    std::fs::write(dir.path().join("app.jpf"), jpf).expect("write app.jpf");
    let out = run(
        &rpf_binary(),
        &["app.jpf", "+report.progress=0"],
        Some(dir.path()),
    );
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("deadlock encountered"),
        "{}",
        out.stdout
    );
    let lines = section(&out, "gov.nasa.jpf.listener.DeadlockAnalyzer");
    assert_eq!(lines.len(), 9, "{lines:#?}");
    assert_eq!(
        out.stderr.matches("is ignored").count(),
        1,
        "{}",
        out.stderr
    );
}

#[test]
fn null_tracker_follows_a_null_back_through_returns() {
    let (out, report) = check("LookupNull", &["+listener=.listener.NullTracker"]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = section(&out, "gov.nasa.jpf.listener.NullTracker");
    assert_eq!(
        lines[0],
        "NullPointerException at LookupNull.main(LookupNull.java:27):"
    );
    assert_eq!(
        lines[1],
        "  calling LookupNull$Robot.process(String) on null"
    );
    assert_eq!(lines[2], "  the null came from:");
    assert!(
        lines[3].starts_with("    the constant null at java.util.HashMap.get(HashMap.java:"),
        "{lines:#?}"
    );
    assert_eq!(
        lines[4],
        "    returned by HashMap.get(Object) to LookupNull.find(LookupNull.java:21)"
    );
    assert_eq!(
        lines[5],
        "    returned by LookupNull.find(String) to LookupNull.main(LookupNull.java:27)"
    );
    let found = &report["plugins"]["gov.nasa.jpf.listener.NullTracker"]["null_pointer_exceptions"];
    assert_eq!(
        found[0]["origin"].as_array().map(Vec::len),
        Some(3),
        "{found}"
    );
}

#[test]
fn null_tracker_names_a_field_nobody_assigned() {
    let (out, _) = check("UnsetField", &["+listener=.listener.NullTracker"]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        section(&out, "gov.nasa.jpf.listener.NullTracker"),
        [
            "NullPointerException at UnsetField.main(UnsetField.java:22):",
            "  calling String.length() on null",
            "  the null came from:",
            "    field UnsetField$Account.owner, never assigned (default null), read at UnsetField.main(UnsetField.java:22)",
        ]
    );
}

#[test]
fn null_tracker_explains_the_schedule_that_removed_the_robot() {
    let (out, _) = check("RobotRemoved", &["+listener=.listener.NullTracker"]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = section(&out, "gov.nasa.jpf.listener.NullTracker");
    assert_eq!(
        lines[0],
        "NullPointerException at RobotRemoved.main(RobotRemoved.java:28):"
    );
    assert_eq!(
        lines[1],
        "  calling RobotRemoved$Robot.process(String) on null"
    );
    assert!(
        lines[3].contains("the constant null at java.util.HashMap.get("),
        "{lines:#?}"
    );
    assert_eq!(
        lines[4],
        "    returned by HashMap.get(Object) to RobotRemoved.main(RobotRemoved.java:26)"
    );
    // Without the listener the verdict is the same: it only explains.
    let (plain, _) = check("RobotRemoved", &[]);
    assert_eq!(plain.status, Some(1));
}

#[test]
fn object_tracker_logs_the_life_of_the_chosen_objects() {
    let (out, report) = check(
        "TrackedRobots",
        &[
            "+listener=.listener.ObjectTracker",
            "+ot.include=TrackedRobots$Robot",
            "+ot.log_calls=false",
        ],
    );
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = collapsed(&section(&out, "gov.nasa.jpf.listener.ObjectTracker"));
    assert_eq!(
        lines[0],
        "tracked objects before \"java.lang.AssertionError: lost a step: 1\":"
    );
    assert_eq!(
        lines[1],
        "main new TrackedRobots$Robot@N at TrackedRobots.main(TrackedRobots.java:12)"
    );
    assert_eq!(
        lines[2],
        "main new TrackedRobots$Robot@N at TrackedRobots.main(TrackedRobots.java:13)"
    );
    // The lost update: both read 0 before either writes.
    let accesses: Vec<String> = lines[3..]
        .iter()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        accesses,
        [
            "main get",
            "stepper get",
            "main put",
            "main get",
            "main put",
            "stepper put",
            "main get",
            "main get"
        ],
        "{lines:#?}"
    );
    let log = &report["plugins"]["gov.nasa.jpf.listener.ObjectTracker"]["violations"][0]["log"];
    assert_eq!(log.as_array().map(Vec::len), Some(10), "{log}");
}

#[test]
fn object_tracker_logs_calls_and_objects_named_by_id() {
    let (out, _) = check(
        "TrackedRobots",
        &[
            "+listener=.listener.ObjectTracker",
            "+ot.include=TrackedRobots$Robot",
            "+ot.log_fields=false",
        ],
    );
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let lines = collapsed(&section(&out, "gov.nasa.jpf.listener.ObjectTracker"));
    assert!(
        lines
            .iter()
            .all(|l| !l.contains(" get ") && !l.contains(" put ")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("stepper call TrackedRobots$Robot@N.step() at")),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"main call TrackedRobots$Robot@N.<init>() of java.lang.Object at TrackedRobots$Robot.<init>(TrackedRobots.java:3)".to_string()),
        "{lines:#?}"
    );

    let cp = classes().display().to_string();
    let bad = run(
        &rpf_binary(),
        &[
            "-cp",
            &cp,
            "TrackedRobots",
            "+listener=.listener.ObjectTracker",
            "+ot.refs=0x1g",
        ],
        None,
    );
    assert_failed(&bad, 2, &["ot.refs", "0x1g"]);
}

#[test]
fn the_robot_manager_pair_stores_a_trace_and_replays_it_with_the_null_tracker() {
    // jpf-core's RobotManager.jpf and RobotManager-replay-nt.jpf, with their keys.
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = format!("classpath = {}\n", classes().display());
    let store = "target = RobotRemoved\nlistener=.listener.TraceStorer\ncg.enumerate_random=true\n";
    let replay = "target = RobotRemoved\n\
                  listener=.listener.ChoiceSelector,.listener.NullTracker\n\
                  choice.use_trace=trace\n\
                  cg.enumerate_random=true\n";
    std::fs::write(dir.path().join("RobotManager.jpf"), store.to_string() + &cp).expect("write");
    std::fs::write(
        dir.path().join("RobotManager-replay-nt.jpf"),
        replay.to_string() + &cp,
    )
    .expect("write");
    let first = run(
        &rpf_binary(),
        &["RobotManager.jpf", "+report.progress=0"],
        Some(dir.path()),
    );
    assert_eq!(first.status, Some(1), "{}\n{}", first.stdout, first.stderr);
    assert!(dir.path().join("trace").exists(), "{}", first.stdout);
    let second = run(
        &rpf_binary(),
        &["RobotManager-replay-nt.jpf", "+report.progress=0"],
        Some(dir.path()),
    );
    assert_eq!(
        second.status,
        Some(1),
        "{}\n{}",
        second.stdout,
        second.stderr
    );
    let lines = section(&second, "gov.nasa.jpf.listener.NullTracker");
    assert_eq!(
        lines[0],
        "NullPointerException at RobotRemoved.main(RobotRemoved.java:28):"
    );
    let states = |out: &RunResult| {
        out.stdout
            .lines()
            .find_map(|l| l.strip_prefix("states:"))
            .and_then(|l| l.trim().strip_prefix("new="))
            .and_then(|l| l.split(',').next())
            .and_then(|n| n.parse::<u64>().ok())
            .expect("a states line")
    };
    assert!(
        states(&second) < states(&first),
        "{}\n{}",
        first.stdout,
        second.stdout
    );
}
