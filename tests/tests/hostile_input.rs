//! Bad input gets a clear one-paragraph error and exit status 2, never a panic: broken class
//! files, missing classes, bad configuration, a missing JDK, unreadable files.

use std::path::{Path, PathBuf};
use std::process::Command as Std;

use rpf_tests::{jdk_tool, rpf};

/// Compiles a tiny program into `dir` and returns the class file path.
fn compile_hello(dir: &Path) -> PathBuf {
    let src = dir.join("Hello.java");
    std::fs::write(&src, "public class Hello { public static void main(String[] a) { System.out.println(\"hi\"); } }")
        .expect("write source");
    let ok = Std::new(jdk_tool("javac"))
        .arg("-d")
        .arg(dir)
        .arg(&src)
        .status()
        .expect("javac");
    assert!(ok.success());
    dir.join("Hello.class")
}

/// Runs rpf and returns (status, stderr); asserts no panic text.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = rpf().args(args).output().expect("run rpf");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "rpf panicked: {stderr}");
    assert!(
        !stderr.contains("internal error"),
        "rpf failed internally: {stderr}"
    );
    (out.status.code(), stderr)
}

#[test]
fn truncated_main_class_names_file_and_problem() {
    let dir = tempfile::tempdir().expect("tempdir");
    let class = compile_hello(dir.path());
    let bytes = std::fs::read(&class).expect("read class");
    std::fs::write(&class, &bytes[..bytes.len() / 2]).expect("truncate");
    let cp = dir.path().display().to_string();
    let (status, err) = run(&["run", "-cp", &cp, "Hello"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("Hello.class"), "{err}");
    assert!(
        err.contains("truncated") || err.contains("malformed"),
        "{err}"
    );
}

#[test]
fn corrupted_magic_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let class = compile_hello(dir.path());
    let mut bytes = std::fs::read(&class).expect("read class");
    bytes[0] = 0;
    std::fs::write(&class, &bytes).expect("write");
    let cp = dir.path().display().to_string();
    let (status, err) = run(&["run", "-cp", &cp, "Hello"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("magic"), "{err}");
}

#[test]
fn missing_main_class_is_an_input_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = dir.path().display().to_string();
    let (status, err) = run(&["run", "-cp", &cp, "NoSuchClass"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("NoSuchClass"), "{err}");
    assert!(err.contains("ClassNotFoundException"), "{err}");
}

#[test]
fn class_without_main_is_an_input_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let src = dir.path().join("NoMain.java");
    std::fs::write(&src, "public class NoMain { }").expect("write");
    assert!(Std::new(jdk_tool("javac"))
        .arg("-d")
        .arg(dir.path())
        .arg(&src)
        .status()
        .expect("javac")
        .success());
    let cp = dir.path().display().to_string();
    let (status, err) = run(&["run", "-cp", &cp, "NoMain"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("main method not found"), "{err}");
}

#[test]
fn garbage_jar_on_the_class_path_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jar = dir.path().join("broken.jar");
    std::fs::write(&jar, b"this is not a zip file").expect("write");
    let (status, err) = run(&["run", "-cp", &jar.display().to_string(), "Hello"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("broken.jar") && err.contains("jar"), "{err}");
}

#[test]
fn ill_typed_config_value_names_key_value_file_and_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile_hello(dir.path());
    let jpf = dir.path().join("app.jpf");
    std::fs::write(
        &jpf,
        "target=Hello\nclasspath=${config_path}\n\nvm.max_stack_depth = ten\n",
    )
    .expect("write");
    let (status, err) = run(&["run", &jpf.display().to_string()]);
    assert_eq!(status, Some(2));
    assert!(
        err.contains("vm.max_stack_depth: expected a non-negative integer, got \"ten\""),
        "{err}"
    );
    assert!(err.contains("app.jpf line 4"), "{err}");
}

#[test]
fn out_of_range_value_names_key_value_range_and_origin() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile_hello(dir.path());
    let jpf = dir.path().join("app.jpf");
    std::fs::write(
        &jpf,
        "target=Hello\nclasspath=${config_path}\nvm.max_transition = 999\n",
    )
    .expect("write");
    let jpf = jpf.display().to_string();
    for command in [&["run", &jpf][..], &[&jpf]] {
        let (status, err) = run(command);
        assert_eq!(status, Some(2), "{command:?}: {err}");
        assert!(
            err.contains("vm.max_transition: 999 is out of range, allowed: at least 1000 (")
                && err.contains("app.jpf line 3)"),
            "{command:?}: {err}"
        );
    }
    for workers in ["0", "100000"] {
        let setting = format!("+search.workers={workers}");
        let (status, err) = run(&[&jpf, "+vm.max_transition=1000", &setting]);
        assert_eq!(status, Some(2), "{err}");
        assert!(
            err.contains(&format!(
                "search.workers: {workers} is out of range, allowed: 1 to 128, or auto (command line)"
            )),
            "{err}"
        );
    }
}

#[test]
fn a_file_of_doubling_references_is_refused_without_exhausting_memory() {
    let dir = tempfile::tempdir().expect("tempdir");
    compile_hello(dir.path());
    let mut text = format!("k0 = {}\n", "x".repeat(64));
    for i in 1..=32 {
        text.push_str(&format!("k{i} = ${{k{}}}${{k{}}}\n", i - 1, i - 1));
    }
    text.push_str("target = Hello\nclasspath = ${config_path}\n");
    let jpf = dir.path().join("bomb.jpf");
    std::fs::write(&jpf, text).expect("write");
    let (status, err) = run(&[&jpf.display().to_string()]);
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("bomb.jpf line 16: expanding ${...} references makes the value longer than 1048576 bytes"),
        "{err}"
    );
}

#[test]
fn unknown_key_in_rpf_namespace_is_rejected_with_a_hint() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = compile_hello(dir.path())
        .parent()
        .expect("dir")
        .display()
        .to_string();
    let (status, err) = run(&["run", "-cp", &cp, "Hello", "+vm.asertions=false"]);
    assert_eq!(status, Some(2));
    assert!(
        err.contains("unknown configuration key \"vm.asertions\""),
        "{err}"
    );
    assert!(err.contains("did you mean \"vm.assertions\""), "{err}");
}

#[test]
fn missing_properties_file_is_reported() {
    let (status, err) = run(&["run", "/nonexistent/dir/app.jpf"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("/nonexistent/dir/app.jpf"), "{err}");
}

#[test]
fn unreadable_include_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let jpf = dir.path().join("app.jpf");
    std::fs::write(&jpf, "@include=missing.jpf\ntarget=Hello\n").expect("write");
    let (status, err) = run(&["run", &jpf.display().to_string()]);
    assert_eq!(status, Some(2));
    assert!(err.contains("missing.jpf"), "{err}");
}

#[test]
fn bad_java_home_explains_what_is_missing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = compile_hello(dir.path())
        .parent()
        .expect("dir")
        .display()
        .to_string();
    let (status, err) = run(&["run", "-cp", &cp, "Hello", "+java.home=/nonexistent-jdk"]);
    assert_eq!(status, Some(2));
    assert!(
        err.contains("java.home=/nonexistent-jdk is not a JDK"),
        "{err}"
    );
}

#[test]
fn no_jdk_anywhere_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = compile_hello(dir.path())
        .parent()
        .expect("dir")
        .display()
        .to_string();
    let out = rpf()
        .args(["run", "-cp", &cp, "Hello"])
        .env_remove("JAVA_HOME")
        .env("PATH", "/nonexistent")
        .output()
        .expect("run rpf");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no JDK found"), "{err}");
}

#[test]
fn malformed_command_line_setting_is_a_usage_error() {
    let (status, err) = run(&["run", "+=oops", "Hello"]);
    assert_eq!(status, Some(2), "{err}");
}

#[test]
fn good_program_runs_after_all_that() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cp = compile_hello(dir.path())
        .parent()
        .expect("dir")
        .display()
        .to_string();
    rpf()
        .args(["run", "-cp", &cp, "Hello"])
        .assert()
        .success()
        .stdout("hi\n");
}
