//! Where class bytes come from: rpf's model classes, the JDK's module image, and the user's
//! class path of directories and jar files.

mod jdk;
pub mod jimage;

use std::cell::RefCell;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

pub use jdk::{find_java_home, JavaHome};
use jimage::{JImage, JImageError};

/// Which defining loader a class belongs to; decides `getClassLoader()` and assertion status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loader {
    /// The bootstrap loader: JDK classes and rpf's models.
    Boot,
    /// The application class loader: the user's class path.
    App,
}

/// Class bytes and where they were found.
#[derive(Debug, Clone)]
pub struct Found {
    /// The class file contents.
    pub bytes: Vec<u8>,
    /// Human readable origin for error messages (`/out/Main.class`, `app.jar!/Main.class`, ...).
    pub origin: String,
    /// The defining loader.
    pub loader: Loader,
    /// The JDK module for image classes.
    pub module: Option<String>,
}

/// Errors reading class path entries (as opposed to a class simply not being there).
#[derive(Debug, thiserror::Error)]
pub enum ClassPathError {
    /// A file on the class path could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// A jar that is not a valid zip archive.
    #[error("{path} is not a valid jar file: {reason}")]
    BadJar {
        /// The jar.
        path: PathBuf,
        /// What the zip reader said.
        reason: String,
    },
    /// The JDK image could not be read.
    #[error(transparent)]
    Image(#[from] JImageError),
}

enum Entry {
    Dir(PathBuf),
    Jar {
        path: PathBuf,
        archive: RefCell<zip::ZipArchive<File>>,
    },
}

/// Model classes compiled from `host/models` at build time.
mod models {
    include!(concat!(env!("OUT_DIR"), "/models.rs"));
}

/// The complete search order for classes.
pub struct ClassPath {
    entries: Vec<Entry>,
    image: Option<JImage>,
}

impl std::fmt::Debug for ClassPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassPath")
            .field("entries", &self.entries.len())
            .field("image", &self.image)
            .finish()
    }
}

impl ClassPath {
    /// Opens the user's class path entries and the JDK image (if any).
    ///
    /// Missing directories are skipped like `java` does; an unreadable or invalid jar is an
    /// error because the user explicitly named it.
    pub fn new(user: &[PathBuf], image: Option<&Path>) -> Result<ClassPath, ClassPathError> {
        let mut entries = Vec::new();
        for path in user {
            if path.is_dir() {
                entries.push(Entry::Dir(path.clone()));
            } else if path.is_file() {
                let file = File::open(path).map_err(|source| ClassPathError::Io {
                    path: path.clone(),
                    source,
                })?;
                let archive = zip::ZipArchive::new(file).map_err(|e| ClassPathError::BadJar {
                    path: path.clone(),
                    reason: e.to_string(),
                })?;
                entries.push(Entry::Jar {
                    path: path.clone(),
                    archive: RefCell::new(archive),
                });
            } else {
                tracing::warn!(path = %path.display(), "class path entry does not exist");
            }
        }
        let image = image.map(JImage::open).transpose()?;
        Ok(ClassPath { entries, image })
    }

    /// Looks a class up by internal name: models, then the JDK, then the user class path.
    pub fn find(&self, name: &str) -> Result<Option<Found>, ClassPathError> {
        if let Some(found) = self.find_boot(name)? {
            return Ok(Some(found));
        }
        self.find_app(name)
    }

    /// The names of all model classes (they replace JDK classes of the same name).
    pub fn model_names() -> impl Iterator<Item = &'static str> {
        models::MODEL_CLASSES.iter().map(|(n, _)| *n)
    }

    /// The JDK module holding `package` (internal form), if the JDK image has it.
    pub fn module_of_package(&self, package: &str) -> Option<String> {
        self.image
            .as_ref()?
            .module_of_package(package)
            .map(str::to_string)
    }

    /// The bytes of a model class.
    pub fn model(name: &str) -> Option<&'static [u8]> {
        models::MODEL_CLASSES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, b)| *b)
    }

    fn find_boot(&self, name: &str) -> Result<Option<Found>, ClassPathError> {
        if let Some(bytes) = Self::model(name) {
            return Ok(Some(Found {
                bytes: bytes.to_vec(),
                origin: format!("rpf model {name}.class"),
                loader: Loader::Boot,
                module: Some("java.base".to_string()).filter(|_| !is_rpf_api(name)),
            }));
        }
        let Some(image) = &self.image else {
            return Ok(None);
        };
        let package = name.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        let Some(module) = image.module_of_package(package) else {
            return Ok(None);
        };
        let resource = format!("/{module}/{name}.class");
        Ok(image.resource(&resource)?.map(|bytes| Found {
            bytes,
            origin: format!("jrt:{resource}"),
            loader: Loader::Boot,
            module: Some(module.to_string()),
        }))
    }

    fn find_app(&self, name: &str) -> Result<Option<Found>, ClassPathError> {
        let relative = format!("{name}.class");
        for entry in &self.entries {
            match entry {
                Entry::Dir(dir) => {
                    let path = dir.join(&relative);
                    match std::fs::read(&path) {
                        Ok(bytes) => {
                            return Ok(Some(Found {
                                bytes,
                                origin: path.display().to_string(),
                                loader: Loader::App,
                                module: None,
                            }))
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                        Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => {}
                        Err(source) => return Err(ClassPathError::Io { path, source }),
                    }
                }
                Entry::Jar { path, archive } => {
                    let mut archive = archive.borrow_mut();
                    let Ok(mut file) = archive.by_name(&relative) else {
                        continue;
                    };
                    let mut bytes = Vec::with_capacity(file.size().min(1 << 24) as usize);
                    file.read_to_end(&mut bytes)
                        .map_err(|source| ClassPathError::Io {
                            path: path.clone(),
                            source,
                        })?;
                    return Ok(Some(Found {
                        bytes,
                        origin: format!("{}!/{relative}", path.display()),
                        loader: Loader::App,
                        module: None,
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Reads a resource of the JDK image: from module `module`, or from the module that owns
    /// the resource's package.
    pub fn jdk_resource(&self, module: Option<&str>, name: &str) -> Option<Vec<u8>> {
        let image = self.image.as_ref()?;
        let package = name.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        let module = match module {
            Some(m) => m,
            None => image.module_of_package(package)?,
        };
        image.resource(&format!("/{module}/{name}")).ok().flatten()
    }

    /// Reads a non-class resource (e.g. for `getResourceAsStream`) from the user class path.
    pub fn resource(&self, name: &str) -> Option<Vec<u8>> {
        self.entries.iter().find_map(|entry| match entry {
            Entry::Dir(dir) => std::fs::read(dir.join(name)).ok(),
            Entry::Jar { archive, .. } => {
                let mut archive = archive.borrow_mut();
                let mut file = archive.by_name(name).ok()?;
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes).ok()?;
                Some(bytes)
            }
        })
    }
}

/// rpf's own API classes (`gov.nasa.jpf.vm.Verify`, ...) are not JDK classes.
fn is_rpf_api(name: &str) -> bool {
    !(name.starts_with("java/") || name.starts_with("jdk/") || name.starts_with("sun/"))
}
