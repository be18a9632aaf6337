//! `rpf junit`: each `@Test` method of JUnit 5 and JUnit 4 test classes model checked as its
//! own search, with its class's lifecycle methods, and reported test by test.

pub mod discover;
pub mod expect;

use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};

use rpf_config::{keys, Config};
use rpf_jvm::classpath::ClassPath;

use crate::check::result::{CheckResult, Verdict};
use crate::check::settings::CheckSettings;
use crate::check::{self, report};
use crate::launch::{LaunchError, Target};
use discover::{Discovery, Plan, TestCase};

/// How one test ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every path checked, none violated a property.
    Passed,
    /// A path violated a property (or JUnit rejects the test): why.
    Failed(String),
    /// Not checked completely: why.
    Incomplete(String),
    /// Not run, as JUnit would not run it: why.
    Skipped(String),
}

impl Outcome {
    fn word(&self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::Failed(_) => "failed",
            Outcome::Incomplete(_) => "incomplete",
            Outcome::Skipped(_) => "skipped",
        }
    }

    fn reason(&self) -> Option<&str> {
        match self {
            Outcome::Passed => None,
            Outcome::Failed(r) | Outcome::Incomplete(r) | Outcome::Skipped(r) => Some(r),
        }
    }
}

/// One test's outcome, with its search's result when it was searched.
pub struct TestReport {
    /// The test.
    pub case: TestCase,
    /// How it ended.
    pub outcome: Outcome,
    /// The search's result.
    pub result: Option<CheckResult>,
}

/// All tests of an `rpf junit` run.
pub struct Run {
    /// Each test, in the order named and declared.
    pub tests: Vec<TestReport>,
}

impl Run {
    /// The plugin failure that ended the run (its exit status is then 4).
    pub fn plugin_failure(&self) -> Option<&crate::plugins::PluginFailure> {
        self.tests
            .iter()
            .find_map(|t| t.result.as_ref()?.plugin_failure.as_ref())
    }

    fn count(&self, word: &str) -> usize {
        self.tests
            .iter()
            .filter(|t| t.outcome.word() == word)
            .count()
    }

    /// The run's verdict: a violation if a test failed, incomplete if one was not checked
    /// completely, no violation otherwise (skipped tests aside, as in JUnit).
    pub fn verdict(&self) -> Verdict {
        if self.count("failed") > 0 {
            Verdict::Violation
        } else if self.count("incomplete") > 0 {
            Verdict::Incomplete
        } else {
            Verdict::NoViolation
        }
    }

    /// The last line of the console report.
    pub fn summary(&self) -> String {
        format!(
            "tests: {} passed, {} failed, {} incomplete, {} skipped (of {})\n",
            self.count("passed"),
            self.count("failed"),
            self.count("incomplete"),
            self.count("skipped"),
            self.tests.len()
        )
    }

    /// The JSON report: every test with its outcome and its search's own JSON report.
    pub fn json(&self) -> Value {
        json!({
            "rpf_version": env!("CARGO_PKG_VERSION"),
            "mode": "junit",
            "result": verdict_word(self.verdict()),
            "summary": {
                "tests": self.tests.len(),
                "passed": self.count("passed"),
                "failed": self.count("failed"),
                "incomplete": self.count("incomplete"),
                "skipped": self.count("skipped"),
            },
            "tests": self.tests.iter().map(|t| json!({
                "class": t.case.class,
                "method": t.case.method,
                "display_name": t.case.display,
                "outcome": t.outcome.word(),
                "reason": t.outcome.reason(),
                "report": t.result.as_ref().map(report::json),
            })).collect::<Vec<_>>(),
        })
    }
}

fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::NoViolation => "no_violation",
        Verdict::Violation => "violation",
        Verdict::Incomplete => "incomplete",
    }
}

/// The tests `junit.tests` names, in order; a class named twice is run once.
pub fn tests(config: &Config) -> Result<Vec<TestCase>, LaunchError> {
    let selectors = keys::JUNIT_TESTS.get(config)?.unwrap_or_default();
    let classpath = ClassPath::new(&keys::CLASSPATH.get(config)?, None)?;
    let mut discovery = Discovery::new(&classpath);
    let mut tests: Vec<TestCase> = Vec::new();
    for selector in &selectors {
        for t in discovery.tests(selector)? {
            if !tests
                .iter()
                .any(|s| s.class == t.class && s.method == t.method)
            {
                tests.push(t);
            }
        }
    }
    Ok(tests)
}

/// Checks every test `junit.tests` names, writing each test's line (and, for a test that did
/// not pass, its full report) to `out` as it ends. The first test whose search finds an
/// error writes its trace (`report.trace.file`); the run writes the JSON report
/// (`report.json.file`).
pub fn run(
    config: &Config,
    interrupt: Option<Arc<AtomicBool>>,
    out: &mut dyn FnMut(&str),
) -> Result<Run, LaunchError> {
    let settings = check::claim_settings(config, interrupt.clone())?;
    let cases = tests(config)?;
    let classes = {
        let mut names: Vec<&str> = cases.iter().map(|t| t.class.as_str()).collect();
        names.dedup();
        names.len()
    };
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    out(&format!(
        "rpf {} - JUnit tests under the model checker: {} in {}\n",
        env!("CARGO_PKG_VERSION"),
        plural(cases.len(), "test", "tests"),
        plural(classes, "class", "classes"),
    ));
    let classpath = keys::CLASSPATH.get(config)?;
    let mut trace_written = false;
    let mut run = Run { tests: Vec::new() };
    for case in cases {
        let interrupted = interrupt
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed));
        let (outcome, result) = match &case.plan {
            _ if interrupted => (
                Outcome::Incomplete("not run: interrupted".to_string()),
                None,
            ),
            Plan::Skip(reason) => (Outcome::Skipped(reason.clone()), None),
            Plan::Unsupported(what) => (Outcome::Incomplete(format!("unsupported: {what}")), None),
            Plan::Invalid(why) => (Outcome::Failed(why.clone()), None),
            Plan::Run {
                args,
                settings: own_settings,
                expect,
            } => {
                let (config, mut own) = if own_settings.is_empty() {
                    (config.clone(), settings.clone())
                } else {
                    match with_own_settings(config, &settings, own_settings) {
                        Ok(both) => both,
                        Err(e) => {
                            let outcome = Outcome::Failed(format!("the test's settings: {e}"));
                            report_line(out, &case, &outcome, None);
                            run.tests.push(TestReport {
                                case,
                                outcome,
                                result: None,
                            });
                            continue;
                        }
                    }
                };
                own.json_file = None;
                if trace_written {
                    own.trace_file = None;
                }
                let target = Target {
                    main_class: discover::RUNNER.to_string(),
                    args: args.clone(),
                    classpath: classpath.clone(),
                };
                let prepared = check::prepare_with(&config, &target, own, None)?;
                let checked = check::run(&config, prepared)?;
                if let Some(e) = checked.unwritten.into_iter().next() {
                    return Err(e);
                }
                let result = checked.result;
                trace_written |= !result.errors.is_empty();
                (expect::judge(expect, &result), Some(result))
            }
        };
        report_line(out, &case, &outcome, result.as_ref());
        let failed_plugin = result.as_ref().is_some_and(|r| r.plugin_failure.is_some());
        run.tests.push(TestReport {
            case,
            outcome,
            result,
        });
        if failed_plugin {
            break;
        }
    }
    out(&run.summary());
    if let Some(path) = &settings.json_file {
        let text = serde_json::to_string_pretty(&run.json()).unwrap_or_default();
        check::output::write_atomically(path, &text)?;
    }
    Ok(run)
}

/// Writes a test's line, and the full report of a searched test that did not pass.
fn report_line(
    out: &mut dyn FnMut(&str),
    case: &TestCase,
    outcome: &Outcome,
    result: Option<&CheckResult>,
) {
    let mut line = format!("{}: {}", case.display, outcome.word());
    if let Some(reason) = outcome.reason() {
        let _ = write!(line, " ({reason})");
    }
    if let Some(r) = result {
        let _ = write!(
            line,
            " [{} states, {:.2}s]",
            r.report.unique_states,
            r.report.duration.as_secs_f64()
        );
    }
    line.push('\n');
    out(&line);
    if let (Some(r), false) = (result, *outcome == Outcome::Passed) {
        out(&report::console(r));
    }
}

/// The configuration and checker settings of a test with settings of its own (a TestJPF
/// `verify` call's `"+key=value"` arguments), which are checked on their own first (a JPF
/// key rpf ignores gets its warning). The run's interrupt and report files stay the run's.
fn with_own_settings(
    config: &Config,
    run: &CheckSettings,
    own: &[String],
) -> Result<(Config, CheckSettings), LaunchError> {
    let alone = rpf_config::ConfigBuilder::new()
        .arguments(own.iter().cloned())
        .build()?;
    crate::launch::check_configuration(&alone, false)?;
    let mut config = config.clone();
    for setting in own {
        apply(&mut config, setting);
    }
    let mut settings = CheckSettings::from_config(&config)?;
    settings.limits.interrupt = run.limits.interrupt.clone();
    settings.json_file = run.json_file.clone();
    settings.trace_file = run.trace_file.clone();
    Ok((config, settings))
}

/// Applies a test's own setting (`+key=value`, `+key+=value` to append, `+key` for true).
fn apply(config: &mut Config, setting: &str) {
    let body = setting.strip_prefix('+').unwrap_or(setting);
    let (key, value) = body.split_once('=').unwrap_or((body, "true"));
    let source = "the test's verify call";
    match key.strip_suffix('+') {
        Some(key) => {
            let value = match config.get(key) {
                Some(old) if !old.is_empty() => format!("{old},{value}"),
                _ => value.to_string(),
            };
            config.set_from(key, &value, source);
        }
        None => config.set_from(key, value, source),
    }
}
