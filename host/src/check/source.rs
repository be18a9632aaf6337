//! Source lines for error traces, read from the source path when the files are there.

use std::collections::HashMap;
use std::path::PathBuf;

/// Finds and caches source files by package-relative path.
#[derive(Debug, Default)]
pub struct Sources {
    roots: Vec<PathBuf>,
    files: HashMap<String, Option<Vec<String>>>,
}

impl Sources {
    /// Looks for sources under `roots` (and `<root>/../src`, a common layout).
    pub fn new(roots: Vec<PathBuf>) -> Sources {
        let mut all = Vec::new();
        for r in roots {
            all.push(r.join("../src"));
            all.push(r);
        }
        Sources {
            roots: all,
            files: HashMap::new(),
        }
    }

    /// Line `line` (1-based) of the source file `package/File.java`, trimmed.
    pub fn line(&mut self, relative: &str, line: u16) -> Option<String> {
        let roots = &self.roots;
        let lines = self.files.entry(relative.to_string()).or_insert_with(|| {
            roots.iter().find_map(|root| {
                let text = std::fs::read_to_string(root.join(relative)).ok()?;
                Some(text.lines().map(|l| l.trim().to_string()).collect())
            })
        });
        lines
            .as_ref()?
            .get(usize::from(line).checked_sub(1)?)
            .cloned()
    }
}
