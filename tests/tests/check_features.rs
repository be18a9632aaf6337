//! The checker's user-facing features through the real binary: the JSON report, saved traces
//! and `--replay`, limits and exit status 3, search strategies, several errors in one run,
//! source lines in traces, and partial order reduction's effect on the state count.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{
    check_with_report, compile_programs, rpf_binary, run, states_new, workspace, RunResult,
};
use serde_json::Value;
use tempfile::TempDir;

/// The feature programs, compiled once for all tests.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/features"], &[]))
        .path()
}

/// Runs the checker on `main` with settings; returns the run and the parsed JSON report.
fn check(main: &str, settings: &[&str]) -> (RunResult, Value) {
    check_with_report(classes(), main, settings)
}

#[test]
fn json_report_has_the_documented_fields() {
    let (run, report) = check("Racy", &[]);
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert_eq!(report["result"], "violation");
    let error = &report["errors"][0];
    assert_eq!(error["kind"], "assertion");
    assert_eq!(
        error["property"],
        "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty"
    );
    assert_eq!(error["exception_class"], "java.lang.AssertionError");
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("lost update: count = 1")));
    assert!(error["thread"].is_u64());
    let trace = error["trace"].as_array().expect("trace");
    assert!(trace.len() >= 3, "a lost update needs several transitions");
    assert!(trace.iter().all(|step| step["thread"].is_u64()
        && step["choices"].is_array()
        && step["lines"].is_array()));
    let stats = &report["statistics"];
    for key in [
        "states_new",
        "states_visited",
        "max_depth",
        "instructions",
        "elapsed_ms",
        "peak_memory_bytes",
        "bytes_per_state",
    ] {
        assert!(stats[key].is_u64(), "statistics.{key} missing: {stats}");
    }
    assert!(stats["instructions"].as_u64() > Some(1000));
}

#[test]
fn a_null_pointer_report_names_the_call_as_java_does() {
    let (run, report) = check("NullAfterRemoval", &[]);
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["exception_class"], "java.lang.NullPointerException");
    assert_eq!(
        error["message"],
        "java.lang.NullPointerException: Cannot invoke \"NullAfterRemoval$Robot.processSequence(String)\" because \"<local2>\" is null"
    );
}

#[test]
fn a_deadlock_report_lists_the_programs_threads_only() {
    let (run, report) = check("LockOrder", &[]);
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["kind"], "deadlock");
    let details: Vec<&str> = error["details"]
        .as_array()
        .expect("details")
        .iter()
        .map(|d| d.as_str().expect("text"))
        .collect();
    assert_eq!(details.len(), 3, "{details:?}");
    assert!(
        details[0].starts_with("thread \"main\": waiting on "),
        "{details:?}"
    );
    assert!(details[1].starts_with("thread \"Thread-0\": blocked on java.lang.Object@"));
    assert!(details[2].starts_with("thread \"Thread-1\": blocked on java.lang.Object@"));
}

#[test]
fn modification_counts_nothing_observes_do_not_make_states_new() {
    let (run, report) = check("ToggleForever", &["+search.max_states=10000"]);
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert_eq!(report["result"], "no_violation");
    // Four map contents; the choice and its two outcomes in the loop make a few more.
    assert!(states_new(&report) <= 20, "{}", states_new(&report));
}

#[test]
fn correct_program_reports_no_violation_with_exit_0() {
    let (run, report) = check("Counter", &[]);
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert_eq!(report["result"], "no_violation");
    assert_eq!(report["errors"].as_array().map(Vec::len), Some(0));
    assert!(run.stdout.contains("no errors detected"));
}

#[test]
fn every_path_reads_standard_input_from_its_start() {
    let cp = classes().display().to_string();
    // Two workers boot a VM each: they share the one copy of the input.
    for workers in ["+search.workers=1", "+search.workers=2"] {
        let out = rpf_tests::rpf()
            .args(["-cp", &cp, "ReadsInput", "+report.progress=0", workers])
            .write_stdin("hello\nworld\n")
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .expect("run rpf");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{workers}: {stdout}");
        let mut outcomes: Vec<&str> = stdout
            .lines()
            .filter(|l| l.starts_with("OUTCOME"))
            .collect();
        outcomes.sort_unstable();
        outcomes.dedup();
        assert_eq!(
            outcomes,
            [
                "OUTCOME: false 12 hello world null",
                "OUTCOME: true 12 hello world null"
            ],
            "{workers}: {stdout}"
        );
    }
}

/// Checks `main` with `settings`, saving the error trace, and replays the trace: the same
/// assertion failure, along one path no longer than the trace.
fn assert_saved_trace_replays(main: &str, settings: &[&str]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let trace = dir.path().join("trace.json");
    let trace_setting = format!("+report.trace.file={}", trace.display());
    let mut args = vec![trace_setting.as_str()];
    args.extend_from_slice(settings);
    let (first, report) = check(main, &args);
    assert_eq!(first.status, Some(1), "{settings:?}: {}", first.stdout);
    assert_eq!(report["errors"][0]["kind"], "assertion", "{settings:?}");
    let message = report["errors"][0]["message"].clone();
    let cp = classes().display().to_string();
    let trace_arg = trace.display().to_string();
    // The trace names its target and arguments, so the class path is all replay needs.
    let replay = run(
        &rpf_binary(),
        &["--replay", &trace_arg, "-cp", &cp, "+report.progress=0"],
        None,
    );
    assert_eq!(replay.status, Some(1), "{}{}", replay.stdout, replay.stderr);
    assert!(
        replay.stdout.contains("AssertionError"),
        "{}",
        replay.stdout
    );
    let message = message.as_str().expect("message");
    assert!(replay.stdout.contains(message), "{}", replay.stdout);
    // Replay follows one path: it explores no more states than the trace is long.
    let steps = report["errors"][0]["path"].as_array().map(Vec::len);
    let states = replay
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("states:             new="))
        .and_then(|r| r.split(',').next()?.parse::<usize>().ok());
    assert!(states <= steps.map(|s| s + 1), "replayed {states:?} states");
}

#[test]
fn saved_trace_replays_the_same_error() {
    assert_saved_trace_replays("Racy", &[]);
}

#[test]
fn a_trace_replays_with_the_scheduling_settings_it_was_found_with() {
    // The trace records vm.por=false, which offers other choices than the default.
    assert_saved_trace_replays("Racy", &["+vm.por=false"]);
}

#[test]
fn a_trace_found_after_a_restart_replays_with_what_the_search_learned() {
    // The error path takes a choice at a thread's end, which is a step of its own only
    // after the search has seen a liveness observation; the trace records that.
    assert_saved_trace_replays("AliveAfterWrites", &[]);
}

#[test]
fn replay_names_the_step_where_a_trace_parts_from_the_program() {
    let dir = tempfile::tempdir().expect("tempdir");
    let trace = dir.path().join("trace.json");
    let (first, _) = check(
        "Racy",
        &[&format!("+report.trace.file={}", trace.display())],
    );
    assert_eq!(first.status, Some(1));
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace")).expect("JSON");
    let steps = saved["steps"].as_array().expect("steps").len();
    let replay = |edit: &dyn Fn(&mut Value), extra: &[&str]| {
        let mut changed = saved.clone();
        edit(&mut changed);
        let file = dir.path().join("changed.json");
        std::fs::write(&file, changed.to_string()).expect("write");
        let file = file.display().to_string();
        let cp = classes().display().to_string();
        let mut args = vec!["--replay", &file, "-cp", &cp, "+report.progress=0"];
        args.extend_from_slice(extra);
        run(&rpf_binary(), &args, None)
    };
    // An alternative the program does not offer at the second step.
    let out = replay(
        &|t| {
            t["steps"][1]["index"] = 99.into();
            t["path"][1] = 99.into();
        },
        &[],
    );
    assert_eq!(out.status, Some(2), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains(&format!(
            "the trace does not fit the program: step 2 of {steps}: the trace takes alternative 100 but the program offers"
        )),
        "{}",
        out.stderr
    );
    // A setting the trace carries that is not valid: an error naming the trace.
    let out = replay(&|t| t["settings"]["vm.max_transition"] = "abc".into(), &[]);
    assert_eq!(out.status, Some(2), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("(the replayed trace)"),
        "{}",
        out.stderr
    );
    // Another thread at the last step than the program runs there.
    let out = replay(&|t| t["steps"][steps - 1]["thread"] = 7.into(), &[]);
    assert_eq!(out.status, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains(&format!(
            "step {steps} of {steps}: the trace runs thread 7 with"
        )),
        "{}",
        out.stderr
    );
    // A trace cut short: the error is not reached.
    let out = replay(
        &|t| {
            t["steps"].as_array_mut().expect("steps").pop();
            t["path"].as_array_mut().expect("path").pop();
        },
        &[],
    );
    assert_eq!(out.status, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("steps fit, but no error occurs at the end"),
        "{}",
        out.stderr
    );
    // Another program.
    let out = replay(&|t| t["target"] = "TwoErrors".into(), &[]);
    assert_eq!(out.status, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("does not fit the program: step"),
        "{}",
        out.stderr
    );
}

#[test]
fn replay_rejects_a_file_that_is_not_a_trace() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bogus = dir.path().join("bogus.json");
    std::fs::write(&bogus, "{\"hello\": 1}").expect("write");
    let arg = bogus.display().to_string();
    let out = run(&rpf_binary(), &["--replay", &arg], None);
    assert_eq!(out.status, Some(2));
    assert!(out.stderr.contains("is not an rpf trace"), "{}", out.stderr);
}

#[test]
fn limits_end_the_search_incomplete_with_exit_3() {
    for limit in [
        "+search.depth_limit=5",
        "+search.max_states=10",
        "+search.time_limit=0s",
    ] {
        let (run, report) = check("Counter", &[limit]);
        assert_eq!(run.status, Some(3), "{limit}: {}", run.stdout);
        assert_eq!(report["result"], "incomplete", "{limit}");
        assert!(
            run.stdout.contains("search is incomplete"),
            "{limit}: {}",
            run.stdout
        );
    }
}

#[test]
fn every_exhaustive_strategy_explores_the_same_state_space() {
    let (_, dfs) = check("Counter", &[]);
    for class in [
        "gov.nasa.jpf.search.heuristic.BFSHeuristic",
        "gov.nasa.jpf.search.RandomSearch",
        "gov.nasa.jpf.search.heuristic.MostBlocked",
    ] {
        let setting = format!("+search.class={class}");
        let (run, report) = check("Counter", &[&setting]);
        assert_eq!(run.status, Some(0), "{class}: {}", run.stdout);
        assert_eq!(states_new(&report), states_new(&dfs), "{class}");
    }
}

#[test]
fn every_strategy_finds_the_lost_update() {
    for class in [
        "gov.nasa.jpf.search.DFSearch",
        "gov.nasa.jpf.search.heuristic.BFSHeuristic",
        "gov.nasa.jpf.search.RandomSearch",
        "gov.nasa.jpf.search.heuristic.MostBlocked",
    ] {
        let setting = format!("+search.class={class}");
        let (run, report) = check("Racy", &[&setting]);
        assert_eq!(run.status, Some(1), "{class}: {}", run.stdout);
        assert_eq!(report["errors"][0]["kind"], "assertion", "{class}");
    }
}

#[test]
fn breadth_first_finds_a_trace_no_longer_than_depth_first() {
    let length = |report: &Value| {
        report["errors"][0]["path"]
            .as_array()
            .map(Vec::len)
            .expect("path")
    };
    let (_, dfs) = check("Racy", &[]);
    let (_, bfs) = check(
        "Racy",
        &["+search.class=gov.nasa.jpf.search.heuristic.BFSHeuristic"],
    );
    assert!(length(&bfs) <= length(&dfs));
}

#[test]
fn random_search_is_reproducible_with_a_seed() {
    let run = |seed: &str| {
        let setting = format!("+search.seed={seed}");
        let (_, report) = check(
            "Racy",
            &["+search.class=gov.nasa.jpf.search.RandomSearch", &setting],
        );
        report["errors"][0]["path"].clone()
    };
    assert_eq!(run("7"), run("7"));
}

#[test]
fn simulation_follows_one_path_without_backtracking() {
    let (run, report) = check("Counter", &["+search.class=gov.nasa.jpf.search.Simulation"]);
    // One path through a correct program proves nothing about the others.
    assert_eq!(run.status, Some(3), "{}", run.stdout);
    assert_eq!(report["statistics"]["states_backtracked"], 0);
    let (_, dfs) = check("Counter", &[]);
    assert!(states_new(&report) < states_new(&dfs));
}

#[test]
fn multiple_errors_reports_each_failing_choice() {
    let (run, report) = check("TwoErrors", &["+search.multiple_errors=true"]);
    assert_eq!(run.status, Some(1));
    let errors = report["errors"].as_array().expect("errors");
    let kinds: Vec<_> = errors.iter().map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, [Some("assertion"), Some("exception")]);
    assert_eq!(
        errors[1]["exception_class"],
        "java.lang.IllegalStateException"
    );
    // The two passing choices ran to the end.
    assert_eq!(run.stdout.matches("ok ").count(), 2, "{}", run.stdout);
    // The header comes before the program's output, the results after it.
    let position = |text: &str| run.stdout.find(text).expect(text);
    assert!(
        position("system under test") < position("ok "),
        "{}",
        run.stdout
    );
    assert!(position("ok ") < position("results"), "{}", run.stdout);
    let (single, report) = check("TwoErrors", &[]);
    assert_eq!(single.status, Some(1));
    assert_eq!(report["errors"].as_array().map(Vec::len), Some(1));
}

#[test]
fn trace_shows_source_lines_from_the_source_path() {
    let source_dir = workspace()
        .join("tests/java/features")
        .display()
        .to_string();
    let setting = format!("+sourcepath={source_dir}");
    let (run, _) = check("Racy", &[&setting]);
    assert!(
        run.stdout
            .contains("assert count == 2 : \"lost update: count = \" + count;"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Racy.java:12"), "{}", run.stdout);
}

#[test]
fn partial_order_reduction_explores_fewer_states() {
    let (with, por) = check("Counter", &["+vm.por=true"]);
    let (without, full) = check("Counter", &["+vm.por=false"]);
    assert_eq!((with.status, without.status), (Some(0), Some(0)));
    assert!(
        states_new(&por) < states_new(&full),
        "POR {} vs no POR {}",
        states_new(&por),
        states_new(&full)
    );
}

/// Checks `Counter` with `settings`, which must be a configuration error (exit 2) naming
/// `key`.
fn assert_config_error(settings: &[&str], key: &str) {
    let cp = classes().display().to_string();
    let mut args = vec!["-cp", &cp, "Counter"];
    args.extend_from_slice(settings);
    let out = run(&rpf_binary(), &args, None);
    assert_eq!(out.status, Some(2), "{settings:?}: {}", out.stderr);
    assert!(out.stderr.contains(key), "{settings:?}: {}", out.stderr);
}

#[test]
fn unknown_search_class_is_a_configuration_error() {
    assert_config_error(&["+search.class=gov.nasa.jpf.search.Nope"], "search.class");
}

#[test]
fn two_workers_find_the_error_with_a_trace_that_replays() {
    assert_saved_trace_replays("Racy", &["+search.workers=2"]);
}

#[test]
fn two_workers_respect_limits_and_multiple_errors() {
    let (run_, report) = check("Counter", &["+search.workers=2", "+search.max_states=10"]);
    assert_eq!(run_.status, Some(3), "{}", run_.stdout);
    assert_eq!(report["result"], "incomplete");
    let (one, all) = (check("TwoErrors", &["+search.multiple_errors=true"]).1, {
        check(
            "TwoErrors",
            &["+search.multiple_errors=true", "+search.workers=2"],
        )
        .1
    });
    let kinds = |r: &Value| {
        let mut k: Vec<String> = r["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| e["message"].to_string())
            .collect();
        k.sort();
        k
    };
    assert_eq!(kinds(&one), kinds(&all));
}

#[test]
fn several_workers_need_a_depth_first_search_without_plugins() {
    for extra in [
        "+search.class=gov.nasa.jpf.search.BFSearch",
        "+listener=rpf.EventCounter",
    ] {
        assert_config_error(&["+search.workers=2", extra], "search.workers");
    }
    assert_config_error(
        &["+search.workers=many"],
        "search.workers: expected a non-negative integer or auto, got \"many\"",
    );
}

#[test]
fn two_workers_replay_donated_paths_without_repeating_shared_prefixes() {
    // Every donated path starts with the program's long first transition; a worker that
    // re-ran it (and re-sealed its baseline) per donation executed several times the
    // bytecode of the one-worker search (6x at N=4).
    let dir = compile_programs(&["tests/java/bench"], &[]);
    let instructions = |workers: &str| {
        let setting = format!("+search.workers={workers}");
        let args = ["4", "ordered", "+vm.output=false", setting.as_str()];
        let (run_, report) = check_with_report(dir.path(), "DiningPhilosophers", &args);
        assert_eq!(run_.status, Some(0), "{}", run_.stdout);
        report["statistics"]["instructions"]
            .as_u64()
            .expect("instructions")
    };
    let (one, two) = (instructions("1"), instructions("2"));
    assert!(
        two * 2 < one * 3,
        "two workers executed {two} bytecode instructions, one worker {one}"
    );
}

/// States and transitions of an exhaustive search of the dining philosophers benchmark at
/// N=4 with `settings`.
fn philosophers_statistics(dir: &Path, settings: &[&str]) -> (u64, u64) {
    let mut args = vec!["4", "ordered", "+vm.output=false"];
    args.extend_from_slice(settings);
    let (run_, report) = check_with_report(dir, "DiningPhilosophers", &args);
    assert_eq!(run_.status, Some(0), "{}", run_.stdout);
    let count = |key: &str| report["statistics"][key].as_u64().expect(key);
    (count("states_new"), count("transitions"))
}

#[test]
fn sleep_sets_reach_the_same_states_with_fewer_transitions() {
    // Philosophers at distant forks commute: with sleep sets, one order of their
    // transitions is run, not both. Measured at N=4: 57,726 transitions without, 29,469
    // with, 16,930 states either way.
    let dir = compile_programs(&["tests/java/bench"], &[]);
    let (states, with) = philosophers_statistics(dir.path(), &["+search.sleep_sets=true"]);
    let (states_without, without) =
        philosophers_statistics(dir.path(), &["+search.sleep_sets=false"]);
    assert_eq!(states, states_without);
    assert!(
        with * 3 < without * 2,
        "{with} transitions with sleep sets, {without} without"
    );
}

#[test]
fn plugins_turn_sleep_sets_off() {
    // A scheduler plugin decides scheduling points that footprints do not see (and
    // listeners hear every transition): with plugins every transition runs.
    let dir = compile_programs(&["tests/java/bench"], &[]);
    let plugin = "+vm.scheduler_factory.class=rpf.AlwaysBreakScheduler";
    let asked = philosophers_statistics(dir.path(), &[plugin, "+search.sleep_sets=true"]);
    let off = philosophers_statistics(dir.path(), &[plugin, "+search.sleep_sets=false"]);
    assert_eq!(asked, off);
}

#[test]
fn a_thread_can_be_seen_alive_after_its_last_action() {
    for atomic in ["+vm.por.system_atomic=true", "+vm.por.system_atomic=false"] {
        let (run, report) = check("SeenAlive", &[atomic]);
        assert_eq!(run.status, Some(0), "{atomic}: {}", run.stdout);
        assert!(
            run.stdout.contains("wrote and still alive"),
            "{atomic}: {}",
            run.stdout
        );
        assert_eq!(report["statistics"]["restarts"], 1, "{atomic}");
    }
    // A program that never asks keeps each thread's end fused with its last action.
    let (run, report) = check("SeenAlive", &["quiet"]);
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert_eq!(report["statistics"]["restarts"], 0);
}

#[test]
fn an_atomic_section_longer_than_a_transition_stays_atomic() {
    // The instruction limit ends transitions inside the section; the same thread goes on.
    let (run, report) = check("AtomicLongerThanTransition", &["+vm.max_transition=1000"]);
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert!(report["statistics"]["states_new"].as_u64() > Some(10));
    let seen: std::collections::BTreeSet<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("seen "))
        .collect();
    let expected = ["seen 0 0", "seen 0 1", "seen 1 1"].into_iter().collect();
    assert_eq!(seen, expected, "{}", run.stdout);
}
