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
            if error["confirmed"] != true {
                problems.push(format!(
                    "{name}: rpf did not confirm its violation: {error}"
                ));
            }
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

/// Debian's junit5 package: the JUnit platform with the Jupiter engine in one jar.
const JUNIT: &str = "/usr/share/java/junit-platform-console-standalone.jar";

/// Model checks `main` with `symbolic.method=spec` (and `settings`), writing tests; the
/// JSON report and the directory of the generated tests.
fn analyse(
    classes: &Path,
    main: &str,
    spec: &str,
    settings: &[&str],
) -> (rpf_tests::RunResult, serde_json::Value, tempfile::TempDir) {
    let tests = tempfile::tempdir().expect("tempdir");
    let method = format!("+symbolic.method={spec}");
    let dir = format!("+symbolic.tests.dir={}", tests.path().display());
    let mut all = vec![method.as_str(), dir.as_str()];
    all.extend_from_slice(settings);
    let (out, report) = check_with_report(classes, main, &all);
    (out, report, tests)
}

/// Compiles the generated tests against the program and runs them with JUnit 5 on `java`:
/// (tests found, tests successful).
fn run_generated(classes: &Path, generated: &Path) -> (u64, u64) {
    assert!(
        Path::new(JUNIT).exists(),
        "{JUNIT} is missing: install Debian's junit5 package"
    );
    let sources: Vec<std::path::PathBuf> = java_sources(generated);
    assert!(!sources.is_empty(), "no tests were generated");
    let out = tempfile::tempdir().expect("tempdir");
    let cp = format!("{}:{JUNIT}", classes.display());
    javac(&sources, out.path(), &["-cp", &cp]);
    let run_cp = format!("{}:{}", classes.display(), out.path().display());
    let scan = out.path().display().to_string();
    let result = run(
        &jdk_tool("java"),
        &[
            "-jar",
            JUNIT,
            "-cp",
            &run_cp,
            "--scan-classpath",
            &scan,
            "--disable-banner",
            "--details=summary",
        ],
        None,
    );
    let count = |what: &str| {
        result
            .stdout
            .lines()
            .find(|l| l.contains(&format!("tests {what}")))
            .and_then(|l| {
                l.trim_start_matches('[')
                    .split_whitespace()
                    .next()?
                    .parse()
                    .ok()
            })
            .unwrap_or(0)
    };
    (count("found"), count("successful"))
}

/// The `plugins."rpf.Symbolic"` section of a report.
fn symbolic_section(report: &serde_json::Value) -> &serde_json::Value {
    &report["plugins"]["rpf.Symbolic"]
}

#[test]
fn method_level_paths_are_summarized_and_become_junit_tests_that_pass_on_java() {
    let classes = compile_programs(&["tests/java/symbolic/methods"], &["-g"]);
    let (out, report, generated) = analyse(classes.path(), "Example", "Example.test(sym#sym)", &[]);
    // main prints the result: the value is made concrete there, so the run is incomplete.
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("java.io.PrintStream.println(I)V at Example.main"),
        "{reason}"
    );
    let paths = symbolic_section(&report)["paths"]
        .as_array()
        .expect("paths")
        .clone();
    let outcomes: std::collections::BTreeSet<String> = paths
        .iter()
        .map(|p| match p["throws"].as_str() {
            Some(e) => e.to_string(),
            None => "returns".to_string(),
        })
        .collect();
    assert_eq!(paths.len(), 5, "{paths:?}");
    assert_eq!(
        outcomes,
        [
            "java.lang.ArithmeticException",
            "java.lang.IllegalStateException",
            "returns"
        ]
        .map(String::from)
        .into()
    );
    assert_eq!(run_generated(classes.path(), generated.path()), (5, 5));

    let (out, report, generated) = analyse(
        classes.path(),
        "Mixed",
        "Mixed.check(sym#sym#sym#sym#con)",
        &[],
    );
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let paths = symbolic_section(&report)["paths"]
        .as_array()
        .expect("paths")
        .clone();
    assert_eq!(paths.len(), 7, "{paths:?}");
    assert!(
        paths.iter().all(|p| p["arguments"][4] == "7"),
        "the con parameter keeps the caller's value: {paths:?}"
    );
    assert_eq!(run_generated(classes.path(), generated.path()), (7, 7));

    // Floating-point arguments and results: literals (Double.NaN, 1.5f, ...) in the tests.
    let (out, report, generated) = analyse(classes.path(), "Scale", "Scale.scale(sym#sym)", &[]);
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let paths = symbolic_section(&report)["paths"]
        .as_array()
        .expect("paths")
        .clone();
    assert_eq!(paths.len(), 3, "{paths:?}");
    assert!(
        paths.iter().any(|p| p["arguments"][0] == "Double.NaN"),
        "{paths:?}"
    );
    assert_eq!(run_generated(classes.path(), generated.path()), (3, 3));
}

#[test]
fn branch_coverage_keeps_the_tests_that_add_edges_and_names_unreachable_ones() {
    let classes = compile_programs(&["tests/java/symbolic/methods"], &["-g"]);
    let (out, report, generated) = analyse(
        classes.path(),
        "Classify",
        "Classify.classify(sym#sym#sym)",
        &["+symbolic.tests.coverage=branch"],
    );
    // One edge is unreachable, so coverage never completes and the search runs to its end.
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let section = symbolic_section(&report);
    assert_eq!(section["paths"].as_array().map(Vec::len), Some(12));
    let uncovered = section["uncovered_branches"].as_array().expect("uncovered");
    assert_eq!(uncovered.len(), 1, "{uncovered:?}");
    assert_eq!(uncovered[0]["method"], "Classify.classify(III)I");
    let (found, passed) = run_generated(classes.path(), generated.path());
    assert!(
        (2..12).contains(&found),
        "{found} tests for 9 reachable edges"
    );
    assert_eq!(passed, found);

    // Every edge of test() is reachable: the search ends once they are all covered.
    let (out, report, _generated) = analyse(
        classes.path(),
        "Example",
        "Example.test(sym#sym)",
        &["+symbolic.tests.coverage=branch"],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert!(symbolic_section(&report)["uncovered_branches"]
        .as_array()
        .is_some_and(Vec::is_empty));
}

#[test]
fn symbolic_inputs_combine_with_thread_interleavings() {
    let classes = compile_programs(&["tests/java/symbolic/threads"], &[]);
    for settings in [&[][..], &["+vm.por=false"][..]] {
        let (out, report) = check_with_report(classes.path(), "RacyInput", settings);
        assert_eq!(out.status, Some(1), "{settings:?}: {}", out.stdout);
        assert_eq!(input_values(&report["errors"][0]), ["1000"], "{settings:?}");
        let (out, report) = check_with_report(classes.path(), "GuardedInput", settings);
        assert_eq!(out.status, Some(0), "{settings:?}: {}", out.stdout);
        assert_eq!(report["result"], "no_violation");
    }
}

#[test]
fn spf_ranges_bound_the_inputs() {
    let classes = compile_programs(&["tests/java/symbolic"], &[]);
    // Inputs in [-100, 100] cannot overflow x + 1.
    let (out, _) = check_with_report(
        classes.path(),
        "IntOverflowAssert",
        &["+symbolic.min_int=-100", "+symbolic.max_int=100"],
    );
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    // A lower bound alone keeps the type's upper bound: MAX_VALUE still overflows.
    let (out, report) = check_with_report(
        classes.path(),
        "IntOverflowAssert",
        &["+symbolic.min_int=5"],
    );
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    assert_eq!(input_values(&report["errors"][0]), ["2147483647"]);
    let bad = run(
        &rpf_tests::rpf_binary(),
        &[
            "-cp",
            &classes.path().display().to_string(),
            "IntOverflowAssert",
            "+symbolic.min_int=100",
            "+symbolic.max_int=-100",
        ],
        None,
    );
    assert_eq!(bad.status, Some(2), "{}", bad.stderr);
    assert!(
        bad.stderr.contains("symbolic.min_int/max_int: [100, -100]"),
        "{}",
        bad.stderr
    );
}

#[test]
fn verify_get_int_and_get_double_by_name_are_symbolic_with_symbolic_true() {
    let classes = compile_programs(&["tests/java/symbolic/verify"], &[]);
    let (out, report) = check_with_report(classes.path(), "NamedInputs", &["+symbolic=true"]);
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["exception_class"], "java.lang.IllegalStateException");
    let values: Vec<i64> = input_values(error)
        .iter()
        .map(|v| v.parse().unwrap())
        .collect();
    let [speed, limit] = values[..] else {
        panic!("two inputs: {error}");
    };
    assert!(
        speed > limit && (speed as i32).wrapping_sub(limit as i32) < 0,
        "{speed} {limit}"
    );
    assert!(error["inputs"][0].as_str().unwrap().starts_with("speed = "));

    // Verify.getDouble(name) is a symbolic IEEE 754 double.
    let (out, report) = check_with_report(classes.path(), "NamedDouble", &["+symbolic=true"]);
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["exception_class"], "java.lang.IllegalStateException");
    assert_eq!(input_values(error), ["0.33333333333333337"], "{error}");
    assert_eq!(error["confirmed"], true, "{error}");
}

#[test]
fn a_violation_that_does_not_recur_on_its_inputs_is_reported_unconfirmed() {
    let classes = compile_programs(&["tests/java/symbolic/confirm"], &[]);
    let dir = tempfile::tempdir().expect("tempdir");
    let marker = dir.path().join("marker").display().to_string();
    // The real file system keeps the marker of the first run: the confirmation run differs.
    let cp = classes.path().display().to_string();
    let json = dir.path().join("report.json");
    let json_setting = format!("+report.json.file={}", json.display());
    let out = run(
        &rpf_tests::rpf_binary(),
        &[
            "-cp",
            &cp,
            "ChangedWorld",
            &marker,
            "+vm.fs=real",
            &json_setting,
        ],
        None,
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("report")).expect("json");
    assert_eq!(report["result"], "incomplete");
    assert_eq!(report["errors"][0]["confirmed"], false);
    assert!(out.stdout.contains("UNCONFIRMED"), "{}", out.stdout);
    assert!(report["stop_reason"]
        .as_str()
        .is_some_and(|r| r.contains("did not recur")));
    // In the sandbox (the default) every run starts from the same files: it recurs.
    let fresh = dir.path().join("fresh").display().to_string();
    let (out, report) = check_with_report(classes.path(), "ChangedWorld", &[&fresh]);
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    assert_eq!(report["errors"][0]["confirmed"], true);
}

#[test]
fn nondet_strings_are_bounded_symbolic_strings() {
    let classes = compile_programs(&["tests/java/symbolic/strings"], &[]);
    let (out, report) = check_with_report(classes.path(), "MagicWord", &[]);
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["confirmed"], true, "{error}");
    // Three length choices (true, true, true, false), then 'b', 'u', 'g'.
    assert_eq!(
        input_values(error),
        ["true", "true", "true", "false", "98", "117", "103"]
    );
    let replay = tempfile::tempdir().expect("tempdir");
    javac(
        &java_sources(&workspace().join("tests/java/symbolic/replay/org/sosy_lab/sv_benchmarks")),
        replay.path(),
        &[],
    );
    let cp = format!("{}:{}", replay.path().display(), classes.path().display());
    let inputs = format!("-Drpf.inputs={}", input_values(error).join(" "));
    let java = run(
        &jdk_tool("java"),
        &["-ea", &inputs, "-cp", &cp, "MagicWord"],
        None,
    );
    assert!(
        java.stderr.contains("AssertionError: found the magic word"),
        "{}",
        java.stderr
    );

    // A concatenation reads the input's concrete value: incomplete, not "no violation".
    let (out, report) = check_with_report(classes.path(), "ConcatInput", &[]);
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("a call of makeConcatWithConstants(I)Ljava/lang/String;"),
        "{reason}"
    );

    // Integer.parseInt and Character.digit's table run on the symbolic characters.
    let (out, report) = check_with_report(
        classes.path(),
        "ParseNumber",
        &["+symbolic.string_length=3"],
    );
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(error["confirmed"], true, "{error}");
    let chars: Vec<String> = input_values(error)
        .into_iter()
        .filter(|v| v != "true" && v != "false")
        .collect();
    assert!(
        chars.ends_with(&["52".to_string(), "50".to_string()]),
        "the characters of a string parsed as 42: {chars:?}"
    );

    for settings in [&[][..], &["+symbolic.string_length=3"][..]] {
        let (out, report) = check_with_report(classes.path(), "ShortStrings", settings);
        assert_eq!(out.status, Some(3), "{settings:?}: {}", out.stdout);
        let reason = report["stop_reason"].as_str().unwrap_or_default();
        assert!(
            reason.contains("Verifier.nondetString() explores strings of at most"),
            "{reason}"
        );
    }
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
            "dropping other values: a floating-point % by 3.0: its dividend at RemainderByThree.main"
        ),
        "{reason}"
    );
}

/// The paths of a run's `rpf.Symbolic` report.
fn paths_of(report: &serde_json::Value) -> Vec<serde_json::Value> {
    symbolic_section(report)["paths"]
        .as_array()
        .expect("paths")
        .clone()
}

/// A path's input structure as `e0.next=e1` facts, sorted.
fn structure(path: &serde_json::Value) -> Vec<String> {
    let mut facts: Vec<String> = path["objects"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|o| {
            let name = o["name"].as_str().unwrap_or_default().to_string();
            o["fields"]
                .as_object()
                .into_iter()
                .flatten()
                .map(move |(f, v)| format!("{name}.{f}={}", v.as_str().unwrap_or_default()))
        })
        .collect();
    facts.sort();
    facts
}

#[test]
fn lazy_initialization_builds_every_input_list_of_swap_node() {
    let classes = compile_programs(&["tests/java/symbolic/lazy"], &["-g"]);
    let (out, report, generated) = analyse(
        classes.path(),
        "Node",
        "Node.swapNode()",
        &["+symbolic.lazy=true"],
    );
    // Every shape explored: no bound was reached, nothing was made concrete.
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let paths = paths_of(&report);
    let shapes: std::collections::BTreeSet<(Vec<String>, String)> = paths
        .iter()
        .map(|p| {
            let next: Vec<String> = structure(p)
                .into_iter()
                .filter(|f| f.contains(".next="))
                .collect();
            (next, p["returns"].as_str().unwrap_or_default().to_string())
        })
        .collect();
    let shape = |next: &[&str], returns: &str| {
        (
            next.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            returns.to_string(),
        )
    };
    // Seed 002's seven: null, a self-cycle, e0.elem <= e1.elem, and e0.elem > e1.elem with
    // e1.next null, new, e0 or e1 (the condition tells the two e1 cases apart).
    let expected: std::collections::BTreeSet<_> = [
        shape(&["e0.next=null"], "e0"),
        shape(&["e0.next=e0"], "e0"),
        shape(&["e0.next=e1"], "e0"),
        shape(&["e0.next=e1", "e1.next=null"], "e1"),
        shape(&["e0.next=e1", "e1.next=e2"], "e1"),
        shape(&["e0.next=e1", "e1.next=e0"], "e1"),
        shape(&["e0.next=e1", "e1.next=e1"], "e1"),
    ]
    .into();
    assert_eq!(paths.len(), 7, "{paths:?}");
    assert_eq!(shapes, expected, "{paths:?}");
    // The generated tests rebuild each structure and pass on the real JVM.
    assert_eq!(run_generated(classes.path(), generated.path()), (7, 7));

    // The precondition (a repOk run symbolically) keeps acyclic lists only: every list of
    // up to three nodes, then the bound stops the search, which is therefore incomplete.
    let (out, report, _) = analyse(
        classes.path(),
        "Node",
        "Node.swapNode()",
        &[
            "+symbolic.lazy=true",
            "+symbolic.lazy.precondition=Node.acyclic",
            "+symbolic.lazy.max_objects=3",
        ],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    assert!(report["stop_reason"]
        .as_str()
        .is_some_and(|r| r.contains("symbolic.lazy.max_objects")));
    let paths = paths_of(&report);
    assert_eq!(paths.len(), 5, "{paths:?}");
    for p in &paths {
        for fact in structure(p).iter().filter(|f| f.contains(".next=e")) {
            // e<k>.next=e<j> with j <= k closes a cycle.
            let (from, to) = fact.split_once(".next=e").expect("fact");
            let k: u32 = from[1..].parse().expect("index");
            let j: u32 = to.parse().expect("index");
            assert!(j > k, "a cyclic list passed the precondition: {p:?}");
        }
    }
}

#[test]
fn lazy_trees_under_a_symbolic_search_tree_precondition_become_passing_junit_tests() {
    let classes = compile_programs(&["tests/java/symbolic/lazy"], &["-g"]);
    let (out, report, generated) = analyse(
        classes.path(),
        "Tree",
        "Tree.contains(sym#sym)",
        &[
            "+symbolic.lazy=true",
            "+symbolic.lazy.precondition=Tree.isSearchTree",
            "+symbolic.lazy.max_objects=3",
        ],
    );
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    let paths = paths_of(&report);
    // The null tree, then per search tree of n nodes (1, 2 and 5 shapes) 2n + 1 paths.
    assert_eq!(paths.len(), 1 + 3 + 2 * 5 + 5 * 7, "{paths:?}");
    assert_eq!(
        paths.iter().filter(|p| p["returns"] == "true").count(),
        1 + 2 * 2 + 5 * 3
    );
    assert_eq!(run_generated(classes.path(), generated.path()), (49, 49));
}

#[test]
fn an_aliased_input_structure_is_a_confirmed_replayable_counterexample() {
    let classes = compile_programs(&["tests/java/symbolic/lazy"], &["-g"]);
    let dir = tempfile::tempdir().expect("tempdir");
    let trace = dir.path().join("trace.json");
    let trace_setting = format!("+report.trace.file={}", trace.display());
    let (out, report) = check_with_report(
        classes.path(),
        "SharedChild",
        &[
            "+symbolic.method=SharedChild.check()",
            "+symbolic.lazy=true",
            &trace_setting,
        ],
    );
    assert_eq!(out.status, Some(1), "{}", out.stdout);
    let error = &report["errors"][0];
    assert_eq!(
        verdict(&report),
        "exception:java.lang.IllegalStateException"
    );
    assert_eq!(error["confirmed"], true, "{error}");
    let inputs: Vec<&str> = error["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .filter_map(|l| l.as_str())
        .collect();
    // Both children are one object holding 42: the receiver itself or a shared new child.
    let child = inputs
        .iter()
        .find_map(|l| l.strip_prefix("e0.left = "))
        .and_then(|v| v.split_whitespace().next())
        .expect("e0.left listed");
    assert!(
        inputs
            .iter()
            .any(|l| l.starts_with(&format!("e0.right = {child} "))),
        "{inputs:?}"
    );
    assert!(
        inputs
            .iter()
            .any(|l| l.starts_with(&format!("{child}.value = 42 "))),
        "{inputs:?}"
    );
    let cp = classes.path().display().to_string();
    let trace_arg = trace.display().to_string();
    // Replayed under the same settings: the trace's choices rebuild the same structure.
    let replay = run(
        &rpf_tests::rpf_binary(),
        &[
            "--replay",
            &trace_arg,
            "-cp",
            &cp,
            "+report.progress=0",
            "+symbolic.method=SharedChild.check()",
            "+symbolic.lazy=true",
        ],
        None,
    );
    assert_eq!(replay.status, Some(1), "{}{}", replay.stdout, replay.stderr);
    assert!(
        replay.stdout.contains("shared child holding 42"),
        "{}",
        replay.stdout
    );
}

#[test]
fn an_input_object_the_program_drops_can_still_be_aliased() {
    let classes = compile_programs(&["tests/java/symbolic/lazy"], &["-g"]);
    let (out, report, _) = analyse(
        classes.path(),
        "Dropped",
        "Dropped.probe()",
        &["+symbolic.lazy=true"],
    );
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let paths = paths_of(&report);
    assert_eq!(paths.len(), 7, "{paths:?}");
    // e1 was garbage to the program when e0.b was read; the alias still exists.
    assert!(
        paths
            .iter()
            .any(|p| p["returns"] == "1" && structure(p).contains(&"e0.b=e1".to_string())),
        "{paths:?}"
    );
}

#[test]
fn a_path_ends_with_the_exception_that_leaves_the_method_wherever_it_was_thrown() {
    let classes = compile_programs(&["tests/java/symbolic/methods"], &["-g"]);
    let (out, report, generated) = analyse(classes.path(), "Exits", "Exits.run(sym)", &[]);
    assert_eq!(out.status, Some(0), "{}", out.stdout);
    let mut outcomes: Vec<String> = paths_of(&report)
        .iter()
        .map(|p| match p["throws"].as_str() {
            Some(e) => e.to_string(),
            None => format!("returns {}", p["returns"].as_str().unwrap_or_default()),
        })
        .collect();
    outcomes.sort();
    // A callee's exception and the VM's count; one caught inside the method does not.
    assert_eq!(
        outcomes,
        [
            "java.lang.ArithmeticException",
            "java.lang.IllegalArgumentException",
            "returns -1",
            "returns 0"
        ]
    );
    assert_eq!(run_generated(classes.path(), generated.path()), (4, 4));
}

#[test]
fn a_native_method_reading_symbolic_contents_makes_the_run_incomplete() {
    let classes = compile_programs(&["tests/java/symbolic/natives"], &[]);
    let (out, report) = check_with_report(classes.path(), "ArraysEqualsInput", &[]);
    assert_eq!(out.status, Some(3), "{}", out.stdout);
    let reason = report["stop_reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("a native method, jdk.internal.misc.Unsafe.getLong"),
        "{reason}"
    );
    // A native in java.lang.Math takes concrete values too.
    let (out, report) = check_with_report(classes.path(), "SqrtInput", &[]);
    assert_ne!(report["result"], "no_violation", "{}", out.stdout);
    if out.status == Some(3) {
        let reason = report["stop_reason"].as_str().unwrap_or_default();
        assert!(reason.contains("java.lang.Math.sqrt(D)D"), "{reason}");
    }
}
