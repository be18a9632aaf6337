//! jpf-core's `Verify` API beyond its choices (which the corpus covers), through the real
//! binary: printing, counters that survive backtracking, ending the search, the methods rpf
//! has no counterpart for (an `unsupported` stop naming the method, never a missing method),
//! the caller test, JPF's old assertion, logging and the heuristic hints.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{compile_programs, rpf_binary, run, RunResult};
use tempfile::TempDir;

fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/verify"], &[]))
        .path()
}

/// `rpf [run] -cp <classes> VerifyApi <mode>`.
fn verify_api(plain: bool, mode: &str) -> RunResult {
    let cp = classes().display().to_string();
    let mut args = if plain { vec!["run"] } else { vec![] };
    args.extend(["-cp", &cp, "VerifyApi", mode, "+report.progress=0"]);
    run(&rpf_binary(), &args, None)
}

#[test]
fn printing_goes_to_standard_output() {
    let out = verify_api(false, "print");
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("ab\nx : 3y : true\npqnull\nmain: t\nmatching=true jpf=true replay=false\n"),
        "{}",
        out.stdout
    );
    let out = verify_api(true, "print");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stdout
            .ends_with("matching=false jpf=true replay=false\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn counters_values_and_bit_sets_survive_backtracking() {
    let out = verify_api(false, "counters");
    assert_eq!(out.status, Some(0), "{}\n{}", out.stdout, out.stderr);
    let paths: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("PATH"))
        .collect();
    assert_eq!(
        paths,
        [
            "PATH x=0 c=1 previous=-1 bits=truefalsefalse",
            "PATH x=1 c=2 previous=0 bits=truetruefalse",
            "PATH x=2 c=3 previous=1 bits=truetruetrue",
        ]
    );
}

#[test]
fn terminate_search_ends_the_check_incomplete() {
    let out = verify_api(false, "terminate");
    assert_eq!(out.status, Some(3), "{}\n{}", out.stdout, out.stderr);
    let paths = out.stdout.lines().filter(|l| l.starts_with("PATH")).count();
    assert_eq!(paths, 3, "{}", out.stdout);
    assert!(
        out.stdout
            .contains("search finished: search ended by the program (Verify.terminateSearch)"),
        "{}",
        out.stdout
    );
    // Plain execution has no search to end: the one path runs to its end.
    let out = verify_api(true, "terminate");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, "PATH x=0\n");
}

#[test]
fn a_method_without_counterpart_is_unsupported_and_named() {
    let what =
        "gov.nasa.jpf.vm.Verify.printPathOutput(java.lang.String): rpf keeps no per-path output";
    let out = verify_api(false, "unsupported");
    assert_eq!(out.status, Some(3), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains(&format!("search finished: unsupported: {what}")),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("after"), "{}", out.stdout);
    let out = verify_api(true, "unsupported");
    assert_eq!(out.status, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.starts_with(&format!(
            "Exception in thread \"main\" java.lang.UnsupportedOperationException: {what}"
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn is_called_from_class_looks_at_the_callers_caller() {
    for plain in [false, true] {
        let out = verify_api(plain, "caller");
        assert_eq!(out.status, Some(0), "{}", out.stderr);
        assert!(
            out.stdout
                .contains("from main's class: true, from Other: false, from a subclass: true"),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn assert_true_fails_with_an_assertion_error() {
    let out = verify_api(false, "assert");
    assert_eq!(out.status, Some(1), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("the condition does not hold\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("java.lang.AssertionError: assertTrue failed"),
        "{}",
        out.stdout
    );
}

#[test]
fn log_messages_go_to_rpfs_diagnostics_by_level() {
    let out = verify_api(false, "log");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(out.stderr.contains("bad value 42 of x"), "{}", out.stderr);
    assert!(out.stderr.contains("app"), "{}", out.stderr);
    assert!(!out.stderr.contains("not shown"), "{}", out.stderr);
}

#[test]
fn hints_labels_and_stubs_change_nothing() {
    for plain in [false, true] {
        let out = verify_api(plain, "hints");
        assert_eq!(out.status, Some(0), "{}", out.stderr);
        assert!(
            out.stdout
                .contains("heuristic 5 then 0, randomObject null, time true"),
            "{}",
            out.stdout
        );
    }
}
