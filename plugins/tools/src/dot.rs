//! The explored state graph in Graphviz DOT.

use std::collections::BTreeMap;
use std::fmt::Write;

use rpf_plugin_api::{
    flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener, StateNumbers,
};

/// A state's look in the graph.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Node {
    end: bool,
    error: bool,
}

/// Records states and transitions; writes the graph when the search finishes.
pub struct StateSpaceDot {
    file: String,
    numbers: StateNumbers,
    nodes: BTreeMap<usize, Node>,
    edges: Vec<(usize, usize, String)>,
    written: Option<Result<String, String>>,
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

impl StateSpaceDot {
    fn render(&self) -> String {
        let mut out = String::from("digraph \"state space\" {\n  node [shape=circle];\n");
        for (id, node) in &self.nodes {
            let style = match (node.error, node.end) {
                (true, _) => ", style=filled, fillcolor=red",
                (false, true) => ", shape=doublecircle",
                _ => "",
            };
            let _ = writeln!(out, "  s{id} [label=\"{id}\"{style}];");
        }
        for (from, to, label) in &self.edges {
            let _ = writeln!(out, "  s{from} -> s{to} [label=\"{}\"];", escape(label));
        }
        out.push_str("}\n");
        out
    }
}

impl Listener for StateSpaceDot {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let file = config
            .get("statespace.file")
            .unwrap_or("state-space.dot")
            .to_string();
        Ok(StateSpaceDot {
            file,
            numbers: StateNumbers::default(),
            nodes: BTreeMap::new(),
            edges: Vec::new(),
            written: None,
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[
            EventKind::SearchStarted,
            EventKind::StateAdvanced,
            EventKind::SearchFinished,
        ])
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            EventKind::SearchStarted => {
                let initial = self.numbers.number(event.value);
                self.nodes.entry(initial).or_default();
            }
            EventKind::StateAdvanced => {
                let from = self.numbers.number(event.other);
                let to = self.numbers.number(event.value);
                let node = self.nodes.entry(to).or_default();
                node.end |= event.flags & flags::END_STATE != 0;
                node.error |= event.flags & flags::ERROR_STATE != 0;
                let label = host.transition_choices().into_string();
                self.edges.push((from, to, label));
            }
            EventKind::SearchFinished => {
                self.written = Some(
                    std::fs::write(&self.file, self.render())
                        .map(|()| self.file.clone())
                        .map_err(|e| format!("cannot write {}: {e}", self.file)),
                );
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        Some(match &self.written {
            Some(Ok(file)) => format!(
                "wrote {} states and {} transitions to {file}\n",
                self.nodes.len(),
                self.edges.len()
            ),
            Some(Err(e)) => format!("{e}\n"),
            None => "the search did not finish; no graph written\n".to_string(),
        })
    }
}
