//! Finding the installed JDK whose class library rpf interprets.

use std::path::{Path, PathBuf};

/// A JDK installation.
#[derive(Debug, Clone)]
pub struct JavaHome {
    /// The JDK's root directory.
    pub root: PathBuf,
    /// `JAVA_VERSION` from its `release` file (e.g. `17.0.15`).
    pub version: String,
    /// `JAVA_RUNTIME_VERSION` from its `release` file (`17.0.15+6-Debian-1deb12u1`), which
    /// HotSpot also reports as `java.vm.version`.
    pub runtime_version: Option<String>,
}

impl JavaHome {
    /// The module image with the class library.
    pub fn modules(&self) -> PathBuf {
        self.root.join("lib").join("modules")
    }

    /// Major feature version (17 for "17.0.15").
    pub fn feature(&self) -> u32 {
        self.version
            .split(['.', '-', '+'])
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }

    fn at(root: &Path) -> Option<JavaHome> {
        if !root.join("lib").join("modules").is_file() {
            return None;
        }
        let release = std::fs::read_to_string(root.join("release")).unwrap_or_default();
        let entry = |key: &str| {
            release.lines().find_map(|l| {
                l.strip_prefix(key)?
                    .strip_prefix('=')
                    .map(|v| v.trim_matches('"').to_string())
            })
        };
        Some(JavaHome {
            root: root.to_path_buf(),
            version: entry("JAVA_VERSION").unwrap_or_else(|| "unknown".to_string()),
            runtime_version: entry("JAVA_RUNTIME_VERSION"),
        })
    }
}

/// Finds the JDK: the `java.home` setting, else `JAVA_HOME`, else the `java` on `PATH`.
///
/// Returns a message describing every place looked at when none is usable.
pub fn find_java_home(configured: Option<&str>) -> Result<JavaHome, String> {
    let mut tried = Vec::new();
    if let Some(dir) = configured {
        let path = PathBuf::from(dir);
        return JavaHome::at(&path).ok_or_else(|| {
            format!(
                "java.home={dir} is not a JDK (no lib/modules there); set java.home to the root of a JDK 17 installation"
            )
        });
    }
    if let Ok(dir) = std::env::var("JAVA_HOME") {
        if let Some(home) = JavaHome::at(Path::new(&dir)) {
            return Ok(home);
        }
        tried.push(format!("JAVA_HOME={dir} (no lib/modules)"));
    }
    if let Some(java) = which("java") {
        let resolved = std::fs::canonicalize(&java).unwrap_or(java.clone());
        if let Some(root) = resolved.parent().and_then(Path::parent) {
            if let Some(home) = JavaHome::at(root) {
                return Ok(home);
            }
        }
        tried.push(format!("{} on PATH", java.display()));
    } else {
        tried.push("no java on PATH".to_string());
    }
    Err(format!(
        "no JDK found ({}); install a JDK (17 recommended) and set JAVA_HOME or the java.home key",
        tried.join(", ")
    ))
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|candidate| candidate.is_file())
    })
}
