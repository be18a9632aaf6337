//! Command-line behaviour of the `rpf` binary: help, usage errors and exit codes.

use rpf_tests::rpf;

#[test]
fn help_documents_run_and_exit_codes() {
    let out = rpf().arg("--help").output().expect("run rpf");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("run"), "{text}");
    assert!(text.contains("Exit status"), "{text}");
    assert!(text.contains("rpf keys"), "{text}");
}

#[test]
fn keys_lists_every_key_with_type_range_and_default() {
    let out = rpf().arg("keys").output().expect("run rpf");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for key in rpf_config::keys::ALL {
        assert!(text.contains(&format!("\n{}\n", key.name())), "{text}");
    }
    assert!(
        text.contains("vm.max_transition\n    count, at least 1000; default: 5000000\n"),
        "{text}"
    );
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
