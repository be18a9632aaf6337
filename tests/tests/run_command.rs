//! `rpf run` configured from `.jpf` files and jar class paths, and `rpf api-jar`, end to end.

use std::path::Path;
use std::process::Command;

use rpf_tests::{javac, jdk_tool, rpf_binary, run, workspace};

fn compile(dir: &Path, name: &str, source: &str) {
    let src = dir.join(format!("{name}.java"));
    std::fs::write(&src, source).expect("write source");
    javac(&[src], dir, &[]);
}

const ECHO: &str = r#"
public class Echo {
    public static void main(String[] args) {
        System.out.println(args.length + " " + String.join("|", args));
        assert args.length > 100 : "assertions are on";
    }
}"#;

#[test]
fn jpf_file_supplies_target_args_and_class_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let classes = dir.path().join("classes");
    std::fs::create_dir_all(&classes).expect("mkdir");
    compile(&classes, "Echo", ECHO);
    let jpf = dir.path().join("app.jpf");
    std::fs::write(
        &jpf,
        "target = Echo\ntarget.args = a,b,c\nclasspath = ${config_path}/classes\n",
    )
    .expect("write jpf");
    let out = run(&rpf_binary(), &["run", &jpf.display().to_string()], None);
    assert_eq!(out.stdout, "3 a|b|c\n");
    assert_eq!(
        out.status,
        Some(1),
        "assertions are enabled by default: {}",
        out.stderr
    );
    assert!(
        out.stderr.starts_with(
            "Exception in thread \"main\" java.lang.AssertionError: assertions are on"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn relative_paths_in_a_jpf_file_resolve_against_its_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let project = dir.path().join("proj");
    let classes = project.join("classes");
    std::fs::create_dir_all(&classes).expect("mkdir");
    compile(&classes, "Echo", ECHO);
    std::fs::write(
        project.join("app.jpf"),
        "target = Echo\ntarget.args = a\nclasspath = classes\nplugin.path = no-such-plugins\n",
    )
    .expect("write jpf");
    // Run from a sibling directory, naming the file by a relative path.
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).expect("mkdir");
    let out = run(
        &rpf_binary(),
        &["run", "../proj/app.jpf", "+vm.assertions=false"],
        Some(&elsewhere),
    );
    assert_eq!(out.stdout, "1 a\n", "{}", out.stderr);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
}

#[test]
fn missing_plugin_path_entries_are_warned_about_without_colour_codes() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile(dir.path(), "Echo", ECHO);
    // A bare library name must not reach the dynamic loader's own search (which would find
    // the system's C library).
    let out = run(
        &rpf_binary(),
        &[
            "-cp",
            &dir.path().display().to_string(),
            "Echo",
            "+vm.assertions=false",
            "+plugin.path=libc.so.6",
            "+listener=rpf.ExecTracker",
        ],
        Some(dir.path()),
    );
    assert!(
        out.stderr
            .contains("plugin.path entry libc.so.6 does not exist; skipped"),
        "{}",
        out.stderr
    );
    assert!(
        !out.stderr.contains('\u{1b}'),
        "no ANSI codes in a file: {:?}",
        out.stderr
    );
    assert_eq!(
        out.status,
        Some(0),
        "the bundled listener is still found: {}",
        out.stderr
    );
}

#[test]
fn command_line_settings_override_the_jpf_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile(dir.path(), "Echo", ECHO);
    let jpf = dir.path().join("app.jpf");
    std::fs::write(
        &jpf,
        "target = Echo\ntarget.args = a,b\nclasspath = ${config_path}\n",
    )
    .expect("write jpf");
    let out = run(
        &rpf_binary(),
        &[
            "run",
            &jpf.display().to_string(),
            "+target.args=x",
            "+vm.assertions=false",
        ],
        None,
    );
    assert_eq!(out.stdout, "1 x\n");
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let out = run(
        &rpf_binary(),
        &["run", &jpf.display().to_string(), "p", "q"],
        None,
    );
    assert_eq!(
        out.stdout, "2 p|q\n",
        "program arguments after the .jpf replace target.args"
    );
}

#[test]
fn classes_load_from_jar_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let classes = dir.path().join("classes");
    std::fs::create_dir_all(&classes).expect("mkdir");
    compile(
        &classes,
        "JarMain",
        "public class JarMain { public static void main(String[] a) { System.out.println(new Helper().greet()); } }
         class Helper { String greet() { return \"from a jar\"; } }",
    );
    let jar = dir.path().join("app.jar");
    let status = Command::new(jdk_tool("jar"))
        .arg("cf")
        .arg(&jar)
        .arg("-C")
        .arg(&classes)
        .arg(".")
        .status()
        .expect("run jar");
    assert!(status.success());
    let out = run(
        &rpf_binary(),
        &["run", "-cp", &jar.display().to_string(), "JarMain"],
        None,
    );
    assert_eq!(out.stdout, "from a jar\n", "{}", out.stderr);
    assert_eq!(out.status, Some(0));
}

#[test]
fn exit_status_and_exception_line_match_java() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile(
        dir.path(),
        "Fail",
        "public class Fail { public static void main(String[] a) { System.out.println(\"before\"); if (a.length == 0) throw new IllegalStateException(\"boom\"); System.exit(7); } }",
    );
    let cp = dir.path().display().to_string();
    let out = run(&rpf_binary(), &["run", "-cp", &cp, "Fail"], None);
    assert_eq!(out.status, Some(1));
    assert_eq!(out.stdout, "before\n");
    let mut lines = out.stderr.lines();
    assert_eq!(
        lines.next(),
        Some("Exception in thread \"main\" java.lang.IllegalStateException: boom")
    );
    assert_eq!(lines.next(), Some("\tat Fail.main(Fail.java:1)"));
    let out = run(&rpf_binary(), &["run", "-cp", &cp, "Fail", "x"], None);
    assert_eq!(out.status, Some(7));
}

#[test]
fn a_class_missing_at_run_time_raises_no_class_def_found_error_like_java() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile(
        dir.path(),
        "UsesMissing",
        "public class UsesMissing { public static void main(String[] a) { System.out.println(\"start\"); System.out.println(Gone.value()); } }
         class Gone { static int value() { return 1; } }",
    );
    std::fs::remove_file(dir.path().join("Gone.class")).expect("delete Gone.class");
    let java = rpf_tests::run_java(dir.path(), "UsesMissing");
    let rpf = rpf_tests::run_rpf(dir.path(), "UsesMissing");
    assert_eq!(
        java.stderr_first_line(),
        "Exception in thread \"main\" java.lang.NoClassDefFoundError: Gone"
    );
    if let Some(d) = rpf_tests::difference("UsesMissing", &java, &rpf) {
        panic!("{d}");
    }
}

#[test]
fn the_api_jar_compiles_programs_that_use_verify() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jar = dir.path().join("api.jar");
    let out = run(
        &rpf_binary(),
        &["api-jar", &jar.display().to_string()],
        None,
    );
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.contains("gov.nasa.jpf.vm.Verify"),
        "{}",
        out.stdout
    );
    let classes = dir.path().join("classes");
    let source = workspace().join("tests/java/plugins/Choices.java");
    javac(&[source], &classes, &["-cp", &jar.display().to_string()]);
    let cp = classes.display().to_string();
    let check = run(
        &rpf_binary(),
        &["-cp", &cp, "Choices", "+report.progress=0"],
        None,
    );
    assert_eq!(check.status, Some(0), "{}", check.stderr);
    assert_eq!(
        check.stdout.matches("OUTCOME: ").count(),
        4,
        "{}",
        check.stdout
    );
}
