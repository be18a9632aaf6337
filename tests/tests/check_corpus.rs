//! The model-checking corpus: every program under `tests/java/check/` declares its verdict
//! (and, for exhaustiveness programs, the exact set of final outcomes) in a header; rpf must
//! reach exactly that with partial order reduction on, off, and with the bundled
//! `rpf.AlwaysBreakScheduler` plugin deciding the scheduling points instead, and also with the
//! corpus compiled for Java 8.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rpf_tests::{java_sources, javac, rpf_binary, run, workspace};

/// What a program's header declares.
#[derive(Debug, Clone)]
struct Expectation {
    verdict: String,
    outcomes: Option<BTreeSet<String>>,
    config: Vec<String>,
    /// `// rpf-release: 9` (or later): the program needs an API Java 8 lacks (`VarHandle`),
    /// so it is not compiled for Java 8 and its Java 8 mode runs the current class files.
    after_java8: bool,
}

fn header(source: &Path) -> Expectation {
    let text = std::fs::read_to_string(source).expect("read source");
    let directive = |name: &str| {
        text.lines().find_map(|l| {
            l.trim()
                .strip_prefix(&format!("// {name}:"))
                .map(|v| v.trim().to_string())
        })
    };
    Expectation {
        verdict: directive("rpf-expect")
            .unwrap_or_else(|| panic!("{} has no rpf-expect header", source.display())),
        outcomes: directive("rpf-outcomes")
            .map(|o| o.split('|').map(|s| s.trim().to_string()).collect()),
        config: directive("rpf-config")
            .map(|c| c.split_whitespace().map(String::from).collect())
            .unwrap_or_default(),
        after_java8: directive("rpf-release")
            .is_some_and(|r| r.parse::<u32>().is_ok_and(|release| release > 8)),
    }
}

/// What a run produced: (verdict as in the headers, outcomes, exit status).
fn check(
    classes: &Path,
    name: &str,
    mode: &Mode,
    extra: &[String],
    json_dir: &Path,
) -> (String, BTreeSet<String>, Option<i32>, String, Option<u64>) {
    let json = json_dir.join(format!("{name}-{}.json", mode.label));
    let cp = classes.display().to_string();
    let mut args: Vec<String> = vec![
        "-cp".into(),
        cp,
        name.into(),
        "+report.progress=0".into(),
        format!("+report.json.file={}", json.display()),
        "+search.time_limit=120s".into(),
    ];
    args.extend(mode.settings.iter().map(|s| s.to_string()));
    args.extend(extra.iter().cloned());
    let arg_refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&rpf_binary(), &arg_refs, None);
    let outcomes = out
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("OUTCOME: ").map(|o| o.trim().to_string()))
        .collect();
    let report: Option<serde_json::Value> = std::fs::read_to_string(&json)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok());
    let states = report
        .as_ref()
        .and_then(|r| r["statistics"]["states_new"].as_u64());
    let verdict = match report.as_ref().and_then(verdict_of) {
        Some(v) => v,
        None => format!(
            "no report (exit {:?}): {}",
            out.status,
            out.stderr.lines().take(3).collect::<Vec<_>>().join(" | ")
        ),
    };
    (verdict, outcomes, out.status, out.stderr, states)
}

/// The verdict a JSON report gives: `none`, `incomplete`, or the first error's kind (with
/// the exception class for uncaught exceptions: `exception:java/lang/...`).
fn verdict_of(report: &serde_json::Value) -> Option<String> {
    Some(match report["result"].as_str()? {
        "no_violation" => "none".to_string(),
        "incomplete" => "incomplete".to_string(),
        _ => {
            let error = &report["errors"][0];
            match error["kind"].as_str()? {
                "exception" => format!("exception:{}", error["exception_class"].as_str()?),
                other => other.to_string(),
            }
        }
    })
}

/// One way of running the whole corpus.
struct Mode {
    label: &'static str,
    settings: &'static [&'static str],
    /// Runs the corpus compiled for Java 8 (`javac --release 8`), whose class files build
    /// strings with `StringBuilder` and call private methods with `invokespecial`.
    java8: bool,
}

/// Partial order reduction on and off, each with and without sleep sets, the scheduler
/// plugin that breaks at every access, two search workers sharing the state space, the
/// JDK's own bytecode instead of rpf's intrinsics, and class files for Java 8.
const MODES: [Mode; 8] = [
    Mode {
        label: "vm.por=true",
        settings: &["+vm.por=true"],
        java8: false,
    },
    Mode {
        label: "vm.por=true search.sleep_sets=false",
        settings: &["+vm.por=true", "+search.sleep_sets=false"],
        java8: false,
    },
    Mode {
        label: "vm.por=false",
        settings: &["+vm.por=false"],
        java8: false,
    },
    Mode {
        label: "vm.por=false search.sleep_sets=false",
        settings: &["+vm.por=false", "+search.sleep_sets=false"],
        java8: false,
    },
    Mode {
        label: "rpf.AlwaysBreakScheduler",
        settings: &["+vm.scheduler_factory.class=rpf.AlwaysBreakScheduler"],
        java8: false,
    },
    Mode {
        label: "search.workers=2",
        settings: &["+search.workers=2"],
        java8: false,
    },
    Mode {
        label: "vm.intrinsics=false",
        settings: &["+vm.intrinsics=false"],
        java8: false,
    },
    Mode {
        label: "javac --release 8",
        settings: &["+vm.por=true"],
        java8: true,
    },
];

/// Pairs of modes that must find exactly the same states in an exhaustive search: sleep
/// sets leave out transitions, never states; intrinsics do in one step what JDK code, which
/// runs atomically, does in many.
const SAME_STATES: [(usize, usize); 3] = [(0, 1), (2, 3), (0, 6)];

/// Pairs of modes where the second must find every state the first finds: two workers split
/// the state space. They should find exactly the same states, but rarely, depending on
/// timing, find a few more (seen on BoundedBufferCondition under load: 1,932 instead of
/// 1,467); that excess is a known imprecision (README, Parallel search), while fewer states
/// would be a missed part of the state space.
const AT_LEAST_THE_STATES: [(usize, usize); 1] = [(0, 5)];

#[test]
fn corpus_verdicts_and_outcomes_hold_with_and_without_por() {
    let dir = workspace().join("tests/java/check");
    let sources = java_sources(&dir);
    assert!(sources.len() >= 30, "the corpus needs at least 30 programs");
    let classes = tempfile::tempdir().expect("tempdir");
    let api = workspace().join("host/models/api").display().to_string();
    javac(&sources, classes.path(), &["-sourcepath", &api]);
    let classes8 = tempfile::tempdir().expect("tempdir");
    let sources8: Vec<PathBuf> = sources
        .iter()
        .filter(|s| !header(s).after_java8)
        .cloned()
        .collect();
    javac(
        &sources8,
        classes8.path(),
        &["--release", "8", "-nowarn", "-sourcepath", &api],
    );
    let json_dir = tempfile::tempdir().expect("tempdir");
    let filter = std::env::var("RPF_CHECK_FILTER").ok();
    let queue: Mutex<Vec<PathBuf>> = Mutex::new(
        sources
            .into_iter()
            .filter(|p| {
                filter
                    .as_deref()
                    .is_none_or(|f| p.to_string_lossy().contains(f))
            })
            .collect(),
    );
    let failures = Mutex::new(Vec::new());
    let outcome_programs = Mutex::new(0usize);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(source) = queue.lock().expect("queue").pop() else {
                    break;
                };
                let name = source
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                let expect = header(&source);
                let mut results = Vec::new();
                let mut states = Vec::new();
                for mode in &MODES {
                    let (verdict, outcomes, status, stderr, count) = check(
                        if mode.java8 && !expect.after_java8 {
                            classes8.path()
                        } else {
                            classes.path()
                        },
                        &name,
                        mode,
                        &expect.config,
                        json_dir.path(),
                    );
                    let expected_status = if expect.verdict == "none" {
                        Some(0)
                    } else {
                        Some(1)
                    };
                    let mut problems = Vec::new();
                    if verdict != expect.verdict {
                        problems.push(format!("verdict {verdict}, expected {}", expect.verdict));
                    }
                    if status != expected_status {
                        problems.push(format!(
                            "exit status {status:?}, expected {expected_status:?}"
                        ));
                    }
                    if let Some(want) = &expect.outcomes {
                        if &outcomes != want {
                            problems.push(format!("outcomes {outcomes:?}, expected {want:?}"));
                        }
                    }
                    if !problems.is_empty() {
                        let tail: Vec<&str> = stderr.lines().rev().take(3).collect();
                        failures.lock().expect("failures").push(format!(
                            "{name} ({}): {} {tail:?}",
                            mode.label,
                            problems.join("; ")
                        ));
                    }
                    results.push((verdict, outcomes));
                    states.push(count);
                }
                let same = SAME_STATES.iter().map(|&pair| (pair, false));
                let at_least = AT_LEAST_THE_STATES.iter().map(|&pair| (pair, true));
                for ((a, b), more_allowed) in same.chain(at_least) {
                    let fits = if more_allowed {
                        states[b] >= states[a]
                    } else {
                        states[b] == states[a]
                    };
                    if expect.verdict == "none" && !fits {
                        failures.lock().expect("failures").push(format!(
                            "{name}: {:?} states with {}, {:?} with {}",
                            states[a], MODES[a].label, states[b], MODES[b].label
                        ));
                    }
                }
                if results.iter().any(|r| r != &results[0]) {
                    failures
                        .lock()
                        .expect("failures")
                        .push(format!("{name}: the modes disagree: {results:?}"));
                }
                if expect.outcomes.is_some() {
                    *outcome_programs.lock().expect("count") += 1;
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    if filter.is_none() {
        assert!(
            outcome_programs.into_inner().expect("count") >= 8,
            "need at least 8 exhaustiveness programs"
        );
    }
}
