//! Reader for the JDK's `lib/modules` image (the "jimage" format).
//!
//! Layout (native byte order): a 7-word header (magic 0xCAFEDADA, version, flags, resource
//! count, table length, locations size, strings size), then a perfect-hash redirect table, a
//! table of location offsets, the location attribute bytes and a string table; resource bytes
//! follow the index. Only the index is read into memory; resources are read on demand.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

const MAGIC: u32 = 0xCAFE_DADA;
const HASH_MULTIPLIER: i32 = 0x0100_0193;
const HEADER_WORDS: usize = 7;

const ATTR_MODULE: usize = 1;
const ATTR_PARENT: usize = 2;
const ATTR_BASE: usize = 3;
const ATTR_EXTENSION: usize = 4;
const ATTR_OFFSET: usize = 5;
const ATTR_COMPRESSED: usize = 6;
const ATTR_UNCOMPRESSED: usize = 7;

/// Problems reading the image.
#[derive(Debug, thiserror::Error)]
pub enum JImageError {
    /// The file could not be opened or read.
    #[error("cannot read JDK image {path}: {source}")]
    Io {
        /// Image path.
        path: PathBuf,
        /// Cause.
        source: std::io::Error,
    },
    /// The file is not a jimage or is damaged.
    #[error("{path} is not a readable JDK module image: {reason}")]
    Format {
        /// Image path.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The resource is stored compressed, which rpf does not decompress.
    #[error("{name} in {path} is stored compressed (jlink --compress); rpf reads only uncompressed JDK images — use a JDK whose lib/modules is uncompressed, such as Debian's")]
    Compressed {
        /// Image path.
        path: PathBuf,
        /// Resource name.
        name: String,
    },
}

/// An open module image.
pub struct JImage {
    path: PathBuf,
    file: File,
    little_endian: bool,
    table_length: u32,
    redirect: Vec<i32>,
    offsets: Vec<u32>,
    locations: Vec<u8>,
    strings: Vec<u8>,
    index_size: u64,
    /// package (with '/') -> module, built on first need.
    packages: std::cell::OnceCell<HashMap<String, String>>,
}

impl std::fmt::Debug for JImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JImage").field("path", &self.path).finish()
    }
}

fn hash(seed: i32, bytes: &[u8]) -> i32 {
    // Names here are plain UTF-8 without NULs, for which the image's hash is byte-wise FNV.
    bytes
        .iter()
        .fold(seed, |h, &b| h.wrapping_mul(HASH_MULTIPLIER) ^ i32::from(b))
}

impl JImage {
    /// Opens the image and reads its index.
    pub fn open(path: &Path) -> Result<JImage, JImageError> {
        let io = |source| JImageError::Io {
            path: path.to_path_buf(),
            source,
        };
        let format = |reason: &str| JImageError::Format {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        };
        let file = File::open(path).map_err(io)?;
        let mut header = [0u8; HEADER_WORDS * 4];
        file.read_exact_at(&mut header, 0)
            .map_err(|_| format("shorter than its header"))?;
        let le = u32::from_le_bytes([header[0], header[1], header[2], header[3]]);
        let be = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
        let little_endian = if le == MAGIC {
            true
        } else if be == MAGIC {
            false
        } else {
            return Err(format("bad magic number"));
        };
        let word = |i: usize| {
            let b = [
                header[i * 4],
                header[i * 4 + 1],
                header[i * 4 + 2],
                header[i * 4 + 3],
            ];
            if little_endian {
                u32::from_le_bytes(b)
            } else {
                u32::from_be_bytes(b)
            }
        };
        if word(1) >> 16 != 1 {
            return Err(format("unsupported image version"));
        }
        let table_length = word(4);
        let locations_size = word(5) as usize;
        let strings_size = word(6) as usize;
        if table_length == 0 {
            return Err(format("empty location table"));
        }
        let tables = table_length as usize * 4;
        let index_size = HEADER_WORDS * 4 + 2 * tables + locations_size + strings_size;
        let file_len = file.metadata().map_err(io)?.len();
        if index_size as u64 > file_len {
            return Err(format("index larger than the file"));
        }
        let mut index = vec![0u8; index_size - HEADER_WORDS * 4];
        file.read_exact_at(&mut index, (HEADER_WORDS * 4) as u64)
            .map_err(io)?;
        let read_words = |bytes: &[u8]| -> Vec<u32> {
            bytes
                .chunks_exact(4)
                .map(|c| {
                    let b = [c[0], c[1], c[2], c[3]];
                    if little_endian {
                        u32::from_le_bytes(b)
                    } else {
                        u32::from_be_bytes(b)
                    }
                })
                .collect()
        };
        let redirect = read_words(&index[..tables])
            .into_iter()
            .map(|w| w as i32)
            .collect();
        let offsets = read_words(&index[tables..2 * tables]);
        let locations = index[2 * tables..2 * tables + locations_size].to_vec();
        let strings = index[2 * tables + locations_size..].to_vec();
        Ok(JImage {
            path: path.to_path_buf(),
            file,
            little_endian,
            table_length,
            redirect,
            offsets,
            locations,
            strings,
            index_size: index_size as u64,
            packages: std::cell::OnceCell::new(),
        })
    }

    /// The image's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn string(&self, offset: u64) -> Option<&str> {
        let start = usize::try_from(offset).ok()?;
        let rest = self.strings.get(start..)?;
        let end = rest.iter().position(|&b| b == 0)?;
        std::str::from_utf8(&rest[..end]).ok()
    }

    fn attributes(&self, location_index: usize) -> Option<[u64; 8]> {
        let mut pos = *self.offsets.get(location_index)? as usize;
        let mut attrs = [0u64; 8];
        loop {
            let data = *self.locations.get(pos)?;
            pos += 1;
            if data <= 7 {
                return Some(attrs);
            }
            let kind = usize::from(data >> 3);
            let length = usize::from(data & 7) + 1;
            let bytes = self.locations.get(pos..pos + length)?;
            *attrs.get_mut(kind)? = bytes.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
            pos += length;
        }
    }

    fn full_name(&self, attrs: &[u64; 8]) -> Option<String> {
        let mut name = String::new();
        if attrs[ATTR_MODULE] != 0 {
            name.push('/');
            name.push_str(self.string(attrs[ATTR_MODULE])?);
            name.push('/');
        }
        if attrs[ATTR_PARENT] != 0 {
            name.push_str(self.string(attrs[ATTR_PARENT])?);
            name.push('/');
        }
        name.push_str(self.string(attrs[ATTR_BASE])?);
        if attrs[ATTR_EXTENSION] != 0 {
            name.push('.');
            name.push_str(self.string(attrs[ATTR_EXTENSION])?);
        }
        Some(name)
    }

    fn location_index(&self, name: &str) -> Option<usize> {
        let count = self.table_length as i32;
        let slot = (hash(HASH_MULTIPLIER, name.as_bytes()) & 0x7FFF_FFFF) % count;
        let redirect = *self.redirect.get(slot as usize)?;
        let index = match redirect.cmp(&0) {
            std::cmp::Ordering::Less => -redirect - 1,
            std::cmp::Ordering::Greater => (hash(redirect, name.as_bytes()) & 0x7FFF_FFFF) % count,
            std::cmp::Ordering::Equal => return None,
        };
        usize::try_from(index).ok()
    }

    /// Reads a resource by full name, e.g. `/java.base/java/lang/Object.class`.
    pub fn resource(&self, name: &str) -> Result<Option<Vec<u8>>, JImageError> {
        let Some(index) = self.location_index(name) else {
            return Ok(None);
        };
        let Some(attrs) = self.attributes(index) else {
            return Ok(None);
        };
        if self.full_name(&attrs).as_deref() != Some(name) {
            return Ok(None);
        }
        if attrs[ATTR_COMPRESSED] != 0 {
            return Err(JImageError::Compressed {
                path: self.path.clone(),
                name: name.to_string(),
            });
        }
        let size = usize::try_from(attrs[ATTR_UNCOMPRESSED]).unwrap_or(usize::MAX);
        if size > 1 << 30 {
            return Err(JImageError::Format {
                path: self.path.clone(),
                reason: format!("resource {name} claims {size} bytes"),
            });
        }
        let mut bytes = vec![0u8; size];
        self.file
            .read_exact_at(&mut bytes, self.index_size + attrs[ATTR_OFFSET])
            .map_err(|source| JImageError::Io {
                path: self.path.clone(),
                source,
            })?;
        Ok(Some(bytes))
    }

    /// Every resource name in the image.
    pub fn names(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.offsets.len()).filter_map(|i| self.full_name(&self.attributes(i)?))
    }

    /// The module containing `package` (internal form, `java/lang`), if any.
    pub fn module_of_package(&self, package: &str) -> Option<&str> {
        let map = self.packages.get_or_init(|| {
            let mut map = HashMap::new();
            for i in 0..self.offsets.len() {
                let Some(attrs) = self.attributes(i) else {
                    continue;
                };
                if attrs[ATTR_MODULE] == 0 || attrs[ATTR_EXTENSION] == 0 {
                    continue;
                }
                let (Some(module), Some(parent), Some("class")) = (
                    self.string(attrs[ATTR_MODULE]),
                    self.string(attrs[ATTR_PARENT]),
                    self.string(attrs[ATTR_EXTENSION]),
                ) else {
                    continue;
                };
                map.entry(parent.to_string())
                    .or_insert_with(|| module.to_string());
            }
            map
        });
        map.get(package).map(String::as_str)
    }

    /// Whether the image stores words little-endian (diagnostics).
    pub fn is_little_endian(&self) -> bool {
        self.little_endian
    }
}
