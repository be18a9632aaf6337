//! When the symbolic plugin runs without being named: a program whose classes read
//! `Verifier.nondetInt()` or its integer and floating-point siblings, inputs that have no
//! meaning but a symbolic one (SV-COMP's convention), is checked with `rpf.Symbolic` as its
//! bytecode factory, if the plugin is on the plugin path.

use std::collections::HashSet;
use std::io::Read;
use std::path::PathBuf;

use rpf_config::{keys, Config, ConfigError};
use rpf_jvm::classfile::{ClassFile, Constant};
use rpf_plugin_api::ComponentKind;

use super::Catalog;

/// The symbolic execution component.
pub const COMPONENT: &str = "rpf.Symbolic";

/// SPF's key naming the methods to execute symbolically.
const METHODS: &str = "symbolic.method";

/// rpf's key making `Verify.getInt(name)` and `getDouble(name)` symbolic inputs.
const SYMBOLIC: &str = "symbolic";

/// The class whose `nondet*` methods are symbolic inputs.
const VERIFIER: &str = "org/sosy_lab/sv_benchmarks/Verifier";

/// The `Verifier` methods the plugin makes symbolic.
const SYMBOLIC_INPUTS: &[&str] = &[
    "nondetInt",
    "nondetLong",
    "nondetShort",
    "nondetByte",
    "nondetChar",
    "nondetString",
    "nondetFloat",
    "nondetDouble",
];

/// Class files read at most while looking for `Verifier` calls (a program that large is not
/// an SV-COMP task; it can still name the factory).
const MAX_CLASS_FILES: usize = 20_000;

/// Names `rpf.Symbolic` as the bytecode factory when none is configured and either
/// `symbolic.method` names methods to analyse or `symbolic=true` (an error if the plugin is
/// missing), or a class
/// the program's main class refers to (directly or through other classes on `classpath`)
/// calls a symbolic `Verifier` input (then only if the plugin is found).
pub fn enable_for_inputs(
    config: &mut Config,
    main_class: &str,
    classpath: &[PathBuf],
) -> Result<(), ConfigError> {
    if keys::VM_INSN_FACTORY_CLASS.get(config)?.is_some() {
        return Ok(());
    }
    // Asked for by name: SPF's method list, or `symbolic=true` for `Verify.getInt(name)`/`getDouble(name)`.
    let methods = config.contains(METHODS) || config.get(SYMBOLIC).is_some_and(|v| v == "true");
    if !methods && !reads_inputs(main_class, classpath) {
        return Ok(());
    }
    let mut catalog = Catalog::new(keys::PLUGIN_PATH.get(config)?.unwrap_or_default());
    if !matches!(
        catalog.find(ComponentKind::BytecodeFactory, COMPONENT),
        Ok(Some(_))
    ) {
        if methods {
            let key = if config.contains(METHODS) {
                METHODS
            } else {
                SYMBOLIC
            };
            return Err(config.invalid(
                key,
                format!("needs {COMPONENT} (rpf-plugin-symbolic), which is not on the plugin path"),
            ));
        }
        tracing::warn!("the program reads Verifier.nondet* inputs, but {COMPONENT} (rpf-plugin-symbolic) is not on the plugin path");
        return Ok(());
    }
    tracing::info!("{COMPONENT} executes the program's inputs symbolically");
    config.set(keys::VM_INSN_FACTORY_CLASS.name, COMPONENT);
    Ok(())
}

/// Whether a class reachable from `main_class` through the constant pools of the classes on
/// `classpath` calls a symbolic `Verifier` input.
fn reads_inputs(main_class: &str, classpath: &[PathBuf]) -> bool {
    let mut jars: Vec<Option<zip::ZipArchive<std::fs::File>>> = classpath
        .iter()
        .map(|e| {
            (!e.is_dir())
                .then(|| std::fs::File::open(e).ok())
                .flatten()
                .and_then(|f| zip::ZipArchive::new(f).ok())
        })
        .collect();
    let mut seen = HashSet::new();
    let mut work = vec![main_class.replace('.', "/")];
    while let Some(name) = work.pop() {
        if name == VERIFIER || seen.len() >= MAX_CLASS_FILES || !seen.insert(name.clone()) {
            continue;
        }
        let Some(bytes) = class_bytes(&name, classpath, &mut jars) else {
            continue;
        };
        let Ok(class) = ClassFile::parse(&bytes) else {
            continue;
        };
        for constant in &class.pool {
            match constant {
                Constant::MethodRef(m)
                    if &*m.class == VERIFIER && SYMBOLIC_INPUTS.contains(&&*m.name) =>
                {
                    return true;
                }
                Constant::Class(c) if !c.starts_with('[') => work.push(c.to_string()),
                _ => {}
            }
        }
    }
    false
}

/// The class file of `name` (internal form) on the class path, if it is there.
fn class_bytes(
    name: &str,
    classpath: &[PathBuf],
    jars: &mut [Option<zip::ZipArchive<std::fs::File>>],
) -> Option<Vec<u8>> {
    let file = format!("{name}.class");
    for (entry, jar) in classpath.iter().zip(jars.iter_mut()) {
        if let Some(jar) = jar {
            if let Ok(mut e) = jar.by_name(&file) {
                let mut bytes = Vec::new();
                if e.read_to_end(&mut bytes).is_ok() {
                    return Some(bytes);
                }
            }
        } else if let Ok(bytes) = std::fs::read(entry.join(&file)) {
            return Some(bytes);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_classes_the_program_reaches_count() {
        let dir = tempfile::tempdir().expect("tempdir");
        // No class files: nothing reads inputs, and a missing main class is no error here.
        assert!(!reads_inputs("Missing", &[dir.path().to_path_buf()]));
    }
}
