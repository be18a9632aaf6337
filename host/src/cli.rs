//! The command line: `rpf run ...` (plain execution) and the model checking entry point.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use rpf_config::{keys, Config, ConfigBuilder};

use crate::launch::{self, LaunchError, Target};
use rpf_jvm::plain::Outcome;

/// Exit status: the search completed without finding a violation.
pub const EXIT_OK: i32 = 0;
/// Exit status: a property was violated.
pub const EXIT_VIOLATION: i32 = 1;
/// Exit status: usage, configuration or input error.
pub const EXIT_USAGE: i32 = 2;
/// Exit status: a limit ended the search before it completed.
pub const EXIT_INCOMPLETE: i32 = 3;
/// Exit status: rpf itself failed.
pub const EXIT_INTERNAL: i32 = 4;

const AFTER_HELP: &str = "\
Settings: any argument of the form +key=value (before or after the target) sets a configuration
key, overriding the .jpf file; +key alone means +key=true. Program arguments after the target
that do not look like settings are passed to main. `rpf keys` lists every key with its type,
allowed values, default and meaning.

Exit status: 0 no violation (or, for `run`, the program's own status), 1 violation,
2 usage/configuration/input error, 3 search incomplete (a limit was hit), 4 internal error.";

/// rpf: explicit-state model checking of Java bytecode.
#[derive(Debug, Parser)]
#[command(name = "rpf", version, about, after_help = AFTER_HELP, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Model check: `rpf [-cp PATH] <app.jpf | MainClass> [args...] [+key=value...]`.
    #[command(flatten)]
    check: TargetArgs,
    /// Replay a trace saved with `report.trace.file` instead of searching.
    #[arg(long, value_name = "TRACE.json")]
    replay: Option<PathBuf>,
    /// More diagnostics on stderr (-v: debug, -vv: trace); RUST_LOG also works.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Execute the program once, exactly like `java -ea` (one schedule, no search).
    Run(TargetArgs),
    /// Model check JUnit 5 and JUnit 4 tests, each @Test method its own search:
    /// `rpf junit -cp PATH [app.jpf] TestClass[#method]... [+key=value...]`.
    Junit(TargetArgs),
    /// List the plugin components found on plugin.path and in the bundled directory:
    /// `rpf plugins [app.jpf] [+plugin.path=DIR ...]`.
    Plugins(SettingsArgs),
    /// List every configuration key rpf reads, with its type, allowed values, default and
    /// meaning.
    Keys,
    /// Write the Verify API (gov.nasa.jpf.vm.Verify, org.sosy_lab.sv_benchmarks.Verifier, and
    /// JPF's test base class gov.nasa.jpf.util.test.TestJPF) as a jar to compile programs
    /// against: `javac -cp rpf-api.jar ...`.
    ApiJar {
        /// The jar to write.
        #[arg(value_name = "OUT.jar", default_value = "rpf-api.jar")]
        out: PathBuf,
    },
}

#[derive(Debug, clap::Args)]
struct SettingsArgs {
    /// An optional properties file (*.jpf) and +key=value settings.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "[app.jpf] [+key=value]"
    )]
    rest: Vec<String>,
}

#[derive(Debug, clap::Args)]
struct TargetArgs {
    /// Class path: directories and jar files separated by ':' (also -cp, -classpath).
    #[arg(long = "class-path", value_name = "PATH")]
    class_path: Option<String>,
    /// Optional site properties file, read before the application file.
    #[arg(long, value_name = "FILE")]
    site: Option<PathBuf>,
    /// An application properties file (*.jpf) or a main class name, then program arguments and
    /// +key=value settings.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "TARGET [ARGS]"
    )]
    rest: Vec<String>,
}

/// Whether `arg` is a `+key=value` (or `+key`) setting rather than a program argument.
fn is_setting(arg: &str) -> bool {
    let Some(body) = arg.strip_prefix('+') else {
        return false;
    };
    let key = body.split_once('=').map(|(k, _)| k).unwrap_or(body);
    let key = key.strip_suffix('+').unwrap_or(key);
    key.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// Options whose next argument is their value (never the target).
const OPTIONS_WITH_VALUES: &[&str] = &["--class-path", "--site", "--replay"];

/// Java launcher spellings of the class path option become clap's.
fn normalize_args(args: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut seen_target = false;
    for (i, a) in args.into_iter().enumerate() {
        if !seen_target && (a == "-cp" || a == "-classpath") {
            out.push("--class-path".to_string());
            continue;
        }
        if i > 0
            && !a.starts_with('-')
            && !is_setting(&a)
            && a != "run"
            && a != "junit"
            && a != "plugins"
            && a != "keys"
            && a != "api-jar"
            && out.len() > 1
        {
            let prev = out.last().map(String::as_str).unwrap_or("");
            if !OPTIONS_WITH_VALUES.contains(&prev) {
                seen_target = true;
            }
        }
        out.push(a);
    }
    out
}

/// Everything a target invocation resolved to.
struct Invocation {
    config: Config,
    target: Target,
}

/// A command line's configuration and positional arguments.
struct Configured {
    config: Config,
    /// The positional arguments after the `.jpf` file (all of them without one).
    positional: Vec<String>,
    /// Whether the first positional argument was a `.jpf` file.
    jpf: bool,
}

/// Reads the optional site and `.jpf` files, `--class-path`, the `+key=value` settings and
/// the settings `derive` makes of the positional arguments (the settings win over them).
fn configure(
    args: &TargetArgs,
    derive: impl FnOnce(&[String], bool) -> Vec<String>,
) -> Result<Configured, LaunchError> {
    let (settings, mut positional): (Vec<String>, Vec<String>) =
        args.rest.iter().cloned().partition(|a| is_setting(a));
    let mut builder = ConfigBuilder::new();
    if let Some(site) = &args.site {
        builder = builder.file(site);
    } else if let Some(home) = std::env::var_os("HOME") {
        builder = builder.optional_file(Path::new(&home).join(".rpf").join("site.properties"));
    }
    let jpf = positional.first().is_some_and(|f| f.ends_with(".jpf"));
    if jpf {
        builder = builder.file(positional.remove(0));
    }
    let mut derived = derive(&positional, jpf);
    if let Some(cp) = &args.class_path {
        derived.push(format!("+classpath={cp}"));
    }
    let config = builder.arguments(derived).arguments(settings).build()?;
    Ok(Configured {
        config,
        positional,
        jpf,
    })
}

fn resolve(args: &TargetArgs) -> Result<Invocation, LaunchError> {
    // Without a .jpf file the first positional argument is the main class.
    let c = configure(args, |positional, jpf| match positional.first() {
        Some(main) if !jpf => vec![format!("+target={main}")],
        _ => Vec::new(),
    })?;
    let program_args = match (c.jpf, c.positional.split_first()) {
        (true, _) if c.positional.is_empty() => None,
        (true, _) => Some(c.positional),
        (false, Some((_, rest))) => Some(rest.to_vec()),
        (false, None) => None,
    };
    let target = Target::from_config(&c.config, program_args)?;
    Ok(Invocation {
        config: c.config,
        target,
    })
}

/// Lists the components on the plugin path.
fn plugins_command(args: &SettingsArgs) -> i32 {
    let mut builder = ConfigBuilder::new();
    let mut settings = Vec::new();
    for a in &args.rest {
        if is_setting(a) {
            settings.push(a.clone());
        } else if a.ends_with(".jpf") {
            builder = builder.file(a);
        } else {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("rpf: error: unexpected argument \"{a}\" (rpf plugins [app.jpf] [+key=value...])");
            }
            return EXIT_USAGE;
        }
    }
    let config = match builder.arguments(settings).build() {
        Ok(c) => c,
        Err(e) => return report_launch_error(&e.into()),
    };
    let user = match keys::PLUGIN_PATH.get(&config) {
        Ok(paths) => paths.unwrap_or_default(),
        Err(e) => return report_launch_error(&e.into()),
    };
    let mut catalog = crate::plugins::Catalog::new(user);
    match crate::plugins::listing(&mut catalog) {
        Ok(text) => {
            write_stdout(&text);
            EXIT_OK
        }
        Err(e) => report_launch_error(&e.into()),
    }
}

/// Writes the API jar.
fn api_jar_command(out: &Path) -> i32 {
    match crate::api_jar::write(out) {
        Ok(classes) => {
            write_stdout(&format!(
                "wrote {} ({}); compile with javac -cp {}\n",
                out.display(),
                classes.join(", ").replace('/', "."),
                out.display()
            ));
            EXIT_OK
        }
        Err(e) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("rpf: error: cannot write {}: {e}", out.display());
            }
            EXIT_USAGE
        }
    }
}

/// Writes a report to stdout; a closed pipe (`rpf ... | head`) is not an error.
fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn init_tracing(verbose: u8) {
    let default = match verbose {
        0 => "warn",
        1 => "debug",
        _ => "trace",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only where a terminal shows them, not in a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false);
    // Without -v only warnings show, and they are for the user: no timestamps.
    let _ = if verbose == 0 {
        builder.without_time().try_init()
    } else {
        builder.try_init()
    };
}

fn report_launch_error(e: &LaunchError) -> i32 {
    let internal = matches!(
        e,
        LaunchError::Plugin(crate::plugins::PluginError::Panicked { .. })
    );
    #[allow(clippy::print_stderr)]
    {
        if internal {
            eprintln!("rpf: internal error: {e}");
        } else {
            eprintln!("rpf: error: {e}");
        }
    }
    if internal {
        EXIT_INTERNAL
    } else {
        EXIT_USAGE
    }
}

fn run_command(args: &TargetArgs) -> i32 {
    let inv = match resolve(args) {
        Ok(inv) => inv,
        Err(e) => return report_launch_error(&e),
    };
    match launch::run(&inv.config, &inv.target) {
        Ok(Outcome::Exited(status)) => status,
        Ok(Outcome::Deadlock(threads)) => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("rpf: deadlock: every remaining thread is blocked forever\n{threads}");
            }
            EXIT_VIOLATION
        }
        Err(e) => report_launch_error(&e),
    }
}

fn check_command(args: &TargetArgs, replay: Option<&Path>) -> i32 {
    // First of all, so that a signal during booting still ends with reports.
    let interrupt = crate::signals::interrupt_flag();
    if replay.is_none() {
        // A .jpf file that names JUnit tests (junit.tests) rather than a main class.
        if let Ok(c) = configure(args, |_, _| Vec::new()) {
            if c.jpf && matches!(keys::JUNIT_TESTS.get(&c.config), Ok(Some(_))) {
                return junit_run(&c.config, interrupt);
            }
        }
    }
    let trace = match replay.map(crate::check::load_trace).transpose() {
        Ok(t) => t,
        Err(e) => return report_launch_error(&e),
    };
    let mut args_with_target = TargetArgs {
        class_path: args.class_path.clone(),
        site: args.site.clone(),
        rest: args.rest.clone(),
    };
    if let Some(t) = &trace {
        if !args.rest.iter().any(|a| !is_setting(a)) {
            args_with_target.rest.insert(0, t.target.clone());
            for (i, a) in t.args.iter().enumerate() {
                args_with_target.rest.insert(1 + i, a.clone());
            }
        }
    }
    let mut inv = match resolve(&args_with_target) {
        Ok(inv) => inv,
        Err(e) => return report_launch_error(&e),
    };
    if let Some(t) = &trace {
        t.apply_settings(&mut inv.config);
    }
    if let Err(e) = crate::plugins::symbolic::enable_for_inputs(
        &mut inv.config,
        &inv.target.main_class,
        &inv.target.classpath,
    ) {
        return report_launch_error(&e.into());
    }
    let prepared = match crate::check::prepare(&inv.config, &inv.target, trace.as_ref(), interrupt)
    {
        Ok(p) => p,
        Err(e) => return report_launch_error(&e),
    };
    write_stdout(&prepared.header());
    let checked = match crate::check::run(&inv.config, prepared) {
        Ok(c) => c,
        Err(e) => return report_launch_error(&e),
    };
    let result = &checked.result;
    write_stdout(&crate::check::report::console(result));
    for e in &checked.unwritten {
        report_launch_error(e);
    }
    if let Some(failure) = &result.plugin_failure {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("rpf: internal error: {failure}");
        }
        return EXIT_INTERNAL;
    }
    exit_status(result.verdict)
}

fn exit_status(verdict: crate::check::result::Verdict) -> i32 {
    match verdict {
        crate::check::result::Verdict::NoViolation => EXIT_OK,
        crate::check::result::Verdict::Violation => EXIT_VIOLATION,
        crate::check::result::Verdict::Incomplete => EXIT_INCOMPLETE,
    }
}

/// `rpf junit`: the positional arguments are the test selectors (`junit.tests`).
fn junit_command(args: &TargetArgs) -> i32 {
    let interrupt = crate::signals::interrupt_flag();
    let configured = configure(args, |positional, _| {
        if positional.is_empty() {
            Vec::new()
        } else {
            vec![format!("+junit.tests={}", positional.join(","))]
        }
    });
    match configured {
        Ok(c) => junit_run(&c.config, interrupt),
        Err(e) => report_launch_error(&e),
    }
}

/// Checks the tests `junit.tests` names and reports them.
fn junit_run(
    config: &Config,
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> i32 {
    match keys::JUNIT_TESTS.get(config) {
        Ok(Some(tests)) if !tests.is_empty() => {}
        Ok(_) => return report_launch_error(&LaunchError::Input(
            "no test classes given: name them (rpf junit -cp PATH TestClass...) or set junit.tests"
                .to_string(),
        )),
        Err(e) => return report_launch_error(&e.into()),
    }
    let run = match crate::junit::run(config, interrupt, &mut |text| write_stdout(text)) {
        Ok(run) => run,
        Err(e) => return report_launch_error(&e),
    };
    if let Some(failure) = run.plugin_failure() {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("rpf: internal error: {failure}");
        }
        return EXIT_INTERNAL;
    }
    exit_status(run.verdict())
}

/// Parses the command line, runs the command and returns the process exit status. Panics are
/// caught and reported as internal errors (exit status 4).
pub fn main() -> i32 {
    std::panic::set_hook(Box::new(|info| {
        #[allow(clippy::print_stderr)]
        {
            eprintln!("rpf: internal error: {info}");
            let trace = std::backtrace::Backtrace::capture();
            if trace.status() == std::backtrace::BacktraceStatus::Captured {
                eprintln!("{trace}");
            }
        }
    }));
    let args = normalize_args(std::env::args().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    init_tracing(cli.verbose);
    crate::signals::survive_file_size_limit();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &cli.command {
        Some(Command::Run(args)) => run_command(args),
        Some(Command::Junit(args)) => junit_command(args),
        Some(Command::Plugins(args)) => plugins_command(args),
        Some(Command::Keys) => {
            write_stdout(&keys::listing());
            EXIT_OK
        }
        Some(Command::ApiJar { out }) => api_jar_command(out),
        None if cli.check.rest.is_empty() && cli.replay.is_none() => {
            #[allow(clippy::print_stderr)]
            {
                eprintln!("rpf: error: no target given (try `rpf --help`)");
            }
            EXIT_USAGE
        }
        None => check_command(&cli.check, cli.replay.as_deref()),
    }));
    result.unwrap_or(EXIT_INTERNAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_recognized() {
        assert!(is_setting("+search.depth_limit=5"));
        assert!(is_setting("+vm.por"));
        assert!(is_setting("+listener+=a.B"));
        assert!(!is_setting("+5"));
        assert!(!is_setting("plain"));
        assert!(!is_setting("+"));
    }

    #[test]
    fn cp_is_normalized_before_the_target() {
        let args = normalize_args(
            ["rpf", "run", "-cp", "out", "Main", "-cp"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        );
        assert_eq!(args, ["rpf", "run", "--class-path", "out", "Main", "-cp"]);
    }
}
