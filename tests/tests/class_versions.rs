//! Classes compiled by javac for Java 8, 11, 17 and 21 (class file majors 52, 55, 61, 65) load
//! and run under `rpf run` with the same results as on the JVM, and what older class files
//! do differently (private methods called with `invokespecial`) is checked as well.

use std::path::{Path, PathBuf};

use rpf_tests::{check_with_report, difference, javac, run_java, run_rpf, workspace};

fn versions_dir() -> PathBuf {
    workspace().join("tests/java/versions")
}

fn major_version(class: &Path) -> u16 {
    let bytes = std::fs::read(class).expect("read class");
    u16::from_be_bytes([bytes[6], bytes[7]])
}

/// A javac that can target Java 21: `RPF_JAVAC21`, else a newer JDK under /usr/lib/jvm.
fn javac21() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("RPF_JAVAC21") {
        return Some(PathBuf::from(p));
    }
    let mut candidates: Vec<PathBuf> = std::fs::read_dir("/usr/lib/jvm")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin/javac"))
        .filter(|p| p.is_file())
        .collect();
    candidates.sort();
    candidates.into_iter().find(|javac| {
        std::process::Command::new(javac)
            .args(["--release", "21", "-version"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

#[test]
fn java_8_11_and_17_class_files_run_like_on_the_jvm() {
    let src = versions_dir();
    let reference = tempfile::tempdir().expect("tempdir");
    javac(
        &[src.join("Classic.java"), src.join("Modern.java")],
        reference.path(),
        &[],
    );
    let expected_classic = run_java(reference.path(), "Classic");
    let expected_modern = run_java(reference.path(), "Modern");
    let mut failures = Vec::new();
    for (release, major) in [("8", 52), ("11", 55), ("17", 61)] {
        let out = tempfile::tempdir().expect("tempdir");
        javac(
            &[src.join("Classic.java")],
            out.path(),
            &["--release", release],
        );
        assert_eq!(major_version(&out.path().join("Classic.class")), major);
        if let Some(d) = difference(
            &format!("Classic --release {release}"),
            &expected_classic,
            &run_rpf(out.path(), "Classic"),
        ) {
            failures.push(d);
        }
    }
    let out = tempfile::tempdir().expect("tempdir");
    javac(&[src.join("Modern.java")], out.path(), &["--release", "17"]);
    if let Some(d) = difference(
        "Modern --release 17",
        &expected_modern,
        &run_rpf(out.path(), "Modern"),
    ) {
        failures.push(d);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn java_21_class_files_with_pattern_switches_run() {
    let Some(javac) = javac21() else {
        eprintln!("no javac for --release 21 found (set RPF_JAVAC21); checking the expected output file only");
        assert!(versions_dir().join("Patterns.expected").is_file());
        return;
    };
    let src = versions_dir();
    let out = tempfile::tempdir().expect("tempdir");
    let status = std::process::Command::new(&javac)
        .args(["--release", "21", "-nowarn", "-d"])
        .arg(out.path())
        .args([
            src.join("Classic.java"),
            src.join("Modern.java"),
            src.join("Patterns.java"),
        ])
        .status()
        .expect("run javac 21");
    assert!(status.success());
    assert_eq!(major_version(&out.path().join("Patterns.class")), 65);
    let rpf = run_rpf(out.path(), "Patterns");
    let expected = std::fs::read_to_string(src.join("Patterns.expected")).expect("expected output");
    assert_eq!(rpf.status, Some(0), "{}", rpf.stderr);
    assert_eq!(rpf.stdout, expected);
    let reference = tempfile::tempdir().expect("tempdir");
    rpf_tests::javac(
        &[src.join("Classic.java"), src.join("Modern.java")],
        reference.path(),
        &[],
    );
    for name in ["Classic", "Modern"] {
        let java = run_java(reference.path(), name);
        if let Some(d) = difference(
            &format!("{name} --release 21"),
            &java,
            &run_rpf(out.path(), name),
        ) {
            panic!("{d}");
        }
    }
}

/// A private method called on null through a call site already used with real receivers:
/// `invokespecial` in a class file for Java 8, `invokevirtual` in one for Java 17. Both throw
/// the JVM's NullPointerException under `rpf run`, and the checker reports the uncaught one
/// (a cached `invokespecial` once called the method with a null receiver: no exception, and
/// "no errors detected").
#[test]
fn a_private_method_called_on_null_throws_in_every_class_file_version() {
    let src = versions_dir().join("PrivateOnNull.java");
    let reference = tempfile::tempdir().expect("tempdir");
    javac(std::slice::from_ref(&src), reference.path(), &[]);
    let java = run_java(reference.path(), "PrivateOnNull");
    assert_eq!(java.status, Some(1), "{}", java.stderr);
    for release in ["8", "17"] {
        let out = tempfile::tempdir().expect("tempdir");
        javac(
            std::slice::from_ref(&src),
            out.path(),
            &["--release", release],
        );
        let name = format!("PrivateOnNull --release {release}");
        if let Some(d) = difference(&name, &java, &run_rpf(out.path(), "PrivateOnNull")) {
            panic!("{d}");
        }
        let (run, report) = check_with_report(out.path(), "PrivateOnNull", &[]);
        assert_eq!(run.status, Some(1), "{name}: {}", run.stderr);
        assert_eq!(report["result"], "violation", "{name}: {report}");
        let error = &report["errors"][0];
        assert_eq!(error["kind"], "exception", "{name}: {report}");
        assert_eq!(
            error["exception_class"], "java.lang.NullPointerException",
            "{name}: {report}"
        );
    }
}
