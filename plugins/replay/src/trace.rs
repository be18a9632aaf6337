//! The choice trace file: a header line naming the format, then one line per transition of
//! the path with the choices it started with, as `Host::transition_choices` gives them
//! (`schedule=thread 1, verifyGetInt=3`). Other lines starting with `#` are comments (the
//! verbose form's thread names); every other line, an empty one too, is a transition.

use std::fmt::Write as _;
use std::path::Path;

/// The first line of every trace file.
pub const HEADER: &str = "# rpf choice trace v1";

/// One transition of a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The choices it started with.
    pub choices: String,
    /// The name of the thread that ran it.
    pub thread: String,
}

/// The file text for `path`; `comment` (the verbose form) adds why it was stored and, before
/// each transition, its depth and thread.
pub fn render(path: &[Step], comment: Option<&str>) -> String {
    let mut text = format!("{HEADER}\n");
    if let Some(why) = comment {
        let _ = writeln!(text, "# stored: {}", why.replace('\n', " "));
    }
    for (i, step) in path.iter().enumerate() {
        if comment.is_some() {
            let _ = writeln!(text, "# depth {}, thread {}", i + 1, step.thread);
        }
        let _ = writeln!(text, "{}", step.choices);
    }
    text
}

/// The transitions' choice lines of a trace file's text; `Err` says what is wrong.
pub fn parse(text: &str) -> Result<Vec<String>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, first)) if first.trim_end() == HEADER => {}
        _ => {
            return Err(format!(
                "not a choice trace: the first line must be `{HEADER}`"
            ))
        }
    }
    let mut choices = Vec::new();
    for (i, line) in lines {
        let line = line.trim_end();
        if line.starts_with('#') {
            continue;
        }
        if !line.is_empty() && !line.split(", ").all(is_choice) {
            return Err(format!(
                "line {}: expected choices as `id=value, id=value`, got \"{line}\"",
                i + 1
            ));
        }
        choices.push(line.to_string());
    }
    Ok(choices)
}

/// Whether `text` is one `id=value` choice.
fn is_choice(text: &str) -> bool {
    text.split_once('=')
        .is_some_and(|(id, value)| !id.trim().is_empty() && !value.trim().is_empty())
}

/// Reads and parses a trace file; `Err` names the file.
pub fn read(file: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read choice trace {}: {e}", file.display()))?;
    parse(&text).map_err(|e| format!("choice trace {}: {e}", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(choices: &str, thread: &str) -> Step {
        Step {
            choices: choices.into(),
            thread: thread.into(),
        }
    }

    #[test]
    fn rendered_traces_parse_back() {
        let path = [
            step("root=thread 0", "main"),
            step("schedule=thread 1, random=3", "status"),
        ];
        let plain = render(&path, None);
        assert_eq!(
            plain,
            "# rpf choice trace v1\nroot=thread 0\nschedule=thread 1, random=3\n"
        );
        let verbose = render(&path, Some("depth 2"));
        assert!(verbose.contains("# depth 2, thread status\n"));
        let lines = vec!["root=thread 0", "schedule=thread 1, random=3"];
        assert_eq!(parse(&plain).unwrap(), lines);
        assert_eq!(parse(&verbose).unwrap(), lines);
    }

    #[test]
    fn malformed_traces_are_refused() {
        assert!(parse("root=thread 0\n").unwrap_err().contains("first line"));
        assert!(parse("").is_err());
        let bad = parse("# rpf choice trace v1\nroot=thread 0\nnonsense\n").unwrap_err();
        assert_eq!(
            bad,
            "line 3: expected choices as `id=value, id=value`, got \"nonsense\""
        );
        assert!(parse("# rpf choice trace v1\n=3\n").is_err());
        assert_eq!(
            parse("# rpf choice trace v1\n").unwrap(),
            Vec::<String>::new()
        );
    }
}
