//! The bundled plugins through the real binary: heuristic ChoiceGenerators from properties,
//! the race detectors (with no false alarms over the whole corpus), lock-tree analysis,
//! coverage, the state graph, the execution tracker, the taint-tracking bytecode factory,
//! the template listener, and `rpf plugins`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use rpf_tests::{
    assert_failed, check_with_report, compile_programs, java_sources, rpf_binary, run, workspace,
    RunResult,
};
use serde_json::Value;
use tempfile::TempDir;

/// The plugin programs and the model-checking corpus, compiled once (with `-g`).
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/plugins", "tests/java/check"], &["-g"]))
        .path()
}

/// Runs `rpf` on `main` with settings; the run and its JSON report.
fn check(main: &str, settings: &[&str]) -> (RunResult, Value) {
    check_with_report(classes(), main, settings)
}

/// Runs `rpf` on `main` with settings, without a report (for runs that fail early).
fn rpf(main: &str, settings: &[&str]) -> RunResult {
    let cp = classes().display().to_string();
    let mut args = vec!["-cp", &cp, main];
    args.extend_from_slice(settings);
    run(&rpf_binary(), &args, None)
}

/// The `OUTCOME: ` lines a run printed.
fn outcomes(run: &RunResult) -> BTreeSet<String> {
    run.stdout
        .lines()
        .filter_map(|l| l.strip_prefix("OUTCOME: ").map(str::to_string))
        .collect()
}

fn first_error(report: &Value) -> &Value {
    &report["errors"][0]
}

#[test]
fn rpf_plugins_lists_every_bundled_component_with_its_library() {
    let out = run(&rpf_binary(), &["plugins"], None);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    for name in [
        "rpf.PreciseRaceDetector",
        "gov.nasa.jpf.listener.PreciseRaceDetector",
        "rpf.Eraser",
        "rpf.LockTree",
        "rpf.DoubleThresholdGenerator",
        "gov.nasa.jpf.vm.choice.DoubleThresholdGenerator",
        "gov.nasa.jpf.vm.choice.IntIntervalGenerator",
        "gov.nasa.jpf.vm.choice.IntChoiceFromSet",
        "gov.nasa.jpf.vm.choice.DoubleChoiceFromSet",
        "rpf.Coverage",
        "rpf.StateSpaceDot",
        "rpf.ExecTracker",
        "rpf.AlwaysBreakScheduler",
        "rpf.TaintTracker",
        "example.Counter",
        "gov.nasa.jpf.listener.DeadlockAnalyzer",
        "gov.nasa.jpf.listener.NullTracker",
        "gov.nasa.jpf.listener.ObjectTracker",
        "gov.nasa.jpf.listener.NumericValueChecker",
        "gov.nasa.jpf.listener.StopWatchFuzzer",
        "gov.nasa.jpf.listener.TraceStorer",
        "gov.nasa.jpf.listener.ChoiceSelector",
    ] {
        assert!(out.stdout.contains(name), "{name} missing:\n{}", out.stdout);
    }
    for library in [
        "librpf_plugin_race",
        "librpf_plugin_explain",
        "librpf_plugin_values",
        "librpf_plugin_replay",
    ] {
        assert!(
            out.stdout.contains(library),
            "{library} missing:\n{}",
            out.stdout
        );
    }
}

#[test]
fn heuristic_generators_come_from_properties_files_and_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = dir.path().join("heuristics.jpf");
    std::fs::write(
        &jpf,
        format!(
            "target=Heuristics\nclasspath={}\nreport.progress=0\n\
             velocity.class=gov.nasa.jpf.vm.choice.DoubleThresholdGenerator\n\
             velocity.threshold=13.0\nvelocity.delta=0.5\n\
             count.class=gov.nasa.jpf.vm.choice.IntIntervalGenerator\n\
             count.min=1\ncount.max=5\ncount.delta=2\n",
            classes().display()
        ),
    )
    .expect("write jpf");
    let out = run(&rpf_binary(), &[&jpf.display().to_string()], None);
    assert_eq!(out.status, Some(0), "{}{}", out.stdout, out.stderr);
    let want: BTreeSet<String> = ["12.5", "13.0", "13.5"]
        .iter()
        .flat_map(|v| ["1", "3", "5"].map(|n| format!("{v} {n}")))
        .collect();
    assert_eq!(outcomes(&out), want);

    let (run, _) = check(
        "Heuristics",
        &[
            "+velocity.class=gov.nasa.jpf.vm.choice.DoubleChoiceFromSet",
            "+velocity.values=0.5,-1",
            "+count.class=gov.nasa.jpf.vm.choice.IntChoiceFromSet",
            "+count.values=7,8",
        ],
    );
    let want: BTreeSet<String> = ["0.5 7", "0.5 8", "-1.0 7", "-1.0 8"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(outcomes(&run), want, "{}", run.stderr);
}

#[test]
fn a_heuristic_generator_with_a_bad_parameter_is_a_configuration_error() {
    let out = rpf(
        "Heuristics",
        &[
            "+velocity.class=gov.nasa.jpf.vm.choice.DoubleThresholdGenerator",
            "+velocity.threshold=fast",
        ],
    );
    assert_failed(&out, 2, &["velocity.threshold", "fast"]);
}

/// Whether a program is racy, from its `// rpf-race:` header (`None` if it has none).
fn declared_race(source: &Path) -> Option<bool> {
    let text = std::fs::read_to_string(source).expect("read source");
    text.lines()
        .find_map(|l| l.trim().strip_prefix("// rpf-race:"))
        .map(|v| v.trim().starts_with("yes"))
}

#[test]
fn precise_race_detector_finds_every_race_and_no_false_alarms() {
    let mut programs: Vec<(String, bool)> = Vec::new();
    for dir in ["tests/java/check", "tests/java/plugins"] {
        for source in java_sources(&workspace().join(dir)) {
            if let Some(racy) = declared_race(&source) {
                let name = source.file_stem().unwrap_or_default().to_string_lossy();
                programs.push((name.into_owned(), racy));
            }
        }
    }
    assert!(programs.len() >= 55, "{} programs", programs.len());
    assert!(programs.iter().filter(|(_, r)| *r).count() >= 8);
    let queue = Mutex::new(programs);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some((name, racy)) = queue.lock().expect("queue").pop() else {
                    break;
                };
                let (run, report) = check(
                    &name,
                    &[
                        "+listener=gov.nasa.jpf.listener.PreciseRaceDetector",
                        "+search.properties=none",
                        "+search.time_limit=120s",
                    ],
                );
                let found = report["result"] == "violation";
                let kind_ok = !found || first_error(&report)["kind"] == "race";
                if found != racy || !kind_ok || run.status != Some(if racy { 1 } else { 0 }) {
                    failures.lock().expect("failures").push(format!(
                        "{name}: declared racy={racy}, rpf said {} (exit {:?}): {}",
                        report["result"],
                        run.status,
                        first_error(&report)["message"]
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_race_report_names_both_accesses() {
    let (run, report) = check(
        "ArrayRace",
        &[
            "+listener=rpf.PreciseRaceDetector",
            "+search.properties=none",
        ],
    );
    assert_eq!(run.status, Some(1));
    let e = first_error(&report);
    assert_eq!(e["kind"], "race");
    assert_eq!(e["property"], "rpf.PreciseRaceDetector");
    let message = e["message"].as_str().expect("message");
    assert!(message.contains("int[]@"), "{message}");
    assert!(message.contains("[0]"), "{message}");
    assert!(message.contains("writes at ArrayRace"), "{message}");
    assert!(message.contains("ArrayRace.java:"), "{message}");
    assert!(!e["trace"].as_array().expect("trace").is_empty());
}

#[test]
fn eraser_reports_shared_data_without_a_common_lock() {
    // Eraser knows locks, not happens-before: main reading the counter after join() without
    // the lock (LostUpdateSynchronized) is its classic false alarm, which the precise
    // detector does not raise.
    for (program, racy) in [
        ("EraserUnlocked", true),
        ("EraserLocked", false),
        ("LostUpdate", true),
        ("LostUpdateSynchronized", true),
    ] {
        let (run, report) = check(
            program,
            &["+listener=rpf.Eraser", "+search.properties=none"],
        );
        assert_eq!(
            run.status,
            Some(if racy { 1 } else { 0 }),
            "{program}: {}",
            run.stdout
        );
        if racy {
            let e = first_error(&report);
            assert_eq!(e["kind"], "race");
            assert!(e["message"].as_str().unwrap_or("").contains("no lock"));
        }
    }
}

#[test]
fn lock_tree_finds_opposite_lock_orders_in_one_run_that_did_not_deadlock() {
    let (run, report) = check(
        "LockOrderJoined",
        &[
            "+listener=rpf.LockTree",
            "+search.class=gov.nasa.jpf.search.Simulation",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.contains("done = 2"),
        "the run completed: {}",
        run.stdout
    );
    let e = first_error(&report);
    assert_eq!(e["kind"], "lock_order");
    let message = e["message"].as_str().expect("message");
    for part in [
        "Thread-0",
        "Thread-1",
        "java.lang.Object@",
        "LockOrderJoined.java:12",
    ] {
        assert!(message.contains(part), "{part} missing: {message}");
    }
    let (gated, report) = check(
        "LockOrderGated",
        &[
            "+listener=rpf.LockTree",
            "+search.class=gov.nasa.jpf.search.Simulation",
        ],
    );
    assert_eq!(
        gated.status,
        Some(3),
        "a simulation is incomplete: {}",
        gated.stdout
    );
    assert!(report["errors"].as_array().expect("errors").is_empty());
    let (full, _) = check("LockOrderGated", &["+listener=rpf.LockTree"]);
    assert_eq!(full.status, Some(0), "{}", full.stdout);
}

#[test]
fn coverage_counts_bytecode_lines_and_branches() {
    let (run, report) = check("Branches", &["+listener=rpf.Coverage"]);
    assert_eq!(run.status, Some(0));
    assert!(run.stdout.contains("rpf.Coverage"), "{}", run.stdout);
    let classes = report["plugins"]["rpf.Coverage"]["classes"]
        .as_array()
        .expect("classes");
    assert_eq!(classes.len(), 1, "only application classes: {classes:?}");
    let sign = classes[0]["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .find(|m| m["method"] == "sign(I)I")
        .expect("sign");
    // sign: 10 instructions, x = 0 and 1 execute 8 of them; 5 lines, `return -1` never
    // runs; `x > 0` takes both outcomes, `x < 0` only one.
    let ratio = |what: &str| (sign[what]["covered"].clone(), sign[what]["total"].clone());
    assert_eq!(ratio("bytecode"), (8.into(), 10.into()));
    assert_eq!(ratio("lines"), (4.into(), 5.into()));
    assert_eq!(ratio("branches"), (3.into(), 4.into()));
    // JPF's default: the console shows classes only.
    assert!(!run.stdout.contains("sign(I)I"), "{}", run.stdout);
}

#[test]
fn coverage_follows_jpfs_include_exclude_and_show_methods() {
    let classes = |settings: &[&str]| {
        let mut all = vec!["+listener=.listener.CoverageAnalyzer"];
        all.extend_from_slice(settings);
        let (run, report) = check("Branches", &all);
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        let names: Vec<String> = report["plugins"]["gov.nasa.jpf.listener.CoverageAnalyzer"]
            ["classes"]
            .as_array()
            .expect("classes")
            .iter()
            .map(|c| c["class"].as_str().expect("name").to_string())
            .collect();
        (run.stdout, names)
    };
    let (stdout, names) = classes(&["+coverage.show_methods=true"]);
    assert_eq!(names, ["Branches"]);
    assert!(stdout.contains("   sign(I)I"), "{stdout}");
    let (_, names) = classes(&["+coverage.exclude=Bran*"]);
    assert!(names.is_empty(), "{names:?}");
    // An include list names the classes analysed, the class library's among them.
    let (_, names) = classes(&["+coverage.include=java.lang.StringConcatHelper,Bra*"]);
    assert!(names.iter().any(|n| n == "Branches"), "{names:?}");
    assert!(names
        .iter()
        .all(|n| n == "Branches" || n == "java.lang.StringConcatHelper"));
}

#[test]
fn state_space_dot_writes_the_explored_graph() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("graph.dot");
    let setting = format!("+statespace.file={}", file.display());
    let (run, report) = check("Choices", &["+listener=rpf.StateSpaceDot", &setting]);
    assert_eq!(run.status, Some(0));
    let dot = std::fs::read_to_string(&file).expect("graph written");
    assert!(dot.starts_with("digraph"));
    let nodes = dot
        .lines()
        .filter(|l| l.contains("[label=") && !l.contains("->"))
        .count();
    let edges = dot.lines().filter(|l| l.contains("->")).count();
    assert_eq!(
        nodes as u64,
        report["statistics"]["states_new"].as_u64().expect("states")
    );
    assert_eq!(
        edges as u64,
        report["statistics"]["transitions"]
            .as_u64()
            .expect("transitions")
    );
    assert_eq!(
        dot.matches("doublecircle").count(),
        4,
        "four end states:\n{dot}"
    );
}

#[test]
fn exec_tracker_prints_transitions_and_instructions() {
    let (run, _) = check("Choices", &["+listener=rpf.ExecTracker"]);
    assert_eq!(run.status, Some(0));
    // Three transitions to the four ends of the two choices (1 + 2 + 4), and at each end
    // one more that runs the shutdown hooks once main has returned.
    assert_eq!(run.stdout.matches("forward:").count(), 11, "{}", run.stdout);
    assert!(run.stdout.contains("restore:"), "{}", run.stdout);
    assert!(
        run.stdout.contains("Choices.main(Choices.java:8)") && run.stdout.contains("istore_1"),
        "{}",
        run.stdout
    );
    let (quiet, _) = check(
        "Choices",
        &["+listener=rpf.ExecTracker", "+et.print_insn=false"],
    );
    assert!(!quiet.stdout.contains("istore_1"), "{}", quiet.stdout);
}

#[test]
fn taint_tracker_follows_attributes_through_locals_fields_arrays_and_calls() {
    let sink = "+taint.sinks=TaintFlow$Log.write";
    let factory = "+vm.insn_factory.class=rpf.TaintTracker";
    let (run, report) = check(
        "TaintFlow",
        &[factory, "+taint.sources=TaintFlow$Secrets.pin", sink],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    let e = first_error(&report);
    assert_eq!(e["kind"], "taint");
    assert!(
        e["message"]
            .as_str()
            .unwrap_or("")
            .contains("TaintFlow.java:39"),
        "{e}"
    );
    let (clean, _) = check(
        "TaintFlow",
        &[factory, "+taint.sources=TaintFlow.scramble", sink],
    );
    assert_eq!(
        clean.status,
        Some(1),
        "scramble's result is tainted too: {}",
        clean.stdout
    );
    let (none, _) = check(
        "TaintFlow",
        &[factory, "+taint.sources=TaintFlow$Box.nothing", sink],
    );
    assert_eq!(none.status, Some(0), "{}", none.stdout);
}

#[test]
fn taint_tracker_follows_attributes_through_generated_code() {
    let sink = "+taint.sinks=TaintThroughLambdas$Log.write";
    let factory = "+vm.insn_factory.class=rpf.TaintTracker";
    let (run, report) = check(
        "TaintThroughLambdas",
        &[
            factory,
            "+taint.sources=TaintThroughLambdas$Secrets.pin",
            sink,
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert_eq!(first_error(&report)["kind"], "taint");
    // A source whose (void) result reaches nothing: no violation.
    let (clean, _) = check(
        "TaintThroughLambdas",
        &[
            factory,
            "+taint.sources=TaintThroughLambdas$Log.write",
            sink,
        ],
    );
    assert_eq!(clean.status, Some(0), "{}", clean.stdout);
}

#[test]
fn example_counter_counts_new_states_and_instructions() {
    let (run, report) = check("Choices", &["+listener=example.Counter"]);
    assert_eq!(run.status, Some(0));
    let line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("example-listener: "))
        .expect("counter line");
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let states = report["statistics"]["states_new"].as_u64().expect("states");
    assert_eq!(
        numbers[1],
        states - 1,
        "every state but the initial one: {line}"
    );
    assert!(numbers[0] > 100, "{line}");
}

#[test]
fn a_missing_component_names_the_paths_searched() {
    let out = rpf(
        "Choices",
        &["+listener=no.Such", "+plugin.path=/nonexistent/dir"],
    );
    let message = "no plugin provides listener \"no.Such\"";
    assert_failed(&out, 2, &[message, "/nonexistent/dir"]);
}

#[test]
fn a_library_that_is_not_an_rpf_plugin_is_refused() {
    let libm = [
        "/lib/x86_64-linux-gnu/libm.so.6",
        "/usr/lib/x86_64-linux-gnu/libm.so.6",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file());
    let refused = |library: &Path, needle: &str| {
        let setting = format!("+plugin.path={}", library.display());
        assert_failed(&rpf("Choices", &["+listener=x.Y", &setting]), 2, &[needle]);
    };
    if let Some(libm) = libm {
        refused(&libm, "is not an rpf plugin");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let fake = dir.path().join("fake.so");
    std::fs::write(&fake, "not a library").expect("write");
    refused(&fake, "cannot load plugin library");
}

#[test]
fn a_listener_with_a_bad_setting_is_a_configuration_error() {
    let out = rpf(
        "Choices",
        &["+listener=rpf.ExecTracker", "+et.print_insn=maybe"],
    );
    assert_failed(&out, 2, &["et.print_insn"]);
}

#[test]
fn attributes_survive_backtracking_to_a_saved_state() {
    let (run, report) = check(
        "TaintAcrossChoices",
        &[
            "+vm.insn_factory.class=rpf.TaintTracker",
            "+taint.sources=TaintAcrossChoices$Secrets.pin",
            "+taint.sinks=TaintAcrossChoices$Log.write",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert_eq!(first_error(&report)["kind"], "taint");
    let trace = first_error(&report)["trace"].as_array().expect("trace");
    let last = &trace[trace.len() - 1]["choices"][0];
    assert_eq!(
        last, "verifyGetBoolean=false",
        "found on the second branch: {trace:?}"
    );
}

#[test]
fn a_property_plugin_is_checked_in_every_state() {
    let (run, report) = check(
        "ThreadPool",
        &[
            "+search.properties=rpf.ThreadLimit,deadlock",
            "+threads.max=3",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    let e = first_error(&report);
    assert_eq!(e["kind"], "property");
    assert_eq!(e["property"], "rpf.ThreadLimit");
    assert!(
        e["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("4 threads alive"),
        "{e}"
    );
    let (ok, _) = check(
        "ThreadPool",
        &[
            "+search.properties=rpf.ThreadLimit,deadlock",
            "+threads.max=4",
        ],
    );
    assert_eq!(ok.status, Some(0), "{}", ok.stdout);
}

#[test]
fn several_listeners_load_from_listener_and_search_listener() {
    let (run, report) = check(
        "LockOrderJoined",
        &[
            "+listener=rpf.LockTree,rpf.Coverage",
            "+search.listener=rpf.EventCounter",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert_eq!(first_error(&report)["kind"], "lock_order");
    assert!(
        report["plugins"]["rpf.Coverage"]["classes"].is_array(),
        "{report}"
    );
    assert!(
        report["plugins"]["rpf.EventCounter"]["ObjectLocked"]
            .as_u64()
            .unwrap_or(0)
            > 0
    );
}

#[test]
fn every_event_kind_reaches_a_subscribed_listener() {
    let (run, report) = check(
        "AllEvents",
        &[
            "+listener=rpf.EventCounter",
            "+events.instructions=true",
            "+search.multiple_errors=true",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    let counts = report["plugins"]["rpf.EventCounter"]
        .as_object()
        .expect("counts");
    let missing: Vec<&str> = [
        "VmInitialized",
        "InstructionExecuting",
        "InstructionExecuted",
        "ThreadStarted",
        "ThreadBlocked",
        "ThreadWaiting",
        "ThreadNotified",
        "ThreadInterrupted",
        "ThreadTerminated",
        "ObjectCreated",
        "ObjectReleased",
        "ObjectLocked",
        "ObjectUnlocked",
        "ObjectWait",
        "ObjectNotify",
        "ClassLoaded",
        "MethodEntered",
        "MethodExited",
        "ExceptionThrown",
        "ExceptionHandled",
        "ChoiceRegistered",
        "ChoiceSet",
        "ChoiceAdvanced",
        "ChoiceProcessed",
        "StateAdvanced",
        "StateBacktracked",
        "StateProcessed",
        "StateRestored",
        "PropertyViolated",
        "SearchStarted",
        "SearchFinished",
        "FieldRead",
        "FieldWritten",
        "ArrayRead",
        "ArrayWritten",
    ]
    .into_iter()
    .filter(|k| counts.get(*k).and_then(Value::as_u64).unwrap_or(0) == 0)
    .collect();
    assert!(missing.is_empty(), "never delivered: {missing:?}");
    assert_eq!(counts["SearchStarted"], 1);
    assert_eq!(counts["VmInitialized"], 1);
}

#[test]
fn listeners_come_from_jpf_files_with_jpf_class_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = dir.path().join("race.jpf");
    std::fs::write(
        &jpf,
        format!(
            "target=LostUpdate\nclasspath={}\nreport.progress=0\nsearch.properties=none\n\
             listener=gov.nasa.jpf.listener.PreciseRaceDetector\nlistener+=rpf.Coverage\n",
            classes().display()
        ),
    )
    .expect("write jpf");
    let out = run(&rpf_binary(), &[&jpf.display().to_string()], None);
    assert_eq!(out.status, Some(1), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("race on LostUpdate.count"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("rpf.Coverage"), "{}", out.stdout);
}
