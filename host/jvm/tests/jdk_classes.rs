//! Real class files pass rpf's checks: every method of every class in the installed JDK's
//! module image decodes and verifies (operand stack heights from the instruction table).

use rpf_jvm::classfile::ClassFile;
use rpf_jvm::classpath::find_java_home;
use rpf_jvm::classpath::jimage::JImage;

#[test]
fn every_method_of_the_jdk_verifies() {
    let home = find_java_home(None).expect("a JDK is needed for this test");
    let image = JImage::open(&home.modules()).expect("open the JDK image");
    let names: Vec<String> = image.names().filter(|n| n.ends_with(".class")).collect();
    let mut methods = 0;
    for name in &names {
        let bytes = image
            .resource(name)
            .expect("read the JDK image")
            .expect("a listed resource");
        let class = ClassFile::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        methods += class.methods.iter().filter(|m| m.code.is_some()).count();
    }
    assert!(names.len() > 10_000, "only {} classes found", names.len());
    assert!(methods > 100_000, "only {methods} methods with code");
}
