//! The symbolic-execution corpus: every program under `tests/java/symbolic/` reads its
//! inputs from `Verifier.nondet*()` and declares its verdict and its exact number of
//! feasible paths (Java semantics: wrap-around, masked shifts, truncating division). rpf
//! runs each with no configuration (the inputs make it symbolic), must reach the verdict
//! with every path explored, and the inputs it reports for a violation must cause that
//! violation on the real JVM.

use std::path::Path;

use rpf_tests::{
    check_with_report, compile_programs, java_sources, javac, jdk_tool, run, workspace,
};

/// A directive of a program's header.
fn directive(source: &Path, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(source).expect("read source");
    text.lines().find_map(|l| {
        l.trim()
            .strip_prefix(&format!("// {name}:"))
            .map(|v| v.trim().to_string())
    })
}

/// The verdict of a JSON report as the headers write it.
fn verdict(report: &serde_json::Value) -> String {
    match report["result"].as_str().unwrap_or_default() {
        "no_violation" => "none".into(),
        "violation" => {
            let error = &report["errors"][0];
            match error["kind"].as_str().unwrap_or_default() {
                "exception" => format!(
                    "exception:{}",
                    error["exception_class"]
                        .as_str()
                        .unwrap_or_default()
                        .replace('/', ".")
                ),
                other => other.to_string(),
            }
        }
        other => other.to_string(),
    }
}

/// The input values of a reported error, in call order (`name = value  (origin)` lines).
fn input_values(error: &serde_json::Value) -> Vec<String> {
    error["inputs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|line| {
            let line = line.as_str()?;
            let (_, rest) = line.split_once(" = ")?;
            rest.split_whitespace().next().map(String::from)
        })
        .collect()
}

#[test]
fn symbolic_corpus_verdicts_paths_and_replayed_inputs() {
    let classes = compile_programs(&["tests/java/symbolic"], &[]);
    let replay = tempfile::tempdir().expect("tempdir");
    javac(
        &java_sources(&workspace().join("tests/java/symbolic/replay/org/sosy_lab/sv_benchmarks")),
        replay.path(),
        &[],
    );
    let sources = java_sources(&workspace().join("tests/java/symbolic"));
    assert!(sources.len() >= 15, "the corpus is there");
    let mut problems = Vec::new();
    for source in &sources {
        let name = source.file_stem().unwrap().to_string_lossy().to_string();
        let expected = directive(source, "rpf-expect").expect("rpf-expect");
        let paths: u64 = directive(source, "rpf-paths")
            .expect("rpf-paths")
            .parse()
            .expect("a number of paths");
        let (out, report) =
            check_with_report(classes.path(), &name, &["+search.multiple_errors=true"]);
        let got = verdict(&report);
        if got != expected {
            problems.push(format!(
                "{name}: verdict {got} ({}), expected {expected}",
                report["stop_reason"]
            ));
            continue;
        }
        let errors = report["errors"].as_array().map_or(0, Vec::len) as u64;
        let ends = report["statistics"]["states_end"].as_u64().unwrap_or(0);
        if ends + errors != paths {
            problems.push(format!(
                "{name}: {ends} paths ended and {errors} violated, expected {paths} paths"
            ));
        }
        let status = if expected == "none" { 0 } else { 1 };
        if out.status != Some(status) {
            problems.push(format!("{name}: exit {:?}, expected {status}", out.status));
        }
        for error in report["errors"].as_array().into_iter().flatten() {
            // The reported inputs, replayed by java: the same violation.
            let inputs = input_values(error).join(" ");
            let cp = format!("{}:{}", replay.path().display(), classes.path().display());
            let java = run(
                &jdk_tool("java"),
                &["-ea", &format!("-Drpf.inputs={inputs}"), "-cp", &cp, &name],
                None,
            );
            let thrown = match expected.strip_prefix("exception:") {
                Some(class) => class.to_string(),
                None => "java.lang.AssertionError".to_string(),
            };
            let needle = format!("Exception in thread \"main\" {thrown}");
            if java.status != Some(1) || !java.stderr.contains(&needle) {
                problems.push(format!(
                    "{name}: java with the reported inputs [{inputs}] exits {:?}: {}",
                    java.status,
                    java.stderr.lines().next().unwrap_or_default()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn an_overflow_counterexample_names_the_input_and_the_path_condition() {
    let classes = compile_programs(&["tests/java/symbolic"], &[]);
    let (out, report) = check_with_report(classes.path(), "IntOverflowAssert", &[]);
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(input_values(error), ["2147483647"]);
    let lines: Vec<&str> = error["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l.as_str())
        .collect();
    assert!(
        lines[0].contains("Verifier.nondetInt() at IntOverflowAssert.main(IntOverflowAssert.java:"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("path condition: "), "{lines:?}");
    assert!(
        out.stdout.contains("inputs:\n\tnondetInt_0 = 2147483647"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_float_remainder_z3_cannot_afford_is_concretized_and_the_run_incomplete() {
    // `x % 3.0`: Z3 decides `fp.rem` only by powers of two in reasonable time, so the
    // dividend becomes one value, and the run, which finds no violation (`x % 3.0` is in
    // (-3, 0] for every negative x), says it is incomplete.
    let src = tempfile::tempdir().expect("tempdir");
    let source = src.path().join("RemainderByThree.java");
    std::fs::write(
        &source,
        "import org.sosy_lab.sv_benchmarks.Verifier;\n\
         public class RemainderByThree {\n\
             public static void main(String[] args) {\n\
                 double x = Verifier.nondetDouble();\n\
                 if (x < 0.0 && x > -10.0) {\n\
                     assert x % 3.0 > -3.0;\n\
                 }\n\
             }\n\
         }\n",
    )
    .expect("write source");
    let classes = tempfile::tempdir().expect("tempdir");
    let api = workspace().join("host/models/api").display().to_string();
    javac(&[source], classes.path(), &["-sourcepath", &api]);
    let (out, report) = check_with_report(classes.path(), "RemainderByThree", &[]);
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert_eq!(out.status, Some(3), "{reason}\n{}", out.stdout);
    assert_eq!(report["result"], "incomplete");
    assert!(
        reason.contains(
            "a floating-point % by 3.0: its dividend (nondetDouble_0) was concretized to "
        ),
        "{reason}"
    );
}
