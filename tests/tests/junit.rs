//! `rpf junit`: JUnit 5 and JUnit 4 test classes (`tests/java/junit`), each test its own
//! search, compiled against the jars of Debian's `junit5` and `junit4` packages. The expected
//! outcomes of the tests with one schedule were checked against JUnit's own console launcher
//! (lifecycle order, setup failures, JUnit 4's `expected`, rejected classes).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use rpf_tests::{compile_programs, rpf_binary, run, RunResult};
use serde_json::Value;
use tempfile::TempDir;

/// The JUnit jars the tests compile and run against (Debian's `junit5`, `junit4` and their
/// dependencies; `.ci/run` installs them).
fn junit_jars() -> String {
    const JARS: &[&str] = &[
        "junit-jupiter-api.jar",
        "junit-jupiter-params.jar",
        "junit-platform-commons.jar",
        "opentest4j.jar",
        "apiguardian-api.jar",
        "junit4.jar",
        "hamcrest-core.jar",
    ];
    let jars: Vec<PathBuf> = JARS
        .iter()
        .map(|j| Path::new("/usr/share/java").join(j))
        .collect();
    for jar in &jars {
        assert!(
            jar.is_file(),
            "{} is missing: install Debian's junit5 and junit4 packages",
            jar.display()
        );
    }
    jars.iter()
        .map(|j| j.display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

/// The test classes, compiled once.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/junit"], &["-g", "-cp", &junit_jars()]))
        .path()
}

fn classpath() -> String {
    format!("{}:{}", classes().display(), junit_jars())
}

/// `rpf junit` on `selectors` with `settings`, in a fresh directory; the run and its JSON
/// report.
fn junit(selectors: &[&str], settings: &[&str]) -> (RunResult, Value) {
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("report.json");
    let json_setting = format!("+report.json.file={}", json.display());
    let cp = classpath();
    let mut args = vec!["junit", "-cp", &cp];
    args.extend_from_slice(selectors);
    args.push(&json_setting);
    args.extend_from_slice(settings);
    let out = run(&rpf_binary(), &args, Some(dir.path()));
    let report = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).expect("report is JSON"))
        .unwrap_or(Value::Null);
    (out, report)
}

/// `(display name, outcome, reason)` of every test in a report.
fn outcomes(report: &Value) -> Vec<(String, String, String)> {
    report["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests in report {report}"))
        .iter()
        .map(|t| {
            (
                t["display_name"].as_str().unwrap_or_default().to_string(),
                t["outcome"].as_str().unwrap_or_default().to_string(),
                t["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The outcome and reason of the test named `display`.
fn outcome<'a>(all: &'a [(String, String, String)], display: &str) -> (&'a str, &'a str) {
    all.iter()
        .find(|(d, _, _)| d == display)
        .map(|(_, o, r)| (o.as_str(), r.as_str()))
        .unwrap_or_else(|| panic!("no test {display} in {all:?}"))
}

#[test]
fn each_junit5_test_is_its_own_search() {
    let (out, report) = junit(&["CounterTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let all = outcomes(&report);
    let names: Vec<&str> = all.iter().map(|(d, _, _)| d.as_str()).collect();
    assert_eq!(
        names,
        [
            "CounterTest > incrementsAreNotLost()",
            "CounterTest > synchronized increments are never lost",
            "CounterTest > divisionByZeroThrows()",
            "CounterTest > saturates()",
        ]
    );
    // Only an interleaving where both threads read 0 loses an update: a search finds it.
    assert_eq!(
        outcome(&all, "CounterTest > incrementsAreNotLost()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: org.opentest4j.AssertionFailedError: expected: <2> but was: <1>"
        )
    );
    assert_eq!(
        outcome(&all, "CounterTest > synchronized increments are never lost"),
        ("passed", "")
    );
    assert_eq!(
        outcome(&all, "CounterTest > divisionByZeroThrows()"),
        ("passed", "")
    );
    assert_eq!(
        outcome(&all, "CounterTest > saturates()"),
        ("skipped", "@Disabled: waiting for the counter to saturate")
    );
    // Each searched test carries its own complete report; the failing one its trace, down
    // to the assertion's line.
    let tests = report["tests"].as_array().expect("tests");
    assert_eq!(tests[1]["report"]["result"], "no_violation");
    assert_eq!(tests[1]["report"]["stop_reason"], "search complete");
    assert!(tests[3]["report"].is_null());
    let failing = &tests[0]["report"];
    assert_eq!(failing["result"], "violation");
    let trace = failing["errors"][0]["trace"].to_string();
    assert!(trace.contains("CounterTest.java:32"), "{trace}");
    assert_eq!(report["result"], "violation");
    assert_eq!(report["summary"]["passed"], 2);
    assert_eq!(report["summary"]["failed"], 1);
    assert_eq!(report["summary"]["skipped"], 1);
    assert!(
        out.stdout
            .contains("tests: 2 passed, 1 failed, 0 incomplete, 1 skipped (of 4)"),
        "{}",
        out.stdout
    );
}

#[test]
fn lifecycle_methods_run_in_junits_order_across_the_hierarchy() {
    let (out, report) = junit(&["LifecycleTest", "PerClassTest"], &[]);
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    // LifecycleBase's @AfterAll checks the order itself and prints it; the base's
    // @BeforeEach that the subclass overrides without the annotation does not run.
    assert!(
        out.stdout.contains(
            "lifecycle: baseBeforeAll beforeAll new baseBeforeEach beforeEach test afterEach baseAfterEach afterAll baseAfterAll"
        ),
        "{}",
        out.stdout
    );
    let all = outcomes(&report);
    assert_eq!(
        outcome(&all, "LifecycleTest > runsInOrder()"),
        ("passed", "")
    );
    assert_eq!(
        outcome(&all, "PerClassTest > seesThePreparation()"),
        ("passed", "")
    );
}

#[test]
fn a_failing_setup_fails_the_test_without_running_it_but_cleans_up() {
    let (out, report) = junit(&["SetupFailureTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        outcome(&outcomes(&report), "SetupFailureTest > needsTheConnection()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: java.lang.IllegalStateException: no connection in setUp"
        )
    );
    assert!(out.stdout.contains("tearDown ran"), "{}", out.stdout);
    assert!(!out.stdout.contains("the test ran"), "{}", out.stdout);
}

#[test]
fn verify_choices_and_assumptions_work_inside_tests() {
    let (out, report) = junit(&["ChoicesTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let all = outcomes(&report);
    // The composed @CheckedTest counts as @Test; the @BeforeEach's choice 3 breaks it.
    assert_eq!(
        outcome(&all, "ChoicesTest > everyLimitIsSmall()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: org.opentest4j.AssertionFailedError: limit 3 ==> expected: <true> but was: <false>"
        )
    );
    // The path where the assumption fails is not checked further (JUnit skips it), so the
    // assertion behind it holds on every path that remains.
    assert_eq!(
        outcome(&all, "ChoicesTest > assumptionsPrunePaths()"),
        ("passed", "")
    );
    let tests = report["tests"].as_array().expect("tests");
    assert!(tests[1]["report"]["statistics"]["pruned"].as_u64() >= Some(1));
}

#[test]
fn junit4_tests_run_with_their_lifecycle_expected_exceptions_and_ignores() {
    let (out, report) = junit(&["LegacyListTest", "LegacyRaceTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let all = outcomes(&report);
    assert_eq!(outcome(&all, "LegacyListTest > addsOne()"), ("passed", ""));
    assert_eq!(
        outcome(&all, "LegacyListTest > emptyListHasNoFirst()"),
        ("passed", "")
    );
    assert_eq!(
        outcome(&all, "LegacyListTest > expectsWhatIsNotThrown()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: java.lang.AssertionError: Expected exception: java.lang.IllegalStateException"
        )
    );
    assert_eq!(
        outcome(&all, "LegacyListTest > ignored()"),
        ("skipped", "@Ignore: flaky on Tuesdays")
    );
    assert_eq!(
        outcome(&all, "LegacyRaceTest > onlyOneTaker()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: java.lang.AssertionError: takers: 2"
        )
    );
}

#[test]
fn tests_rpf_cannot_run_are_reported_unsupported_never_passed() {
    let (out, report) = junit(&["UnsupportedTest", "ParameterizedLegacyTest"], &[]);
    assert_eq!(out.status, Some(3), "{}\n{}", out.stdout, out.stderr);
    let all = outcomes(&report);
    assert_eq!(
        outcome(&all, "UnsupportedTest > parameterized()"),
        ("incomplete", "unsupported: @ParameterizedTest")
    );
    let (o, reason) = outcome(&all, "UnsupportedTest > withTestInfo()");
    assert_eq!(o, "incomplete");
    assert!(reason.contains("parameters"), "{reason}");
    assert_eq!(outcome(&all, "UnsupportedTest > plain()"), ("passed", ""));
    assert_eq!(
        outcome(&all, "ParameterizedLegacyTest > positive()"),
        (
            "incomplete",
            "unsupported: @RunWith(org.junit.runners.Parameterized) (JUnit 4 runners other than the default)"
        )
    );
    assert_eq!(report["result"], "incomplete");
}

#[test]
fn a_class_junit_rejects_fails_its_tests() {
    let (out, report) = junit(&["NonStaticBeforeAllTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert_eq!(
        outcome(&outcomes(&report), "NonStaticBeforeAllTest > test()"),
        (
            "failed",
            "@BeforeAll method NonStaticBeforeAllTest.setUpAll() must be static unless the test class is annotated with @TestInstance(Lifecycle.PER_CLASS)"
        )
    );
}

#[test]
fn a_jpf_file_names_tests_with_junit_tests_and_one_method_can_be_selected() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("tests.jpf"),
        format!(
            "junit.tests = CounterTest#synchronizedIncrements, LegacyListTest#addsOne\nclasspath = {}\nreport.json.file = report.json\nreport.trace.file = trace.json\n",
            classpath().replace(':', ",")
        ),
    )
    .expect("write .jpf");
    let out = run(&rpf_binary(), &["tests.jpf"], Some(dir.path()));
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).expect("report"),
    )
    .expect("JSON");
    let all = outcomes(&report);
    assert_eq!(
        all.iter()
            .map(|(d, o, _)| format!("{d}: {o}"))
            .collect::<Vec<_>>(),
        [
            "CounterTest > synchronized increments are never lost: passed",
            "LegacyListTest > addsOne(): passed",
        ]
    );
    assert!(!dir.path().join("trace.json").exists());
}

#[test]
fn the_first_failing_tests_trace_replays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let trace = dir.path().join("trace.json");
    let setting = format!("+report.trace.file={}", trace.display());
    let (out, _) = junit(&["LegacyRaceTest", "CounterTest"], &[&setting]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace written"))
            .expect("JSON");
    assert_eq!(saved["target"], "rpf.junit.TestRunner");
    assert_eq!(saved["args"][0], "LegacyRaceTest");
    let cp = classpath();
    let trace_arg = trace.display().to_string();
    let replayed = run(
        &rpf_binary(),
        &["--replay", &trace_arg, "-cp", &cp],
        Some(dir.path()),
    );
    assert_eq!(
        replayed.status,
        Some(1),
        "{}\n{}",
        replayed.stdout,
        replayed.stderr
    );
    assert!(
        replayed
            .stdout
            .contains("java.lang.AssertionError: takers: 2"),
        "{}",
        replayed.stdout
    );
}

#[test]
fn bad_test_selectors_are_usage_errors() {
    let (missing, _) = junit(&["NoSuchTest"], &[]);
    assert_eq!(missing.status, Some(2));
    assert!(
        missing
            .stderr
            .contains("test class NoSuchTest is not on the class path"),
        "{}",
        missing.stderr
    );
    let (method, _) = junit(&["CounterTest#nope"], &[]);
    assert_eq!(method.status, Some(2));
    assert!(
        method
            .stderr
            .contains("CounterTest has no test method nope"),
        "{}",
        method.stderr
    );
    let (none, _) = junit(&[], &[]);
    assert_eq!(none.status, Some(2));
    assert!(
        none.stderr.contains("no test classes given"),
        "{}",
        none.stderr
    );
    let (helper, _) = junit(&["LifecycleBase"], &[]);
    assert_eq!(helper.status, Some(2));
    assert!(
        helper.stderr.contains("LifecycleBase has no test methods"),
        "{}",
        helper.stderr
    );
}

#[test]
fn jpf_style_tests_pass_when_their_search_finds_what_their_verify_call_expects() {
    let (out, report) = junit(&["JpfStyleTest"], &[]);
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    let all = outcomes(&report);
    for passing in [
        "noViolation",
        "assertionWithDetails",
        "nullPointer",
        "anyUncaughtException",
        "lockOrderDeadlock",
        "raceFoundBySearch",
        "settingsOfTheVerifyCall",
    ] {
        assert_eq!(
            outcome(&all, &format!("JpfStyleTest > {passing}()")),
            ("passed", ""),
            "{passing}"
        );
    }
    assert_eq!(
        outcome(&all, "JpfStyleTest > raceMissedExpectation()"),
        (
            "failed",
            "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty: java.lang.AssertionError: lost update"
        )
    );
    assert_eq!(
        outcome(&all, "JpfStyleTest > wrongException()"),
        (
            "failed",
            "wrong exception: java.lang.IllegalArgumentException, expected: java.lang.IllegalStateException (java.lang.IllegalArgumentException: not the one)"
        )
    );
    assert_eq!(
        outcome(&all, "JpfStyleTest > expectedErrorNeverHappens()"),
        (
            "failed",
            "no violation found, expected an uncaught java.lang.AssertionError"
        )
    );
    let (o, reason) = outcome(&all, "JpfStyleTest > searchSettingsOfTheVerifyCall()");
    assert_eq!(o, "incomplete");
    assert!(
        reason.contains("search.depth_limit cut off paths"),
        "{reason}"
    );
    let (o, reason) = outcome(&all, "JpfStyleTest > badSettings()");
    assert_eq!(o, "failed");
    assert!(
        reason.starts_with("the test's settings:") && reason.contains("search.depth_limit"),
        "{reason}"
    );
    assert_eq!(
        outcome(&all, "JpfStyleTest > settingsNotConstant()"),
        (
            "incomplete",
            "unsupported: verifyNoPropertyViolation's arguments are not constants rpf junit can read before the search"
        )
    );
    // The deadlock needs an interleaving: the search, not one run, finds it.
    let tests = report["tests"].as_array().expect("tests");
    let deadlock = tests
        .iter()
        .find(|t| t["method"] == "lockOrderDeadlock")
        .expect("deadlock test");
    assert_eq!(
        deadlock["report"]["errors"][0]["property"],
        "gov.nasa.jpf.vm.NotDeadlockedProperty"
    );
}
