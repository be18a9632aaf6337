//! Command-line behaviour of the `rpf` binary: help, usage errors and exit codes.

use assert_cmd::Command;

fn rpf() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rpf"))
}

#[test]
fn help_documents_run_and_exit_codes() {
    let out = rpf().arg("--help").output().expect("run rpf");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("run"), "{text}");
    assert!(text.contains("Exit status"), "{text}");
}

#[test]
fn missing_target_is_a_usage_error() {
    rpf().arg("run").assert().code(2);
    rpf().assert().code(2);
}

#[test]
fn unknown_option_is_a_usage_error() {
    rpf().args(["run", "--no-such-option"]).assert().code(2);
}
