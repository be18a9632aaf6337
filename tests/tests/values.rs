//! The `rpf-plugin-values` listeners through the real binary: `rpf.NumericValueChecker`
//! (ranges of fields and local variables, NaN and infinity, its configuration errors, a
//! JPF-style `.jpf` file) and `rpf.StopWatchFuzzer` (time-dependent branches explored both
//! ways).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{assert_failed, check_with_report, compile_programs, rpf_binary, run, RunResult};
use serde_json::Value;
use tempfile::TempDir;

/// The programs of `tests/java/values`, compiled once with `-g` (locals need names).
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/values"], &["-g"]))
        .path()
}

/// Runs `rpf` on `main` with settings; the run and its JSON report.
fn check(main: &str, settings: &[&str]) -> (RunResult, Value) {
    check_with_report(classes(), main, settings)
}

/// The `OUTCOME: ` lines a run printed.
fn outcomes(run: &RunResult) -> BTreeSet<String> {
    run.stdout
        .lines()
        .filter_map(|l| l.strip_prefix("OUTCOME: ").map(str::to_string))
        .collect()
}

/// The message of the single numeric range violation a run found.
fn range_violation(main: &str, settings: &[&str]) -> String {
    let mut all = vec!["+listener=rpf.NumericValueChecker"];
    all.extend_from_slice(settings);
    let (run, report) = check(main, &all);
    assert_eq!(run.status, Some(1), "{}{}", run.stdout, run.stderr);
    let errors = report["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["kind"], "numeric_range");
    assert_eq!(errors[0]["property"], "rpf.NumericValueChecker");
    let message = errors[0]["message"].as_str().expect("message").to_string();
    assert!(run.stdout.contains(&message), "{}", run.stdout);
    message
}

/// Asserts that a run warned about no key being ignored.
fn assert_no_ignored_keys(run: &RunResult) {
    assert!(
        !run.stderr.contains("is ignored") && !run.stdout.contains("is ignored"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

const SOME_VARIABLE: &str = "NumericValueCheck.main(java.lang.String[]):someVariable";

#[test]
fn a_jpf_file_checks_a_local_variable_range() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = dir.path().join("NumericValueCheck.jpf");
    std::fs::write(
        &jpf,
        format!(
            "target = NumericValueCheck\nclasspath = {}\n\
             listener = .listener.NumericValueChecker\n\
             range.vars = 1\nrange.1.var = {SOME_VARIABLE}\n\
             range.1.min = 0\nrange.1.max = 42\n",
            classes().display()
        ),
    )
    .expect("write jpf");
    let out = run(&rpf_binary(), &[&jpf.display().to_string()], None);
    assert_eq!(out.status, Some(1), "{}{}", out.stdout, out.stderr);
    let expected = format!(
        "{SOME_VARIABLE} = 43 is out of range [0, 42] at NumericValueCheck.main(NumericValueCheck.java:12)"
    );
    assert!(out.stdout.contains(&expected), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("gov.nasa.jpf.listener.NumericValueChecker"),
        "{}",
        out.stdout
    );
    // The error state is the store's: the program does not run on to print its result.
    assert!(outcomes(&out).is_empty(), "{}", out.stdout);
    assert_no_ignored_keys(&out);
}

#[test]
fn values_inside_their_range_are_no_error() {
    let var = format!("+range.1.var={SOME_VARIABLE}");
    let (run, _) = check(
        "NumericValueCheck",
        &[
            "+listener=rpf.NumericValueChecker",
            "+range.vars=1",
            &var,
            "+range.1.min=0",
            "+range.1.max=43",
        ],
    );
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(outcomes(&run), BTreeSet::from(["43".to_string()]));
    assert_no_ignored_keys(&run);
}

#[test]
fn field_ranges_check_instance_and_static_fields() {
    assert_eq!(
        range_violation(
            "NumericFields",
            &[
                "+range.fields=alt",
                "+range.alt.field=NumericFields.altitude",
                "+range.alt.max=250",
            ],
        ),
        "NumericFields.altitude = 300 is out of range [-Infinity, 250] at NumericFields.main(NumericFields.java:10)"
    );
    assert_eq!(
        range_violation(
            "NumericFields",
            &[
                "+range.fields=speed",
                "+range.speed.field=*.velocity",
                "+range.speed.min=0",
                "+range.speed.max=5",
            ],
        ),
        "NumericFields.velocity = 7.5 is out of range [0, 5] at NumericFields.main(NumericFields.java:11)"
    );
}

#[test]
fn a_field_written_through_a_subclass_is_checked_at_its_first_store() {
    assert_eq!(
        range_violation(
            "InheritedField",
            &[
                "+range.fields=level",
                "+range.level.field=InheritedField$Base.level",
                "+range.level.max=10",
            ],
        ),
        "InheritedField$Base.level = 50 is out of range [-Infinity, 10] at InheritedField$Sub.raise(InheritedField.java:10)"
    );
}

#[test]
fn iinc_updates_of_a_checked_variable_are_checked() {
    assert_eq!(
        range_violation(
            "NumericFields",
            &[
                "+range.vars=s",
                "+range.s.var=NumericFields.main(*):step",
                "+range.s.max=2",
            ],
        ),
        "NumericFields.main(java.lang.String[]):step = 3 is out of range [-Infinity, 2] at NumericFields.main(NumericFields.java:9)"
    );
}

#[test]
fn nan_and_infinity_are_violations() {
    // A checked variable must be finite whatever its bounds.
    assert_eq!(
        range_violation(
            "NumericFields",
            &[
                "+range.vars=r",
                "+range.r.var=NumericFields.main(java.lang.String[]):ratio",
            ],
        ),
        "NumericFields.main(java.lang.String[]):ratio = Infinity is infinite at NumericFields.main(NumericFields.java:14)"
    );
    // range.check_nan: every floating-point store of the program, without a range spec.
    assert_eq!(
        range_violation("NumericFields", &["+range.check_nan=true"]),
        "NumericFields.main(java.lang.String[]):drift = NaN is not a number at NumericFields.main(NumericFields.java:13)"
    );
    let (run, _) = check("NumericFields", &["+listener=rpf.NumericValueChecker"]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(outcomes(&run), BTreeSet::from(["NaN Infinity".to_string()]));
}

#[test]
fn bad_range_settings_are_configuration_errors() {
    let cp = classes().display().to_string();
    for (settings, key) in [
        (
            &["+range.vars=1,2", "+range.1.var=NumericFields.main(*):step"][..],
            "range.2.var",
        ),
        (
            &["+range.fields=f", "+range.f.field=altitude"][..],
            "range.f.field",
        ),
        (
            &[
                "+range.fields=f",
                "+range.f.field=NumericFields.altitude",
                "+range.f.max=high",
            ][..],
            "range.f.max",
        ),
        (
            &[
                "+range.fields=f",
                "+range.f.field=NumericFields.altitude",
                "+range.f.min=10",
                "+range.f.max=1",
            ][..],
            "range.f.min: 10 is greater than range.f.max (1)",
        ),
        (
            &["+range.vars=v", "+range.v.var=NumericFields.main:step"][..],
            "range.v.var",
        ),
    ] {
        let mut args = vec![
            "-cp",
            &cp,
            "NumericFields",
            "+listener=rpf.NumericValueChecker",
        ];
        args.extend_from_slice(settings);
        let out = run(&rpf_binary(), &args, None);
        assert_failed(&out, 2, &[key, "rpf.NumericValueChecker"]);
    }
}

#[test]
fn without_the_fuzzer_the_clock_never_says_too_long() {
    let (run, _) = check("StopWatch", &[]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(outcomes(&run), BTreeSet::from(["in time 10".to_string()]));
    let (laps, _) = check("StopWatchLaps", &[]);
    assert_eq!(laps.status, Some(0), "{}{}", laps.stdout, laps.stderr);
    assert_eq!(outcomes(&laps), BTreeSet::from(["fast fast".to_string()]));
}

#[test]
fn the_fuzzer_finds_the_slow_path() {
    let (run, report) = check("StopWatch", &["+listener=.listener.StopWatchFuzzer"]);
    assert_eq!(run.status, Some(1), "{}{}", run.stdout, run.stderr);
    let e = &report["errors"][0];
    assert!(
        e["message"]
            .as_str()
            .unwrap_or("")
            .contains("java.lang.RuntimeException: took too long"),
        "{e}"
    );
    let fuzzer = &report["plugins"]["gov.nasa.jpf.listener.StopWatchFuzzer"];
    assert_eq!(fuzzer["fuzzed_sites"], 1, "{fuzzer}");
    assert_eq!(fuzzer["sites"][0], "StopWatch.main(StopWatch.java:16)");
    // The error trace replays the fuzzer's choice: its last transition starts with the
    // slow outcome and throws at line 17.
    let trace = e["trace"].as_array().expect("trace");
    let last = trace.last().expect("a transition");
    assert_eq!(last["choices"][0], "LCMP_fuzzer=1", "{last}");
    let lines: Vec<&str> = last["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|l| l["location"].as_str())
        .collect();
    assert_eq!(lines, ["StopWatch.java:16", "StopWatch.java:17"], "{last}");
    assert_no_ignored_keys(&run);
}

#[test]
fn the_fuzzer_explores_every_combination_of_two_timed_sections() {
    let (run, report) = check("StopWatchLaps", &["+listener=rpf.StopWatchFuzzer"]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    let want: BTreeSet<String> = ["fast fast", "fast slow", "slow fast", "slow slow"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(outcomes(&run), want, "{}", run.stdout);
    // The comparison of values that are no clock readings (line 29) is not fuzzed.
    let sites = &report["plugins"]["rpf.StopWatchFuzzer"]["sites"];
    assert_eq!(
        sites,
        &serde_json::json!([
            "StopWatchLaps.main(StopWatchLaps.java:24)",
            "StopWatchLaps.main(StopWatchLaps.java:28)",
        ]),
        "{report}"
    );
    assert!(
        run.stdout.contains("lcmp sites fuzzed: 2"),
        "{}",
        run.stdout
    );
}
