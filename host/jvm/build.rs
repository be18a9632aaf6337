//! Compiles rpf's Java model classes (`models/`) with the JDK's `javac` and generates the
//! table that embeds them in the binary.
//!
//! `models/java.base/` holds classes compiled as patches of the `java.base` module (they can
//! use JDK internals); `models/api/` holds rpf's public API (`gov.nasa.jpf.vm.Verify`, ...).

use std::path::{Path, PathBuf};
use std::process::Command;

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            java_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "java") {
            out.push(path);
        }
    }
}

fn class_files(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            class_files(&path, base, out);
        } else if path.extension().is_some_and(|e| e == "class") {
            let rel = path.strip_prefix(base).unwrap_or(&path).with_extension("");
            out.push((rel.to_string_lossy().replace('\\', "/"), path));
        }
    }
}

fn javac() -> PathBuf {
    if let Some(home) = std::env::var_os("JAVA_HOME") {
        let candidate = PathBuf::from(home).join("bin").join("javac");
        if candidate.is_file() {
            return candidate;
        }
    }
    PathBuf::from("javac")
}

fn compile(sources: &[PathBuf], out: &Path, extra: &[&str]) {
    if sources.is_empty() {
        return;
    }
    let javac = javac();
    let status = Command::new(&javac)
        .args(["-nowarn", "-g", "-encoding", "UTF-8", "-d"])
        .arg(out)
        .args(extra)
        .args(sources)
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "rpf needs a JDK to build its model classes, but running {} failed: {e}. Install a JDK (17 recommended) and set JAVA_HOME.",
                javac.display()
            )
        });
    assert!(status.success(), "javac failed on rpf's model classes");
}

fn main() {
    let manifest =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // The model classes live beside the crates that use them (host/models).
    let models = manifest.join("../models");
    println!("cargo:rerun-if-changed=../models");
    println!("cargo:rerun-if-env-changed=JAVA_HOME");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let classes = out_dir.join("model-classes");
    let _ = std::fs::remove_dir_all(&classes);
    std::fs::create_dir_all(&classes).expect("create model class directory");

    let mut base = Vec::new();
    java_files(&models.join("java.base"), &mut base);
    let patch = format!("java.base={}", models.join("java.base").display());
    compile(&base, &classes, &["--patch-module", &patch]);

    let mut api = Vec::new();
    java_files(&models.join("api"), &mut api);
    compile(&api, &classes, &["--release", "8"]);

    let mut found = Vec::new();
    class_files(&classes, &classes, &mut found);
    let mut table = String::from("/// Model classes compiled at build time: (internal name, class bytes).\npub static MODEL_CLASSES: &[(&str, &[u8])] = &[\n");
    for (name, path) in &found {
        table.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            path.display().to_string()
        ));
    }
    table.push_str("];\n");
    std::fs::write(out_dir.join("models.rs"), table).expect("write models.rs");
}
