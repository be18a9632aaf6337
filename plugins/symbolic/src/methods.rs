//! Method-level symbolic execution (SPF's `symbolic.method`): which calls get symbolic
//! arguments, and what each path through an analysed method did — its condition, a
//! solution, and the value it returned or the exception it threw — for the report and for
//! generated tests.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use rpf_plugin_api::{parameter_types, ConfigView, HostRef};

use crate::expr::PathId;
use crate::ieee::{self, F32, F64};

/// How a parameter of an analysed method is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A symbolic input.
    Sym,
    /// The concrete value the caller passes.
    Con,
}

/// A method named in `symbolic.method`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `pkg.Class` (binary name with dots).
    pub class: String,
    /// The method's name.
    pub name: String,
    /// One mode per parameter (overloads with this many parameters are analysed).
    pub modes: Vec<Mode>,
}

impl Target {
    /// Parses `pkg.Class.method(sym#con)`.
    pub fn parse(spec: &str) -> Result<Target, String> {
        let bad = || {
            format!("symbolic.method: \"{spec}\" is not Class.method(sym#con...) (one sym or con per parameter)")
        };
        let (head, rest) = spec.trim().split_once('(').ok_or_else(bad)?;
        let inner = rest.strip_suffix(')').ok_or_else(bad)?;
        let (class, name) = head.rsplit_once('.').ok_or_else(bad)?;
        if class.is_empty() || name.is_empty() {
            return Err(bad());
        }
        let modes = if inner.trim().is_empty() {
            Vec::new()
        } else {
            inner
                .split('#')
                .map(|m| match m.trim() {
                    "sym" => Ok(Mode::Sym),
                    "con" => Ok(Mode::Con),
                    _ => Err(bad()),
                })
                .collect::<Result<_, _>>()?
        };
        Ok(Target {
            class: class.replace('/', "."),
            name: name.to_string(),
            modes,
        })
    }

    /// Whether a method `class.name` with `descriptor` is this target.
    pub fn matches(&self, class: &str, name: &str, descriptor: &str) -> bool {
        self.class == class
            && self.name == name
            && parameter_types(descriptor).len() == self.modes.len()
    }
}

/// The return type descriptor of a method descriptor.
pub fn return_type(descriptor: &str) -> &str {
    descriptor.split_once(')').map_or("V", |(_, r)| r)
}

/// The Java source name of a type descriptor (`I`: `int`, `La/B$C;`: `a.B.C`).
pub fn java_name(descriptor: &str) -> String {
    match descriptor {
        "I" => "int".into(),
        "J" => "long".into(),
        "S" => "short".into(),
        "B" => "byte".into(),
        "C" => "char".into(),
        "Z" => "boolean".into(),
        "F" => "float".into(),
        "D" => "double".into(),
        "V" => "void".into(),
        d if d.starts_with('[') => format!("{}[]", java_name(&d[1..])),
        d => d
            .trim_start_matches('L')
            .trim_end_matches(';')
            .replace(['/', '$'], "."),
    }
}

/// A Java literal of `value` as type `descriptor`, if it is a primitive (a float's or
/// double's value is its IEEE bits).
pub fn literal(value: i64, descriptor: &str) -> Option<String> {
    Some(match descriptor {
        "F" | "D" => {
            let (width, class, suffix) = if descriptor == "F" {
                (F32, "Float", "f")
            } else {
                (F64, "Double", "")
            };
            match ieee::literal(value, width).as_str() {
                "NaN" => format!("{class}.NaN"),
                "Infinity" => format!("{class}.POSITIVE_INFINITY"),
                "-Infinity" => format!("{class}.NEGATIVE_INFINITY"),
                text => format!("{text}{suffix}"),
            }
        }
        "I" => (value as i32).to_string(),
        "J" => format!("{value}L"),
        "S" => format!("(short) {}", value as i16),
        "B" => format!("(byte) {}", value as i8),
        "C" => format!("(char) {}", value as u16),
        "Z" => (value != 0).to_string(),
        _ => return None,
    })
}

/// An input object of lazy initialization: its class (`pkg.Class`) and the fields a path
/// read with their values (Java literals or object names once solved).
pub type InputObject<V = String> = (String, Vec<(String, V)>);

/// How a path through an analysed method ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// It returned: the value as a Java literal (`None` for `void` and for values tests
    /// cannot compare, such as references).
    Returns(Option<String>),
    /// It threw an exception of this class.
    Throws(String),
}

/// One path through an analysed method.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The analysed method (index into the targets).
    pub target: usize,
    /// The method's descriptor.
    pub descriptor: String,
    /// Whether the method is static.
    pub is_static: bool,
    /// The path condition.
    pub condition: String,
    /// Each argument as a Java literal (`None` where tests cannot rebuild it).
    pub args: Vec<Option<String>>,
    /// How it ended.
    pub outcome: Outcome,
    /// The branch edges `(method, pc, to)` it took in analysed methods.
    pub edges: BTreeSet<(u32, u32, u32)>,
    /// The receiver, if it is an input object (`e0`; `symbolic.lazy`).
    pub receiver: Option<String>,
    /// The input objects `e0`, `e1`, ... (`symbolic.lazy`): each one's class and the fields
    /// the path read, with their values as Java literals or object names.
    pub objects: Vec<InputObject>,
}

/// Which paths become generated tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// One test per path.
    Path,
    /// A test only for a path that covers a branch edge no earlier test covers; the search
    /// ends once every edge of the analysed methods is covered.
    Branch,
}

/// The analysed methods and what their paths did.
#[derive(Debug)]
pub struct Analysis {
    /// The methods named in `symbolic.method`.
    pub targets: Vec<Target>,
    /// Host method id to target index (`None`: not analysed).
    frames: HashMap<u32, Option<usize>>,
    /// Paths through analysed methods, in the order the search finished them.
    pub summaries: Vec<Summary>,
    seen: HashSet<(PathId, Outcome)>,
    /// Things the report should say once (parameters that stayed concrete, ...).
    pub warnings: BTreeSet<String>,
    /// Where to write JUnit tests (`symbolic.tests.dir`).
    pub tests_dir: Option<PathBuf>,
    /// Which paths become tests (`symbolic.tests.coverage`).
    pub coverage: Coverage,
    /// Every branch edge of each analysed method met, with its label.
    pub edges: HashMap<u32, (String, BTreeSet<(u32, u32)>)>,
}

impl Analysis {
    /// The analysis `config` asks for.
    pub fn configured(config: &ConfigView) -> Result<Analysis, String> {
        let targets = config
            .list("symbolic.method")
            .iter()
            .map(|s| Target::parse(s))
            .collect::<Result<Vec<_>, _>>()?;
        let coverage = match config.get("symbolic.tests.coverage").unwrap_or("path") {
            "path" => Coverage::Path,
            "branch" => Coverage::Branch,
            other => {
                return Err(format!(
                    "symbolic.tests.coverage must be path or branch, not \"{other}\""
                ))
            }
        };
        Ok(Analysis {
            targets,
            frames: HashMap::new(),
            summaries: Vec::new(),
            seen: HashSet::new(),
            warnings: BTreeSet::new(),
            tests_dir: config.get("symbolic.tests.dir").map(PathBuf::from),
            coverage,
            edges: HashMap::new(),
        })
    }

    /// The target a call of `member` (`pkg.Class.name(descriptor)`) enters.
    pub fn call_target(&self, member: &str) -> Option<usize> {
        if self.targets.is_empty() {
            return None;
        }
        let (head, _) = member.split_once('(')?;
        let (class, name) = head.rsplit_once('.')?;
        let descriptor = &member[head.len()..];
        self.targets
            .iter()
            .position(|t| t.matches(class, name, descriptor))
    }

    /// The target whose code `method` (a host method id) is, if any.
    pub fn frame_target(&mut self, host: &HostRef<'_, '_>, method: u32) -> Option<usize> {
        if self.targets.is_empty() {
            return None;
        }
        if let Some(&t) = self.frames.get(&method) {
            return t;
        }
        let found = host.method_info(method).into_option().and_then(|m| {
            self.targets
                .iter()
                .position(|t| t.matches(&m.class, &m.name, &m.descriptor))
        });
        if found.is_some() && !self.edges.contains_key(&method) {
            let label = host
                .method_info(method)
                .into_option()
                .map(|m| format!("{}.{}{}", m.class, m.name, m.descriptor))
                .unwrap_or_default();
            self.edges
                .insert(method, (label, branch_edges(host, method)));
        }
        self.frames.insert(method, found);
        found
    }

    /// Records a path's summary once (`path` with `outcome`).
    pub fn record(&mut self, path: Option<PathId>, summary: Summary) -> bool {
        let key = (path.unwrap_or(u32::MAX), summary.outcome.clone());
        if !self.seen.insert(key) {
            return false;
        }
        self.summaries.push(summary);
        true
    }

    /// The edges the recorded paths cover.
    pub fn covered(&self) -> BTreeSet<(u32, u32, u32)> {
        self.summaries
            .iter()
            .flat_map(|s| s.edges.iter().copied())
            .collect()
    }

    /// Whether every edge of every analysed method met so far is covered.
    pub fn all_edges_covered(&self) -> bool {
        let covered = self.covered();
        self.edges
            .iter()
            .all(|(&m, (_, edges))| edges.iter().all(|&(pc, to)| covered.contains(&(m, pc, to))))
    }

    /// The summaries that become tests: all of them, or (branch coverage) those that add
    /// an edge.
    pub fn selected(&self) -> Vec<&Summary> {
        match self.coverage {
            Coverage::Path => self.summaries.iter().collect(),
            Coverage::Branch => {
                let mut covered = BTreeSet::new();
                self.summaries
                    .iter()
                    .filter(|s| {
                        let new = s.edges.iter().any(|e| !covered.contains(e));
                        covered.extend(s.edges.iter().copied());
                        new
                    })
                    .collect()
            }
        }
    }

    /// The method's text for reports (`pkg.Class.m(int, long)`).
    pub fn signature(&self, s: &Summary) -> String {
        let t = &self.targets[s.target];
        let params: Vec<String> = parameter_types(&s.descriptor)
            .iter()
            .map(|p| java_name(p))
            .collect();
        format!("{}.{}({})", t.class, t.name, params.join(", "))
    }

    /// The console section.
    pub fn report_text(&self) -> String {
        let mut out = String::new();
        for w in &self.warnings {
            let _ = writeln!(out, "warning: {w}");
        }
        let mut current = None;
        for (i, s) in self.summaries.iter().enumerate() {
            let signature = self.signature(s);
            if current.as_ref() != Some(&signature) {
                let _ = writeln!(out, "{signature}");
                current = Some(signature);
            }
            let args: Vec<&str> = s.args.iter().map(|a| a.as_deref().unwrap_or("?")).collect();
            let receiver = s.receiver.as_ref().map_or(String::new(), |r| {
                format!("{r}.{}", self.targets[s.target].name)
            });
            let _ = writeln!(
                out,
                "  path {}: {receiver}({}) -> {}",
                i + 1,
                args.join(", "),
                outcome_text(&s.outcome)
            );
            if !s.objects.is_empty() {
                let _ = writeln!(out, "    inputs: {}", objects_text(&s.objects));
            }
            let _ = writeln!(out, "    condition: {}", condition_text(&s.condition));
        }
        for (line, uncovered) in self.uncovered() {
            let _ = writeln!(out, "{line}: branch edges no path covers: {uncovered}");
        }
        out
    }

    /// Per analysed method, the edges no recorded path covers, as text.
    pub fn uncovered(&self) -> Vec<(String, String)> {
        let covered = self.covered();
        let mut out: Vec<(String, String)> = self
            .edges
            .iter()
            .filter_map(|(&m, (label, edges))| {
                let missing: Vec<String> = edges
                    .iter()
                    .filter(|&&(pc, to)| !covered.contains(&(m, pc, to)))
                    .map(|(pc, to)| format!("{pc}->{to}"))
                    .collect();
                (!missing.is_empty()).then(|| (label.clone(), missing.join(", ")))
            })
            .collect();
        out.sort();
        out
    }
}

/// The input objects of a path: `e0 = Node{elem=5, next=e1}; e1 = Node{next=null}`.
pub fn objects_text(objects: &[InputObject]) -> String {
    objects
        .iter()
        .enumerate()
        .map(|(k, (class, fields))| {
            let simple = class.rsplit('.').next().unwrap_or(class);
            let fields: Vec<String> = fields.iter().map(|(f, v)| format!("{f}={v}")).collect();
            format!("e{k} = {simple}{{{}}}", fields.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `returns 5`, `returns`, `throws java.lang.ArithmeticException`.
pub fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Returns(Some(v)) => format!("returns {v}"),
        Outcome::Returns(None) => "returns".into(),
        Outcome::Throws(c) => format!("throws {c}"),
    }
}

pub fn condition_text(c: &str) -> String {
    if c.is_empty() {
        return "true".to_string();
    }
    abbreviated(c)
}

/// Conditions longer than this are shown cut (table lookups make long if-then-else
/// chains); the JSON report keeps them whole.
const SHOWN_CONDITION: usize = 2000;

/// `text`, cut after [`SHOWN_CONDITION`] characters.
pub fn abbreviated(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CONDITION) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}... ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// The branch edges `(pc, to)` of a method: both ways of each conditional branch, every
/// target of each switch.
fn branch_edges(host: &HostRef<'_, '_>, method: u32) -> BTreeSet<(u32, u32)> {
    let count = host
        .method_info(method)
        .into_option()
        .map_or(0, |m| m.instructions);
    let mut edges = BTreeSet::new();
    for pc in 0..count {
        let Some(insn) = host.instruction(method, pc).into_option() else {
            continue;
        };
        let m = insn.mnemonic.as_str();
        if m.starts_with("if") {
            edges.extend(insn.targets.iter().map(|&t| (pc, t)));
            edges.insert((pc, pc + 1));
        } else if m.ends_with("switch") {
            edges.extend(insn.targets.iter().map(|&t| (pc, t)));
        }
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_a_method_and_its_parameters() {
        let t = Target::parse("pkg.Example.test(sym#con)").unwrap();
        assert_eq!(t.class, "pkg.Example");
        assert_eq!(t.name, "test");
        assert_eq!(t.modes, [Mode::Sym, Mode::Con]);
        assert!(t.matches("pkg.Example", "test", "(IJ)I"));
        assert!(!t.matches("pkg.Example", "test", "(I)I"));
        assert_eq!(Target::parse("A.m()").unwrap().modes, []);
        assert!(Target::parse("A.m(sym#x)").is_err());
        assert!(Target::parse("m(sym)").is_err());
    }

    #[test]
    fn descriptors_name_java_types() {
        assert_eq!(return_type("(I)J"), "J");
        assert_eq!(java_name("[La/B$C;"), "a.B.C[]");
    }

    #[test]
    fn literals_are_java_source() {
        assert_eq!(literal(-2147483648, "I").unwrap(), "-2147483648");
        assert_eq!(literal(5, "J").unwrap(), "5L");
        assert_eq!(literal(65535, "C").unwrap(), "(char) 65535");
        assert_eq!(literal(-1, "C").unwrap(), "(char) 65535");
        assert_eq!(literal(1, "Z").unwrap(), "true");
        assert_eq!(literal(0x3fc0_0000, "F").unwrap(), "1.5f");
        assert_eq!(literal(0x7ff8_0000_0000_0000, "D").unwrap(), "Double.NaN");
        assert_eq!(literal(i64::MIN, "D").unwrap(), "-0.0");
        assert_eq!(literal(1, "V"), None);
    }
}
