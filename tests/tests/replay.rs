//! `rpf.TraceStorer` and `rpf.ChoiceSelector` (rpf-plugin-replay) through the real binary,
//! set up the JPF way: `.jpf` files naming `.listener.TraceStorer` and
//! `.listener.ChoiceSelector`, run in a directory where the relative trace files land.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{
    assert_failed, compile_programs, fixture, javac, rpf_binary, run, states_new, workspace,
    RunResult,
};
use serde_json::{json, Value};
use tempfile::TempDir;

/// The replay programs, compiled once.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/replay"], &[]))
        .path()
}

/// What `ReplayChoices`' search stores at its violation (a = 2, then b = 1).
const CHOICES_TRACE: &str =
    "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=2\nverifyGetInt=1\n";

/// The message of `ReplayChoices`' violation.
const CHOICES_ERROR: &str = "java.lang.IllegalStateException: a=2 b=1";

/// Writes `text` (then the classpath and a JSON report key) as `name` in `dir` and runs
/// `rpf name` there with `settings`; the run and its JSON report.
fn run_jpf(dir: &Path, name: &str, text: &str, settings: &[&str]) -> (RunResult, Value) {
    let jpf = format!(
        "{text}classpath = {}\nreport.json.file = report.json\n",
        classes().display()
    );
    std::fs::write(dir.join(name), jpf).expect("write .jpf");
    let mut args = vec![name, "+report.progress=0"];
    args.extend_from_slice(settings);
    let out = run(&rpf_binary(), &args, Some(dir));
    let report = std::fs::read_to_string(dir.join("report.json"))
        .map(|t| serde_json::from_str(&t).expect("report is JSON"))
        .unwrap_or(Value::Null);
    (out, report)
}

/// Runs `ReplayChoices` in `dir` with the listener settings `text`.
fn choices(dir: &Path, text: &str, settings: &[&str]) -> (RunResult, Value) {
    run_jpf(
        dir,
        "app.jpf",
        &format!("target = ReplayChoices\n{text}"),
        settings,
    )
}

fn storer(report: &Value) -> &Value {
    &report["plugins"]["gov.nasa.jpf.listener.TraceStorer"]
}

fn selector(report: &Value) -> &Value {
    &report["plugins"]["gov.nasa.jpf.listener.ChoiceSelector"]
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn first_error(report: &Value) -> &str {
    report["errors"][0]["message"].as_str().unwrap_or("")
}

const STORE: &str = "listener = .listener.TraceStorer\n";
const REPLAY: &str = "listener = .listener.ChoiceSelector\nchoice.use_trace = trace\n";

#[test]
fn the_trace_storer_writes_the_path_to_a_violation() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (out, report) = choices(dir.path(), STORE, &[]);
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    // The error transition's violation arrives before its StateAdvanced: its choices
    // (b = 1) are the file's last line all the same.
    assert_eq!(read(dir.path(), "trace"), CHOICES_TRACE);
    let reason = format!("property violated: {CHOICES_ERROR}");
    assert_eq!(
        storer(&report),
        &json!({"files": [
            {"file": "trace", "reason": reason, "transitions": 3, "error": null}
        ]})
    );
    assert!(
        out.stdout.contains(&format!(
            "trace files written: 1\n  trace ({reason}, 3 transitions)\n"
        )),
        "{}",
        out.stdout
    );

    let (out, _) = choices(dir.path(), STORE, &["+trace.verbose=true"]);
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert_eq!(
        read(dir.path(), "trace"),
        format!(
            "# rpf choice trace v1\n# stored: {reason}\n\
             # depth 1, thread main\nroot=thread 0\n\
             # depth 2, thread main\nverifyGetInt=2\n\
             # depth 3, thread main\nverifyGetInt=1\n"
        )
    );
    // The verbose form replays like the plain one.
    let (out, report) = choices(dir.path(), REPLAY, &[]);
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert_eq!(first_error(&report), CHOICES_ERROR);
}

#[test]
fn the_choice_selector_replays_a_trace_through_fewer_states() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_, full) = choices(dir.path(), STORE, &[]);
    let (out, report) = choices(dir.path(), REPLAY, &[]);
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert_eq!(first_error(&report), CHOICES_ERROR);
    assert!(
        states_new(&report) < states_new(&full),
        "{} states replayed, {} searched",
        states_new(&report),
        states_new(&full)
    );
    let replayed = selector(&report);
    assert_eq!(
        (
            &replayed["transitions"],
            &replayed["followed"],
            &replayed["mismatch"]
        ),
        (&json!(3), &json!(3), &Value::Null)
    );
    assert!(replayed["pruned"].as_u64() > Some(0), "{replayed}");

    // jpf-core's RobotManager.jpf / RobotManager-replay-nt.jpf pair, on a small
    // RobotManager: thread and random choices.
    let robots = "target = ReplayRobots\ncg.enumerate_random = true\n";
    let (stored, full) = run_jpf(
        dir.path(),
        "RobotManager.jpf",
        &format!("{robots}listener = .listener.TraceStorer\n"),
        &[],
    );
    assert_eq!(stored.status, Some(1), "{}", stored.stderr);
    let trace = read(dir.path(), "trace");
    assert!(
        trace.contains("\nrandomNextInt=") && trace.contains("=thread 2\n"),
        "{trace}"
    );
    let (out, report) = run_jpf(
        dir.path(),
        "RobotManager-replay.jpf",
        &format!("{robots}listener = .listener.ChoiceSelector\nchoice.use_trace = trace\n"),
        &[],
    );
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert_eq!(first_error(&report), first_error(&full));
    assert!(first_error(&report).starts_with("java.lang.NullPointerException"));
    assert!(states_new(&report) < states_new(&full));
    let lines = trace.lines().count() as u64 - 1;
    assert_eq!(selector(&report)["followed"], lines);
}

#[test]
fn a_trace_ending_before_the_error_is_searched_on_only_if_asked() {
    let dir = tempfile::tempdir().expect("tempdir");
    let short = "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=2\n";
    std::fs::write(dir.path().join("trace"), short).expect("write trace");
    let (out, report) = choices(dir.path(), REPLAY, &[]);
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert_eq!(first_error(&report), CHOICES_ERROR);

    let (out, report) = choices(dir.path(), REPLAY, &["+choice.search_after_trace=false"]);
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert_eq!(report["result"], "incomplete");
    let why = report["stop_reason"].as_str().unwrap_or("");
    assert!(
        why.contains("ChoiceSelector: paths beyond the end of choice trace trace were not explored (choice.search_after_trace=false)"),
        "{why}"
    );
    assert_eq!(selector(&report)["followed"], 2);

    // A trace the program cannot follow says so.
    let stale = "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=7\n";
    std::fs::write(dir.path().join("trace"), stale).expect("write trace");
    let (out, report) = choices(dir.path(), REPLAY, &[]);
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert_eq!(
        selector(&report)["mismatch"],
        json!({"depth": 2, "expected": "verifyGetInt=7"})
    );
    assert!(
        out.stdout.contains(
            "the trace does not match the program: no transition at depth 2 has the choices \"verifyGetInt=7\""
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn bad_traces_and_settings_are_configuration_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let malformed = "# rpf choice trace v1\nroot=thread 0\nthread 1 then 2\n";
    std::fs::write(dir.path().join("trace"), malformed).expect("write trace");
    let (out, _) = choices(dir.path(), REPLAY, &[]);
    assert_failed(
        &out,
        2,
        &["choice.use_trace: choice trace trace: line 3: expected choices as `id=value, id=value`, got \"thread 1 then 2\""],
    );
    std::fs::write(dir.path().join("trace"), "root=thread 0\n").expect("write trace");
    let (out, _) = choices(dir.path(), REPLAY, &[]);
    assert_failed(
        &out,
        2,
        &["not a choice trace: the first line must be `# rpf choice trace v1`"],
    );
    let (out, _) = choices(dir.path(), REPLAY, &["+choice.use_trace=missing"]);
    assert_failed(
        &out,
        2,
        &["choice.use_trace: cannot read choice trace missing"],
    );
    let (out, _) = choices(dir.path(), STORE, &["+trace.store_constraint=true"]);
    assert_failed(
        &out,
        2,
        &["trace.store_constraint=true is not supported: rpf delivers no event when a search constraint cuts a path"],
    );
    let (out, _) = choices(
        dir.path(),
        "listener = .listener.ChoiceSelector\n",
        &["+choice.depth=-2"],
    );
    assert_failed(
        &out,
        2,
        &["choice.depth: expected a depth, or -1 for none, got -2"],
    );
}

#[test]
fn random_simulation_repeats_with_its_seed_and_is_incomplete() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The simulated path, stored where it ends (depth 3: a and b chosen).
    let simulate = "listener = .listener.ChoiceSelector,.listener.TraceStorer\n\
                    choice.seed = 2\ntrace.depth = 3\ntrace.multiple = true\n";
    let mut runs = Vec::new();
    for _ in 0..2 {
        let (out, report) = choices(dir.path(), simulate, &[]);
        assert_eq!(out.status, Some(3), "{}", out.stdout);
        assert!(
            report["stop_reason"]
                .as_str()
                .unwrap_or("")
                .contains("random simulation (choice.seed=2) explored one choice of each generator before the search started"),
            "{report}"
        );
        assert_eq!(storer(&report)["files"].as_array().map(Vec::len), Some(1));
        runs.push((read(dir.path(), "trace.1"), selector(&report).clone()));
    }
    assert_eq!(runs[0], runs[1]);
    let (path, simulation) = &runs[0];
    assert_eq!(
        (
            &simulation["mode"],
            &simulation["seed"],
            &simulation["started"]
        ),
        (&json!("random"), &json!(2), &Value::Null)
    );
    // Seed 2 picks a = 2 and a b other than 1: the error is missed, so the search is
    // incomplete (each of the two data choices lost 3 of its 4 values).
    assert!(path.starts_with("# rpf choice trace v1\nroot=thread 0\nverifyGetInt=2\n"));
    assert!(!path.ends_with("verifyGetInt=1\n"), "{path}");
    assert_eq!(simulation["pruned"], 6);

    // Searching fully from depth 2 (after the random a = 2) finds it.
    let (out, report) = choices(
        dir.path(),
        "listener = .listener.ChoiceSelector\nchoice.seed = 2\nchoice.depth = 2\n",
        &[],
    );
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    assert_eq!(first_error(&report), CHOICES_ERROR);
    assert_eq!(selector(&report)["started"], "depth 2 reached");
    // a = 0 and a = 1 are pruned; the error ends the search before a = 3.
    assert_eq!(selector(&report)["pruned"], 2);
}

#[test]
fn random_simulation_picks_one_choice_of_each_cascaded_generator() {
    let dir = tempfile::tempdir().expect("tempdir");
    let classes = tempfile::tempdir().expect("tempdir");
    let source = workspace().join("tests/java/plugins/Choices2.java");
    javac(&[source], classes.path(), &[]);
    // fixture.Chooser registers a in {1, 2} and b in {10, 20} in one state.
    let path = format!("+plugin.path={}", fixture("components"));
    let cp = format!("+classpath={}", classes.path().display());
    let settings = [
        path.as_str(),
        cp.as_str(),
        "+vm.insn_factory.class=fixture.Chooser",
        "+chooser.probe=42",
    ];
    let text = "target = Choices2\n\
                listener = .listener.ChoiceSelector,.listener.TraceStorer\n\
                trace.depth = 2\ntrace.multiple = true\n";
    let (out, report) = run_jpf(dir.path(), "app.jpf", text, &settings);
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    // Three of the four (a, b) combinations are pruned.
    assert_eq!(selector(&report)["pruned"], 3);
    let files = storer(&report)["files"].as_array().map(Vec::len);
    assert_eq!(files, Some(1), "{report}");
    let trace = read(dir.path(), "trace.1");
    let last = trace.lines().last().unwrap_or("");
    assert!(
        ["a=1, b=10", "a=1, b=20", "a=2, b=10", "a=2, b=20"].contains(&last),
        "{trace}"
    );
}

#[test]
fn traces_are_stored_at_a_depth_into_numbered_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (out, report) = choices(
        dir.path(),
        STORE,
        &["+trace.depth=3", "+trace.multiple=true"],
    );
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    // Depth 3 is reached at (a, b) = (0, 0) ... (2, 0) before the violation at (2, 1),
    // whose path is stored once, for the violation.
    let files = storer(&report)["files"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let names: Vec<&str> = files.iter().filter_map(|f| f["file"].as_str()).collect();
    let expected: Vec<String> = (1..=10).map(|i| format!("trace.{i}")).collect();
    assert_eq!(names, expected);
    assert_eq!(files[0]["reason"], "depth 3 reached");
    assert_eq!(
        read(dir.path(), "trace.1"),
        "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=0\nverifyGetInt=0\n"
    );
    assert_eq!(
        read(dir.path(), "trace.9"),
        "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=2\nverifyGetInt=0\n"
    );
    assert_eq!(read(dir.path(), "trace.10"), CHOICES_TRACE);
    assert!(!dir.path().join("trace").exists() && !dir.path().join("trace.11").exists());

    // trace.terminate ends the search at the first store (without trace.multiple: `trace`).
    let (out, report) = choices(
        dir.path(),
        STORE,
        &["+trace.depth=2", "+trace.terminate=true"],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert_eq!(report["stop_reason"], "search ended on request");
    assert_eq!(
        read(dir.path(), "trace"),
        "# rpf choice trace v1\nroot=thread 0\nverifyGetInt=0\n"
    );
}

#[test]
fn traces_are_stored_when_a_thread_starts_or_a_method_is_entered() {
    let dir = tempfile::tempdir().expect("tempdir");
    let robots = "target = ReplayRobots\ncg.enumerate_random = true\n\
                  listener = .listener.TraceStorer\ntrace.terminate = true\n";
    let (out, report) = run_jpf(
        dir.path(),
        "app.jpf",
        robots,
        &["+trace.store_threads=stat*"],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert_eq!(
        storer(&report)["files"][0]["reason"],
        "thread status started"
    );
    assert_eq!(
        read(dir.path(), "trace"),
        "# rpf choice trace v1\nroot=thread 0\n"
    );

    // The call happens in a transition of the status thread (thread 2): the stored path
    // includes the transition that enters it.
    let (out, report) = run_jpf(
        dir.path(),
        "app.jpf",
        robots,
        &["+trace.store_calls=ReplayRobots.tog*"],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert_eq!(
        storer(&report)["files"][0]["reason"],
        "ReplayRobots.toggle entered"
    );
    let trace = read(dir.path(), "trace");
    assert!(
        trace.lines().last().unwrap_or("").ends_with("=thread 2"),
        "{trace}"
    );
}
