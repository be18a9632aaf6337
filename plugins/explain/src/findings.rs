//! What an explaining listener found, one explanation per violation, and how it appears in
//! the console and JSON reports.

use serde_json::{json, Value};

/// Explanations as console text and JSON, in the order of the violations.
#[derive(Debug, Default)]
pub struct Findings(Vec<(String, Value)>);

impl Findings {
    /// Adds the explanation of one violation.
    pub fn push(&mut self, text: String, json: Value) {
        self.0.push((text, json));
    }

    /// The console section: every explanation, a blank line between them.
    pub fn report(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| {
            self.0
                .iter()
                .map(|(text, _)| text.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        })
    }

    /// The JSON report's value: the explanations as a list under `key`.
    pub fn json(&self, key: &str) -> Option<String> {
        let all: Vec<&Value> = self.0.iter().map(|(_, json)| json).collect();
        Some(json!({ key: all }).to_string())
    }
}
