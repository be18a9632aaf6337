//! Every native rpf registers, and every method whose meaning it declares, names a method
//! that exists in the JDK's class library or rpf's model classes: a registration for a
//! misspelled name or a wrong descriptor would silently never bind.

use rpf_jvm::classfile::ClassFile;
use rpf_jvm::classpath::{find_java_home, ClassPath};
use rpf_jvm::natives::registry::NativeRegistry;
use rpf_jvm::Plain;

#[test]
fn every_registered_native_names_a_method_that_exists() {
    let home = find_java_home(None).expect("a JDK is needed for this test");
    let classpath = ClassPath::new(&[], Some(&home.modules())).expect("open the JDK image");
    let (_, index) = NativeRegistry::<Plain>::standard().split();
    let mut missing = Vec::new();
    let mut checked = 0;
    for ((class, name, desc), _) in index.entries() {
        if class.is_empty() {
            // The no-op that `registerNatives()` / `initIDs()` bind to, for any class.
            continue;
        }
        let found = match classpath.find(class) {
            Ok(Some(found)) => found,
            _ => {
                missing.push(format!("{class} (no such class)"));
                continue;
            }
        };
        let file = ClassFile::parse(&found.bytes).expect("a class of the library parses");
        let exists = file
            .methods
            .iter()
            .any(|m| &*m.name == name && &*m.desc == desc);
        if !exists {
            missing.push(format!("{class}.{name}{desc}"));
        }
        checked += 1;
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "{} registered natives name no method:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    assert!(checked > 300, "only {checked} natives checked");
}
