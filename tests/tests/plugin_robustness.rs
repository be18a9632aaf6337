//! Bad plugins and the researcher's template: a panicking listener ends the run with exit
//! status 4 and the report written; libraries built against another plugin ABI are refused
//! with a clear message; and `plugins/example-listener/`, copied out of the tree, changed and
//! built with `cargo build --release`, loads through `plugin.path`.
//!
//! The fixture libraries (`tests/fixtures/`) and the copied template are built here, into
//! `target/fixtures/`, with the same cargo that runs the tests.

use std::path::Path;
use std::sync::OnceLock;

use rpf_tests::{
    assert_failed, cargo_build, compile_programs, fixture, fixture_target, fixtures, rpf_binary,
    run, workspace, RunResult,
};
use tempfile::TempDir;

/// The plugin test programs.
fn classes() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| compile_programs(&["tests/java/plugins"], &[]))
        .path()
}

fn rpf(settings: &[&str]) -> RunResult {
    let cp = classes().display().to_string();
    let mut args = vec!["-cp", &cp, "Choices", "+report.progress=0"];
    args.extend_from_slice(settings);
    run(&rpf_binary(), &args, None)
}

#[test]
fn a_panicking_listener_ends_the_run_with_exit_4_and_the_report_written() {
    let path = format!("+plugin.path={}", fixture("components"));
    let dir = tempfile::tempdir().expect("tempdir");
    let json = dir.path().join("report.json");
    let json_setting = format!("+report.json.file={}", json.display());
    let out = rpf(&[
        &path,
        "+listener=fixture.Panicker",
        "+panicker.at=StateAdvanced",
        &json_setting,
    ]);
    assert_eq!(out.status, Some(4), "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("plugin fixture.Panicker")
            && out.stderr.contains("fixture panics on StateAdvanced"),
        "{}",
        out.stderr
    );
    assert!(
        out.stdout
            .contains("internal error: plugin fixture.Panicker"),
        "{}",
        out.stdout
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("report written"))
            .expect("JSON");
    assert_eq!(report["plugin_failure"]["component"], "fixture.Panicker");
    assert!(report["statistics"]["states_new"].as_u64().unwrap_or(0) >= 1);
}

#[test]
fn a_listener_panicking_in_its_constructor_is_an_internal_error() {
    let path = format!("+plugin.path={}", fixture("components"));
    let out = rpf(&[&path, "+listener=fixture.Panicker", "+panicker.at=new"]);
    assert_failed(&out, 4, &["fixture panics while being created"]);
}

#[test]
fn a_plugin_of_another_abi_version_is_refused() {
    let path = format!("+plugin.path={}", fixture("stale_abi"));
    let out = rpf(&[&path, "+listener=anything"]);
    assert_failed(
        &out,
        2,
        &["built against another rpf plugin API", "ABI version is"],
    );
}

#[test]
fn a_plugin_with_another_interface_layout_is_refused() {
    let path = format!("+plugin.path={}", fixture("foreign_abi"));
    let out = rpf(&[&path, "+listener=anything"]);
    assert_failed(&out, 2, &["built against another rpf plugin API"]);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

#[test]
fn refused_libraries_in_a_directory_are_skipped_and_named_when_a_component_is_missing() {
    let path = format!("+plugin.path={}", fixtures().display());
    let works = rpf(&[&path, "+listener=rpf.EventCounter"]);
    assert_eq!(works.status, Some(0), "{}", works.stderr);
    assert!(
        works.stderr.contains("skipped"),
        "a warning names them: {}",
        works.stderr
    );
    let missing = rpf(&[&path, "+listener=no.Such"]);
    assert_failed(&missing, 2, &["refused", "stale_abi"]);
}

#[test]
fn the_template_builds_out_of_the_tree_and_loads_from_plugin_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("my-listener");
    let template = workspace().join("plugins/example-listener");
    std::fs::create_dir_all(copy.join("src")).expect("mkdir");
    for file in ["Cargo.toml", "README.md", "src/lib.rs"] {
        std::fs::copy(template.join(file), copy.join(file)).expect("copy template");
    }
    // What the template's README tells a researcher to do: point the plugin-api path at the
    // rpf checkout; then change the plugin.
    let api = workspace().join("plugin-api").display().to_string();
    let manifest = std::fs::read_to_string(copy.join("Cargo.toml")).expect("manifest");
    assert!(manifest.contains("../../plugin-api"), "{manifest}");
    std::fs::write(
        copy.join("Cargo.toml"),
        manifest
            .replace("../../plugin-api", &api)
            .replace("name = \"example-listener\"", "name = \"my-listener\""),
    )
    .expect("write manifest");
    let source = std::fs::read_to_string(copy.join("src/lib.rs")).expect("source");
    std::fs::write(
        copy.join("src/lib.rs"),
        source.replace("\"example-listener: ", "\"my-listener: "),
    )
    .expect("write source");
    std::fs::copy(workspace().join("Cargo.lock"), copy.join("Cargo.lock")).expect("copy lock");
    cargo_build(&copy);
    let path = format!(
        "+plugin.path={}",
        fixture_target().join("release").display()
    );
    let out = rpf(&[&path, "+listener=example.Counter"]);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.contains("my-listener: "),
        "the changed copy ran:\n{}",
        out.stdout
    );
}

/// Runs `Choices2` with the fixture bytecode factory and settings; the run and its report.
fn chooser(settings: &[&str]) -> (RunResult, serde_json::Value) {
    let path = format!("+plugin.path={}", fixture("components"));
    let mut all = vec![
        path.as_str(),
        "+vm.insn_factory.class=fixture.Chooser",
        "+chooser.probe=42",
    ];
    all.extend_from_slice(settings);
    rpf_tests::check_with_report(classes(), "Choices2", &all)
}

fn outcomes(out: &RunResult) -> std::collections::BTreeSet<&str> {
    out.stdout
        .lines()
        .filter_map(|l| l.strip_prefix("OUTCOME: "))
        .collect()
}

#[test]
fn a_bytecode_factory_registers_cascaded_choices_and_reads_them_back_by_id_and_type() {
    let (out, report) = chooser(&[]);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(
        outcomes(&out),
        ["11", "12", "21", "22"].into_iter().collect()
    );
    assert_eq!(report["statistics"]["data_choice_generators"], 2);
}

#[test]
fn plugins_prune_states_break_transitions_and_end_the_search() {
    let (plain, plain_report) = chooser(&[]);
    let (pruned, report) = chooser(&["+chooser.ignore=22"]);
    assert_eq!(pruned.status, Some(0), "{}", pruned.stderr);
    assert_eq!(report["statistics"]["pruned"], 1);
    let (broken, broken_report) = chooser(&["+chooser.break=true"]);
    assert_eq!(outcomes(&broken), outcomes(&plain));
    let transitions = |r: &serde_json::Value| r["statistics"]["transitions"].as_u64().unwrap_or(0);
    assert_eq!(transitions(&broken_report), transitions(&plain_report) + 4);
    let (ended, report) = chooser(&["+chooser.end=true"]);
    assert_eq!(ended.status, Some(3), "{}", ended.stdout);
    assert_eq!(report["result"], "incomplete");
}
