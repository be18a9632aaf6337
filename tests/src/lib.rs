//! Shared helpers for rpf's end-to-end tests: locating the JDK and the `rpf` binary,
//! compiling Java test programs with `javac`, and running programs under `java` and `rpf`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

/// How long one program may run before the test gives up on it.
pub const PROGRAM_TIMEOUT: Duration = Duration::from_secs(120);

/// The root of the workspace.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ lives in the workspace")
        .to_path_buf()
}

/// Path of a JDK tool: `$JAVA_HOME/bin/<tool>` if set, else the tool on `PATH`.
pub fn jdk_tool(tool: &str) -> PathBuf {
    if let Some(home) = std::env::var_os("JAVA_HOME") {
        let candidate = PathBuf::from(home).join("bin").join(tool);
        if candidate.is_file() {
            return candidate;
        }
    }
    PathBuf::from(tool)
}

/// The `rpf` binary built alongside these tests (same profile).
pub fn rpf_binary() -> PathBuf {
    let path = assert_cmd::cargo::cargo_bin("rpf");
    assert!(
        path.is_file(),
        "the rpf binary is missing at {}; run the tests with `cargo test --workspace` so that it is built",
        path.display()
    );
    path
}

/// A command running the `rpf` binary (see [`rpf_binary`]).
pub fn rpf() -> assert_cmd::Command {
    assert_cmd::Command::new(rpf_binary())
}

/// Where fixture plugin and template builds go (shared, so dependencies build once).
pub fn fixture_target() -> PathBuf {
    workspace().join("target").join("fixtures")
}

/// Runs `cargo build --release` in `dir` into [`fixture_target`]; panics with cargo's
/// output on failure.
pub fn cargo_build(dir: &Path) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["build", "--release", "--quiet"])
        .env("CARGO_TARGET_DIR", fixture_target())
        .current_dir(dir)
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "cargo build in {} failed:\n{}",
        dir.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The directory of the fixture plugin libraries (`tests/fixtures/`), built once per test
/// process.
pub fn fixtures() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        cargo_build(&workspace().join("tests/fixtures"));
        fixture_target().join("release")
    })
}

/// The path of fixture library `name` (`components`, `stale_abi`, ...), built once.
pub fn fixture(name: &str) -> String {
    let file = format!(
        "{}rpf_fixture_{name}.{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_EXTENSION
    );
    fixtures().join(file).display().to_string()
}

/// Compiles `sources` into `out` with extra javac options; panics with javac's output on error.
pub fn javac(sources: &[PathBuf], out: &Path, options: &[&str]) {
    std::fs::create_dir_all(out).expect("create javac output directory");
    let output = Command::new(jdk_tool("javac"))
        .args(["-encoding", "UTF-8", "-nowarn", "-d"])
        .arg(out)
        .args(options)
        .args(sources)
        .output()
        .expect("run javac (is a JDK installed?)");
    assert!(
        output.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The `.java` files directly in `dir`, sorted.
pub fn java_sources(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "java"))
        .collect();
    files.sort();
    files
}

/// What a program run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunResult {
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
    /// Exit status (`None` if killed by a signal or timed out).
    pub status: Option<i32>,
}

impl RunResult {
    /// The first line of stderr (the uncaught-exception line, when there is one).
    pub fn stderr_first_line(&self) -> &str {
        self.stderr.lines().next().unwrap_or("")
    }
}

/// Runs a command with the program timeout.
pub fn run(program: &Path, args: &[&str], dir: Option<&Path>) -> RunResult {
    let mut cmd = assert_cmd::Command::new(program);
    cmd.args(args).timeout(PROGRAM_TIMEOUT);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let output = cmd.output().expect("run program");
    RunResult {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code(),
    }
}

/// Runs `main_class` with `java -ea`.
pub fn run_java(classpath: &Path, main_class: &str) -> RunResult {
    let cp = classpath.display().to_string();
    run(&jdk_tool("java"), &["-ea", "-cp", &cp, main_class], None)
}

/// Runs `main_class` with `rpf run`.
pub fn run_rpf(classpath: &Path, main_class: &str) -> RunResult {
    let cp = classpath.display().to_string();
    run(&rpf_binary(), &["run", "-cp", &cp, main_class], None)
}

/// Compares a `java` run with an `rpf run` of the same program; `None` if they agree.
pub fn difference(name: &str, java: &RunResult, rpf: &RunResult) -> Option<String> {
    let mut problems = Vec::new();
    if java.status != rpf.status {
        problems.push(format!(
            "exit status: java {:?}, rpf {:?}",
            java.status, rpf.status
        ));
    }
    if java.stderr_first_line() != rpf.stderr_first_line() {
        problems.push(format!(
            "stderr first line:\n  java: {}\n  rpf:  {}",
            java.stderr_first_line(),
            rpf.stderr_first_line()
        ));
    }
    if java.stdout != rpf.stdout {
        let first = java
            .stdout
            .lines()
            .zip(rpf.stdout.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| java.stdout.lines().count().min(rpf.stdout.lines().count()));
        problems.push(format!(
            "stdout differs at line {}:\n  java: {:?}\n  rpf:  {:?}",
            first + 1,
            java.stdout.lines().nth(first),
            rpf.stdout.lines().nth(first)
        ));
    }
    if problems.is_empty() {
        None
    } else {
        if !rpf.stderr.is_empty() && rpf.stderr != java.stderr {
            let tail: Vec<&str> = rpf.stderr.lines().take(12).collect();
            problems.push(format!("rpf stderr:\n    {}", tail.join("\n    ")));
        }
        Some(format!("{name}:\n  {}", problems.join("\n  ")))
    }
}

/// Compiles the Java programs directly in `dirs` (paths relative to the workspace) against
/// rpf's `Verify` API into a new temporary directory.
pub fn compile_programs(dirs: &[&str], extra_options: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let api = workspace().join("host/models/api").display().to_string();
    let sources: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| java_sources(&workspace().join(d)))
        .collect();
    let mut options = extra_options.to_vec();
    options.extend(["-sourcepath", &api]);
    javac(&sources, dir.path(), &options);
    dir
}

/// Model checks `main` from `classpath` with settings; the run and its JSON report.
pub fn check_with_report(
    classpath: &Path,
    main: &str,
    settings: &[&str],
) -> (RunResult, serde_json::Value) {
    let out = tempfile::tempdir().expect("tempdir");
    let json = out.path().join("report.json");
    let cp = classpath.display().to_string();
    let json_setting = format!("+report.json.file={}", json.display());
    let mut args = vec!["-cp", &cp, main, "+report.progress=0", &json_setting];
    args.extend_from_slice(settings);
    let result = run(&rpf_binary(), &args, None);
    let text = std::fs::read_to_string(&json).unwrap_or_else(|e| {
        panic!(
            "no JSON report ({e}); exit {:?}, stdout: {}\nstderr: {}",
            result.status, result.stdout, result.stderr
        )
    });
    (result, serde_json::from_str(&text).expect("report is JSON"))
}

/// The number of distinct states a JSON report counts.
pub fn states_new(report: &serde_json::Value) -> u64 {
    report["statistics"]["states_new"]
        .as_u64()
        .expect("states_new")
}

/// Asserts that a run ended with `status` and that its stderr says each of `needles`.
pub fn assert_failed(out: &RunResult, status: i32, needles: &[&str]) {
    assert_eq!(out.status, Some(status), "stderr: {}", out.stderr);
    for needle in needles {
        assert!(
            out.stderr.contains(needle),
            "\"{needle}\" missing from stderr: {}",
            out.stderr
        );
    }
}
