//! The file system as the program sees it, in the terms of the POSIX calls the JDK's natives
//! make (open, read, write, stat, rename, ...): either the real one ([`real`]), or a sandbox
//! that keeps the changes of one path of a search in the program state and only ever reads
//! the real file system ([`sandbox`]). Both answer the one [`FileSystem`] trait, so the
//! natives of `java.io` and `java.nio` are written once, whichever the configuration chose.
//!
//! Paths are compared as written, made absolute against the working directory and with `.`
//! and `..` removed lexically ([`absolute`]); symbolic links are followed only on the real
//! file system.

pub mod real;
pub mod sandbox;

use std::path::{Component, Path, PathBuf};

/// Where the program's file operations go (`vm.fs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FsMode {
    /// The real file system: what `java` does.
    #[default]
    Real,
    /// A per-path overlay in the program state over the real file system, which is only
    /// read.
    Sandbox,
}

/// A POSIX error number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Errno(pub i32);

impl Errno {
    /// No such file or directory.
    pub const ENOENT: Errno = Errno(2);
    /// Input/output error.
    pub const EIO: Errno = Errno(5);
    /// Bad file descriptor.
    pub const EBADF: Errno = Errno(9);
    /// Permission denied.
    pub const EACCES: Errno = Errno(13);
    /// File exists.
    pub const EEXIST: Errno = Errno(17);
    /// Not a directory.
    pub const ENOTDIR: Errno = Errno(20);
    /// File too large.
    pub const EFBIG: Errno = Errno(27);
    /// Is a directory.
    pub const EISDIR: Errno = Errno(21);
    /// Invalid argument.
    pub const EINVAL: Errno = Errno(22);
    /// Directory not empty.
    pub const ENOTEMPTY: Errno = Errno(39);
    /// Too many levels of symbolic links.
    pub const ELOOP: Errno = Errno(40);

    /// The error number of a failed real operation.
    pub fn of(e: &std::io::Error) -> Errno {
        Errno(e.raw_os_error().unwrap_or(match e.kind() {
            std::io::ErrorKind::NotFound => 2,
            std::io::ErrorKind::PermissionDenied => 13,
            std::io::ErrorKind::AlreadyExists => 17,
            std::io::ErrorKind::InvalidInput => 22,
            _ => 5,
        }))
    }

    /// The C library's message for this error (`strerror`).
    pub fn message(self) -> &'static str {
        match self.0 {
            1 => "Operation not permitted",
            2 => "No such file or directory",
            5 => "Input/output error",
            9 => "Bad file descriptor",
            13 => "Permission denied",
            17 => "File exists",
            18 => "Invalid cross-device link",
            20 => "Not a directory",
            21 => "Is a directory",
            22 => "Invalid argument",
            27 => "File too large",
            28 => "No space left on device",
            30 => "Read-only file system",
            36 => "File name too long",
            39 => "Directory not empty",
            40 => "Too many levels of symbolic links",
            _ => "Unknown error",
        }
    }
}

/// Why a file operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FsError {
    /// As the real system call would: the program sees this error.
    Os(Errno),
    /// The sandbox cannot model the operation (it names what); the run must stop rather
    /// than touch the real file system or diverge from it.
    Unsupported(String),
}

impl From<Errno> for FsError {
    fn from(e: Errno) -> FsError {
        FsError::Os(e)
    }
}

impl From<std::io::Error> for FsError {
    fn from(e: std::io::Error) -> FsError {
        FsError::Os(Errno::of(&e))
    }
}

/// The result of a file operation.
pub type FsResult<T> = Result<T, FsError>;

/// `open(2)` flags as Linux numbers them (what `sun.nio.fs` passes).
pub mod flags {
    /// Write only.
    pub const O_WRONLY: i32 = 1;
    /// Read and write.
    pub const O_RDWR: i32 = 2;
    /// Create if missing.
    pub const O_CREAT: i32 = 0o100;
    /// With `O_CREAT`: fail if it exists.
    pub const O_EXCL: i32 = 0o200;
    /// Truncate to length 0.
    pub const O_TRUNC: i32 = 0o1000;
    /// Every write appends.
    pub const O_APPEND: i32 = 0o2000;
    /// Do not follow a symbolic link in the last component.
    pub const O_NOFOLLOW: i32 = 0o400000;
}

/// How a file is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenHow {
    /// Reads allowed.
    pub read: bool,
    /// Writes allowed.
    pub write: bool,
    /// Every write goes to the end.
    pub append: bool,
    /// Cut to length 0 when opened.
    pub truncate: bool,
    /// Created if missing.
    pub create: bool,
    /// With `create`: fail if it exists.
    pub exclusive: bool,
    /// Follow a symbolic link in the last component.
    pub follow: bool,
    /// Permission bits of a created file (before the umask).
    pub mode: u32,
}

impl OpenHow {
    /// Reading an existing file.
    pub const READ: OpenHow = OpenHow {
        read: true,
        write: false,
        append: false,
        truncate: false,
        create: false,
        exclusive: false,
        follow: true,
        mode: 0o666,
    };

    /// From `open(2)` flags and mode.
    pub fn from_flags(f: i32, mode: i32) -> OpenHow {
        let access = f & 3;
        OpenHow {
            read: access != flags::O_WRONLY,
            write: access == flags::O_WRONLY || access == flags::O_RDWR,
            append: f & flags::O_APPEND != 0,
            truncate: f & flags::O_TRUNC != 0,
            create: f & flags::O_CREAT != 0,
            exclusive: f & flags::O_EXCL != 0,
            follow: f & flags::O_NOFOLLOW == 0,
            mode: mode as u32 & 0o7777,
        }
    }

    /// Writing a file, created if missing: appending to it, or replacing its content.
    pub fn write(append: bool) -> OpenHow {
        OpenHow {
            read: false,
            write: true,
            append,
            truncate: !append,
            create: true,
            ..OpenHow::READ
        }
    }
}

/// File type bits of `st_mode`.
pub mod kind {
    /// Mask of the type bits.
    pub const S_IFMT: u32 = 0o170000;
    /// Directory.
    pub const S_IFDIR: u32 = 0o040000;
    /// Regular file.
    pub const S_IFREG: u32 = 0o100000;
    /// Symbolic link.
    pub const S_IFLNK: u32 = 0o120000;
}

/// What `stat(2)` tells about a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stat {
    /// Type and permission bits.
    pub mode: u32,
    /// Inode number.
    pub ino: u64,
    /// Device.
    pub dev: u64,
    /// Device, for device files.
    pub rdev: u64,
    /// Hard links.
    pub nlink: u64,
    /// Owner.
    pub uid: u32,
    /// Group.
    pub gid: u32,
    /// Size in bytes.
    pub size: u64,
    /// Last access: seconds and nanoseconds since the epoch.
    pub atime: (i64, i64),
    /// Last modification.
    pub mtime: (i64, i64),
    /// Last status change.
    pub ctime: (i64, i64),
}

impl Stat {
    /// What the real file system says.
    pub fn of(m: &std::fs::Metadata) -> Stat {
        use std::os::unix::fs::MetadataExt;
        Stat {
            mode: m.mode(),
            ino: m.ino(),
            dev: m.dev(),
            rdev: m.rdev(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
            size: m.size(),
            atime: (m.atime(), m.atime_nsec()),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }

    /// Whether it is a directory.
    pub fn is_dir(&self) -> bool {
        self.mode & kind::S_IFMT == kind::S_IFDIR
    }

    /// Whether it is a regular file.
    pub fn is_file(&self) -> bool {
        self.mode & kind::S_IFMT == kind::S_IFREG
    }

    /// Last modification in milliseconds since the epoch.
    pub fn mtime_ms(&self) -> i64 {
        self.mtime.0 * 1000 + self.mtime.1 / 1_000_000
    }
}

/// `access(2)` bits.
pub mod access {
    /// Read permission.
    pub const R_OK: i32 = 4;
    /// Write permission.
    pub const W_OK: i32 = 2;
    /// Execute (search) permission.
    pub const X_OK: i32 = 1;
}

impl Stat {
    /// Whether this process may access the file as `mode` asks (`access::*` bits), as
    /// `access(2)` decides from the permission bits: any of the owner, group and other bits
    /// will do, and the superuser may read and write anything, and execute what has some
    /// execute bit (or search any directory).
    pub fn permits(&self, mode: i32) -> bool {
        let needs = [
            (access::R_OK, 0o444),
            (access::W_OK, 0o222),
            (access::X_OK, 0o111),
        ];
        let superuser = process_owner().0 == 0;
        needs.iter().all(|&(bit, perm)| {
            mode & bit == 0
                || self.mode & perm != 0
                || superuser && (bit != access::X_OK || self.is_dir())
        })
    }
}

/// The user and group this process runs as.
pub(crate) fn process_owner() -> (u32, u32) {
    use std::os::unix::fs::MetadataExt;
    static OWNER: std::sync::OnceLock<(u32, u32)> = std::sync::OnceLock::new();
    *OWNER.get_or_init(|| {
        std::fs::metadata("/proc/self")
            .map(|m| (m.uid(), m.gid()))
            .unwrap_or((0, 0))
    })
}

/// The file operations the JDK's natives make, on the real file system or in a sandbox.
/// Paths are as the program gave them (relative ones against the working directory);
/// descriptors are numbers handed to Java (0 to 2, the standard streams, are not files
/// here). A failed operation leaves everything as it was.
pub trait FileSystem {
    /// Opens a file; its new descriptor.
    fn open(&mut self, path: &Path, how: OpenHow) -> FsResult<i32>;
    /// Closes a descriptor.
    fn close(&mut self, fd: i32) -> FsResult<()>;
    /// A new descriptor for the same open file (`dup(2)`).
    fn dup(&mut self, fd: i32) -> FsResult<i32>;
    /// Reads into `buf` at the descriptor's position (which advances), or at `at`; 0 at the
    /// end.
    fn read(&mut self, fd: i32, buf: &mut [u8], at: Option<u64>) -> FsResult<usize>;
    /// Writes `bytes` at the descriptor's position (which advances), at the end if it
    /// appends, or at `at`.
    fn write(&mut self, fd: i32, bytes: &[u8], at: Option<u64>) -> FsResult<usize>;
    /// Moves the descriptor's position to `to`, or only tells it (`None`).
    fn seek(&mut self, fd: i32, to: Option<u64>) -> FsResult<u64>;
    /// Cuts or extends the file open as `fd` to `len` bytes.
    fn truncate(&mut self, fd: i32, len: u64) -> FsResult<()>;
    /// What the file open as `fd` is.
    fn fstat(&mut self, fd: i32) -> FsResult<Stat>;
    /// What is at `path` (the link itself if `follow` is false and it is one).
    fn stat(&mut self, path: &Path, follow: bool) -> FsResult<Stat>;
    /// Checks `access(2)` permissions (`access::*` bits; 0 only checks existence).
    fn access(&mut self, path: &Path, mode: i32) -> FsResult<()>;
    /// The names in a directory (without `.` and `..`), in the order `readdir` gives them.
    fn list(&mut self, path: &Path) -> FsResult<Vec<Vec<u8>>>;
    /// Opens a directory stream; its handle.
    fn opendir(&mut self, path: &Path) -> FsResult<i64>;
    /// The next name of a directory stream (`.` and `..` included), `None` at its end.
    fn readdir(&mut self, handle: i64) -> FsResult<Option<Vec<u8>>>;
    /// Closes a directory stream.
    fn closedir(&mut self, handle: i64) -> FsResult<()>;
    /// Creates a directory.
    fn mkdir(&mut self, path: &Path, mode: u32) -> FsResult<()>;
    /// Removes an empty directory.
    fn rmdir(&mut self, path: &Path) -> FsResult<()>;
    /// Removes a name that is not a directory.
    fn unlink(&mut self, path: &Path) -> FsResult<()>;
    /// Renames, replacing what `to` named.
    fn rename(&mut self, from: &Path, to: &Path) -> FsResult<()>;
    /// Makes `link` another name of the file `target`.
    fn link(&mut self, target: &Path, link: &Path) -> FsResult<()>;
    /// Creates a symbolic link at `link` pointing to `target`.
    fn symlink(&mut self, target: &Path, link: &Path) -> FsResult<()>;
    /// What a symbolic link points to.
    fn readlink(&mut self, path: &Path) -> FsResult<Vec<u8>>;
    /// The absolute path of an existing file with every symbolic link resolved.
    fn realpath(&mut self, path: &Path) -> FsResult<Vec<u8>>;
    /// `java.io.File.getCanonicalPath`: as `realpath` for the part of the path that exists,
    /// the rest only normalized.
    fn canonicalize(&mut self, path: &Path) -> FsResult<Vec<u8>>;
    /// Changes permission bits.
    fn chmod(&mut self, path: &Path, mode: u32) -> FsResult<()>;
    /// Sets the last modification time (milliseconds since the epoch).
    fn set_modified(&mut self, path: &Path, ms: i64) -> FsResult<()>;
}

/// `path` made absolute against the working directory, with `.` and `..` removed lexically.
pub fn absolute(path: &Path) -> PathBuf {
    let joined;
    let path = if path.is_absolute() {
        path
    } else {
        joined = std::env::current_dir()
            .unwrap_or_else(|_| PathBuf::from("/"))
            .join(path);
        &joined
    };
    let mut out = PathBuf::from("/");
    for c in path.components() {
        match c {
            Component::Normal(name) => out.push(name),
            Component::ParentDir => {
                out.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    out
}

/// `java.io.File.getCanonicalPath` as the JDK computes it on Unix: the longest prefix of the
/// absolute path that `realpath` resolves, resolved, and the rest appended.
pub fn canonical(path: &Path, realpath: impl Fn(&Path) -> Option<PathBuf>) -> PathBuf {
    let path = absolute(path);
    let mut rest = Vec::new();
    let mut prefix = path.as_path();
    loop {
        if let Some(mut resolved) = realpath(prefix) {
            resolved.extend(rest.iter().rev());
            return resolved;
        }
        match (prefix.parent(), prefix.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                prefix = parent;
            }
            _ => return path.clone(),
        }
    }
}
