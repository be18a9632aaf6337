//! Bytecode, line and branch coverage of the code the search executed.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write;

use rpf_plugin_api::{any_matches, ConfigView, Event, EventKind, EventMask, HostRef, Listener};
use serde_json::{json, Value};

/// What is known and covered of one method.
#[derive(Debug, Clone)]
struct MethodCoverage {
    class: String,
    name: String,
    /// Source line of each instruction (-1 if unknown).
    lines: Vec<i32>,
    executed: Vec<bool>,
    /// Branch instructions and their possible next instructions.
    branches: BTreeMap<u32, Vec<u32>>,
    /// Branch outcomes taken: (branch pc, next pc).
    taken: HashSet<(u32, u32)>,
}

/// Covered and total counts.
#[derive(Debug, Clone, Copy, Default)]
struct Ratio {
    covered: usize,
    total: usize,
}

impl Ratio {
    fn add(&mut self, other: Ratio) {
        self.covered += other.covered;
        self.total += other.total;
    }

    fn text(self) -> String {
        if self.total == 0 {
            return format!("{:<15}", "-");
        }
        let percent = self.covered * 100 / self.total;
        format!(
            "{:<15}",
            format!("{}/{} {percent}%", self.covered, self.total)
        )
    }

    fn json(self) -> Value {
        json!({ "covered": self.covered, "total": self.total })
    }
}

impl MethodCoverage {
    fn bytecode(&self) -> Ratio {
        Ratio {
            covered: self.executed.iter().filter(|&&e| e).count(),
            total: self.executed.len(),
        }
    }

    fn source_lines(&self) -> Ratio {
        let mut all = HashSet::new();
        let mut hit = HashSet::new();
        for (pc, &line) in self.lines.iter().enumerate() {
            if line >= 0 {
                all.insert(line);
                if self.executed[pc] {
                    hit.insert(line);
                }
            }
        }
        Ratio {
            covered: hit.len(),
            total: all.len(),
        }
    }

    fn branch_outcomes(&self) -> Ratio {
        let total = self.branches.values().map(Vec::len).sum();
        let covered = self
            .branches
            .iter()
            .map(|(pc, outcomes)| {
                outcomes
                    .iter()
                    .filter(|&&next| self.taken.contains(&(*pc, next)))
                    .count()
            })
            .sum();
        Ratio { covered, total }
    }
}

/// The coverage listener.
pub struct Coverage {
    include_system: bool,
    /// `coverage.include`: when set, only classes matching one of these are analysed (the
    /// class library's too).
    include: Vec<String>,
    /// `coverage.exclude`: classes matching one of these are not analysed.
    exclude: Vec<String>,
    /// `coverage.show_methods`: the console report has a row per method.
    show_methods: bool,
    methods: BTreeMap<u32, MethodCoverage>,
}

impl Coverage {
    /// Learns the methods of a newly loaded class (not the classes the VM generates for
    /// lambdas, which have no source).
    fn class_loaded(&mut self, host: &HostRef<'_, '_>, class: &str) {
        if class.contains("$$Lambda$") {
            return;
        }
        for method in host.class_methods(class.into()) {
            let Some(info) = host.method_info(method).into_option() else {
                continue;
            };
            if !self.analyses(&info.class, info.system) || info.instructions == 0 {
                continue;
            }
            let mut lines = Vec::with_capacity(info.instructions as usize);
            let mut branches = BTreeMap::new();
            for pc in 0..info.instructions {
                let Some(insn) = host.instruction(method, pc).into_option() else {
                    lines.push(-1);
                    continue;
                };
                lines.push(insn.line);
                let m = insn.mnemonic.as_str();
                if m.starts_with("if") {
                    branches.insert(pc, vec![insn.targets[0], pc + 1]);
                } else if m.ends_with("switch") {
                    branches.insert(pc, insn.targets.to_vec());
                }
            }
            self.methods.insert(
                method,
                MethodCoverage {
                    class: info.class.to_string(),
                    name: format!("{}{}", info.name, info.descriptor),
                    executed: vec![false; lines.len()],
                    lines,
                    branches,
                    taken: HashSet::new(),
                },
            );
        }
    }

    /// Whether the methods of `class` are analysed.
    fn analyses(&self, class: &str, system: bool) -> bool {
        let included = if self.include.is_empty() {
            !system || self.include_system
        } else {
            any_matches(&self.include, class)
        };
        included && !any_matches(&self.exclude, class)
    }

    /// Methods grouped by class, in name order.
    fn by_class(&self) -> BTreeMap<&str, Vec<&MethodCoverage>> {
        let mut classes: BTreeMap<&str, Vec<&MethodCoverage>> = BTreeMap::new();
        for m in self.methods.values() {
            classes.entry(m.class.as_str()).or_default().push(m);
        }
        classes
    }
}

impl Listener for Coverage {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(Coverage {
            include_system: config.bool("coverage.include_system", false)?,
            include: config.list("coverage.include"),
            exclude: config.list("coverage.exclude"),
            show_methods: config.bool("coverage.show_methods", false)?,
            methods: BTreeMap::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[EventKind::ClassLoaded, EventKind::InstructionExecuted])
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            EventKind::ClassLoaded => self.class_loaded(host, event.text.as_str()),
            EventKind::InstructionExecuted => {
                let Some(m) = self.methods.get_mut(&event.method) else {
                    return;
                };
                if let Some(e) = m.executed.get_mut(event.pc as usize) {
                    *e = true;
                }
                if event.value >= 0 && m.branches.contains_key(&event.pc) {
                    m.taken.insert((event.pc, event.value as u32));
                }
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<15} {:<15} {:<15} class / method",
            "bytecode", "lines", "branches"
        );
        for (class, methods) in self.by_class() {
            let (mut b, mut l, mut br) = (Ratio::default(), Ratio::default(), Ratio::default());
            for m in &methods {
                b.add(m.bytecode());
                l.add(m.source_lines());
                br.add(m.branch_outcomes());
            }
            let _ = writeln!(out, "{} {} {} {class}", b.text(), l.text(), br.text());
            for m in methods.iter().filter(|_| self.show_methods) {
                let _ = writeln!(
                    out,
                    "{} {} {}   {}",
                    m.bytecode().text(),
                    m.source_lines().text(),
                    m.branch_outcomes().text(),
                    m.name
                );
            }
        }
        Some(out)
    }

    fn report_json(&mut self) -> Option<String> {
        let classes: Vec<Value> = self
            .by_class()
            .into_iter()
            .map(|(class, methods)| {
                let (mut b, mut l, mut br) = (Ratio::default(), Ratio::default(), Ratio::default());
                let list: Vec<Value> = methods
                    .iter()
                    .map(|m| {
                        b.add(m.bytecode());
                        l.add(m.source_lines());
                        br.add(m.branch_outcomes());
                        json!({
                            "method": m.name,
                            "bytecode": m.bytecode().json(),
                            "lines": m.source_lines().json(),
                            "branches": m.branch_outcomes().json(),
                        })
                    })
                    .collect();
                json!({
                    "class": class,
                    "bytecode": b.json(),
                    "lines": l.json(),
                    "branches": br.json(),
                    "methods": list,
                })
            })
            .collect();
        Some(json!({ "classes": classes }).to_string())
    }
}
