//! `rpf api-jar`: the model-checking API (`gov.nasa.jpf.vm.Verify`, JPF's test base class
//! `gov.nasa.jpf.util.test.TestJPF` and SV-COMP's `org.sosy_lab.sv_benchmarks.Verifier`) as a
//! jar to compile programs and tests against with `javac -cp`.

use std::io::Write;
use std::path::Path;

use zip::write::SimpleFileOptions;

use rpf_jvm::classpath::ClassPath;

/// The API classes a program under test may use.
const API_CLASSES: &[&str] = &[
    "gov/nasa/jpf/vm/Verify",
    "gov/nasa/jpf/util/test/TestJPF",
    "gov/nasa/jpf/util/TypeRef",
    "org/sosy_lab/sv_benchmarks/Verifier",
];

/// Writes the API jar to `path`; the classes written.
pub fn write(path: &Path) -> std::io::Result<Vec<&'static str>> {
    let file = std::fs::File::create(path)?;
    let mut jar = zip::ZipWriter::new(file);
    let options = SimpleFileOptions::default();
    jar.start_file("META-INF/MANIFEST.MF", options)?;
    jar.write_all(b"Manifest-Version: 1.0\r\nCreated-By: rpf\r\n\r\n")?;
    let mut written = Vec::new();
    for &class in API_CLASSES {
        let bytes = ClassPath::model(class).ok_or_else(|| {
            std::io::Error::other(format!("model class {class} is missing from this build"))
        })?;
        jar.start_file(format!("{class}.class"), options)?;
        jar.write_all(bytes)?;
        written.push(class);
    }
    jar.finish()?;
    Ok(written)
}
