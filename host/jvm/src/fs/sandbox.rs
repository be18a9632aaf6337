//! The sandbox: the file system as one path of a search sees it. The real file system is
//! only read; what the path changed — files written, created, truncated, deleted, renamed,
//! directories made or removed, permissions and times set — is an overlay of entries by
//! path, and its open descriptors and directory streams are the sandbox's too. All of it is
//! part of the program state: saving a state clones four reference-counted maps, restoring
//! one puts its file system and descriptors back together, and the fingerprint hashes it
//! ([`Sandbox::hash_into`]). A path that never touches a file keeps the maps empty and
//! shared.
//!
//! The overlay works like a union file system's upper layer: an entry is a file (a *node*
//! holding its content, which open descriptors refer to, so that a deleted or renamed file
//! stays readable through them), a directory (*opaque* when the sandbox made it, so that
//! the real directory's names do not show through), or a *whiteout* hiding a real name. A
//! file's content is read from the real file until the path writes to it; then it is copied
//! into memory (once per saved state that shares it).
//!
//! Files the sandbox changes get the program's clock as their modification time (virtual
//! time under the checker, so that paths writing the same content at the same moment reach
//! the same state); the VM sets it before each operation ([`Sandbox::set_time`]).

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::ops::Bound;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::hash::bytes_into;

use super::{absolute, canonical, kind, Errno, FileSystem, FsError, FsResult, OpenHow, Stat};

/// Permission bits the sandbox clears from created files and directories (the usual umask).
const UMASK: u32 = 0o022;

/// The largest file the sandbox holds in memory (larger writes fail as on a file system
/// with this limit).
const MAX_FILE: u64 = 1 << 31;

/// The device number `stat` gives files and directories the sandbox made.
const SANDBOX_DEV: u64 = 0x5A4D;

/// A path's changes to the file system, its open files and directory streams.
#[derive(Debug, Clone, Default)]
pub struct Sandbox {
    /// What the path changed, by absolute path.
    entries: Rc<BTreeMap<PathBuf, Entry>>,
    /// Files the sandbox holds (named by entries or open), by node number.
    nodes: Rc<BTreeMap<u32, Node>>,
    /// Open descriptors.
    fds: Rc<BTreeMap<i32, Open>>,
    /// Open directory streams, by handle.
    dirs: Rc<BTreeMap<i64, Listing>>,
    /// The program's clock: seconds and nanoseconds since the epoch (derived from the
    /// program state's clock, so not hashed).
    now: (i64, i64),
}

/// What the overlay says is at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    /// A file: the node holding it.
    File(u32),
    /// A directory.
    Dir(DirMeta),
    /// Nothing: a real name removed.
    Whiteout,
}

/// A directory of the overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DirMeta {
    /// Permission bits.
    mode: u32,
    /// Last modification.
    mtime: (i64, i64),
    /// Made by the sandbox (or taken over whole by a rename): the real directory at its path,
    /// if any, shows nothing through it.
    opaque: bool,
}

/// A file the sandbox holds.
#[derive(Debug, Clone)]
struct Node {
    /// Its content.
    data: Data,
    /// Permission bits.
    mode: u32,
    /// Last modification.
    mtime: (i64, i64),
    /// Whether an entry names it (false once deleted or replaced while open).
    linked: bool,
    /// A real file only opened: it is dropped from the overlay when its last descriptor
    /// closes, as if it had never been there.
    clean: bool,
}

/// A file's content.
#[derive(Debug, Clone)]
enum Data {
    /// That of this real file, unchanged.
    Real(Rc<Path>),
    /// These bytes.
    Bytes(Rc<Vec<u8>>),
}

/// An open descriptor.
#[derive(Debug, Clone, Copy)]
struct Open {
    /// The file.
    node: u32,
    /// Where the next read or write goes.
    pos: u64,
    /// Reads allowed.
    read: bool,
    /// Writes allowed.
    write: bool,
    /// Every write goes to the end.
    append: bool,
}

/// An open directory stream: the names read at `opendir`, and how many were handed out.
#[derive(Debug, Clone)]
struct Listing {
    names: Rc<[Vec<u8>]>,
    next: usize,
}

/// What a path names, the overlay's view over the real file system.
#[derive(Debug, Clone)]
enum What {
    /// A file of the sandbox.
    Node(u32),
    /// A directory of the overlay.
    Dir(DirMeta),
    /// A real directory the overlay does not change.
    RealDir(std::fs::Metadata),
    /// Some other real file the overlay does not change.
    RealFile(std::fs::Metadata),
}

impl What {
    fn is_dir(&self) -> bool {
        matches!(self, What::Dir(_) | What::RealDir(_))
    }
}

/// The process's user and group (those of `/proc/self`), which own what the sandbox makes.
/// Permission bits do not bind the superuser to read or write (see [`Stat::permits`]).
fn permitted(mode: u32, bit: u32) -> bool {
    super::process_owner().0 == 0 || mode & bit != 0
}

fn name_bytes(path: &Path) -> Vec<u8> {
    path.as_os_str().as_bytes().to_vec()
}

/// The lowest number from `first` on that `taken` does not hold (descriptors and handles are
/// reused as the C library reuses them, so equal states number them equally).
fn lowest_free<K: Ord + Copy + std::ops::Add<Output = K>, V>(
    taken: &BTreeMap<K, V>,
    first: K,
    one: K,
) -> K {
    let mut n = first;
    for &k in taken.range(first..).map(|(k, _)| k) {
        if k != n {
            break;
        }
        n = n + one;
    }
    n
}

impl Sandbox {
    /// Sets the time the operations that follow change files at (milliseconds since the
    /// epoch).
    pub fn set_time(&mut self, epoch_ms: i64) {
        self.now = (
            epoch_ms.div_euclid(1000),
            epoch_ms.rem_euclid(1000) * 1_000_000,
        );
    }

    /// Whether the path changed nothing and holds nothing open.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.fds.is_empty() && self.dirs.is_empty()
    }

    /// Feeds the sandbox's content to `word` in a canonical order: entries by path, nodes
    /// numbered in the order entries and then descriptors first name them.
    pub fn hash_into(&self, word: &mut dyn FnMut(u64)) {
        let mut numbers: BTreeMap<u32, u64> = BTreeMap::new();
        let mut number = |n: u32| {
            let next = numbers.len() as u64;
            *numbers.entry(n).or_insert(next)
        };
        for (path, entry) in self.entries.iter() {
            bytes_into(path.as_os_str().as_bytes(), word);
            match *entry {
                Entry::File(n) => {
                    word(1);
                    word(number(n));
                    self.node_into(n, word);
                }
                Entry::Dir(d) => {
                    word(2 | u64::from(d.opaque) << 8 | u64::from(d.mode) << 16);
                    word(d.mtime.0 as u64);
                    word(d.mtime.1 as u64);
                }
                Entry::Whiteout => word(3),
            }
        }
        for (&fd, open) in self.fds.iter() {
            let linked = self.nodes.get(&open.node).is_some_and(|n| n.linked);
            word(fd as u64);
            word(number(open.node));
            if !linked {
                self.node_into(open.node, word);
            }
            word(open.pos);
            word(u64::from(open.read) | u64::from(open.write) << 1 | u64::from(open.append) << 2);
        }
        for (&handle, listing) in self.dirs.iter() {
            word(handle as u64);
            word(listing.next as u64);
            word(listing.names.len() as u64);
            for name in listing.names.iter() {
                bytes_into(name, word);
            }
        }
    }

    fn node_into(&self, n: u32, word: &mut dyn FnMut(u64)) {
        let Some(node) = self.nodes.get(&n) else {
            return;
        };
        word(u64::from(node.mode) | u64::from(node.linked) << 32 | u64::from(node.clean) << 33);
        word(node.mtime.0 as u64);
        word(node.mtime.1 as u64);
        match &node.data {
            Data::Real(path) => {
                word(1);
                bytes_into(path.as_os_str().as_bytes(), word);
            }
            Data::Bytes(bytes) => {
                word(2);
                bytes_into(bytes, word);
            }
        }
    }

    /// The overlay's say about `path`: its entry, an error if an ancestor's entry hides it,
    /// or `None` when the real file system answers.
    fn look(&self, path: &Path) -> FsResult<Option<Entry>> {
        if self.entries.is_empty() {
            return Ok(None);
        }
        if let Some(&entry) = self.entries.get(path) {
            return Ok(Some(entry));
        }
        for ancestor in path.ancestors().skip(1) {
            match self.entries.get(ancestor) {
                None => continue,
                Some(Entry::Dir(d)) if !d.opaque => return Ok(None),
                Some(Entry::Dir(_)) | Some(Entry::Whiteout) => return Err(Errno::ENOENT.into()),
                Some(Entry::File(_)) => return Err(Errno::ENOTDIR.into()),
            }
        }
        Ok(None)
    }

    /// What `path` (absolute) names; `follow` follows a real symbolic link.
    fn what(&self, path: &Path, follow: bool) -> FsResult<What> {
        match self.look(path)? {
            Some(Entry::File(n)) => Ok(What::Node(n)),
            Some(Entry::Dir(d)) => Ok(What::Dir(d)),
            Some(Entry::Whiteout) => Err(Errno::ENOENT.into()),
            None => {
                let meta = if follow {
                    std::fs::metadata(path)?
                } else {
                    std::fs::symlink_metadata(path)?
                };
                Ok(if meta.is_dir() {
                    What::RealDir(meta)
                } else {
                    What::RealFile(meta)
                })
            }
        }
    }

    /// What `path` names, or `None` if nothing (other errors are errors).
    fn what_if_any(&self, path: &Path) -> FsResult<Option<What>> {
        match self.what(path, false) {
            Ok(w) => Ok(Some(w)),
            Err(FsError::Os(Errno::ENOENT)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Checks that `path`'s parent is a directory new names can be made in.
    fn parent_writable(&self, path: &Path) -> FsResult<()> {
        let parent = path.parent().ok_or(Errno::EEXIST)?;
        match self.what(parent, true)? {
            What::Dir(d) if !permitted(d.mode, 0o200) => Err(Errno::EACCES.into()),
            What::RealDir(m) if !permitted(m.mode(), 0o200) => Err(Errno::EACCES.into()),
            w if w.is_dir() => Ok(()),
            _ => Err(Errno::ENOTDIR.into()),
        }
    }

    fn node(&self, n: u32) -> FsResult<&Node> {
        Ok(self.nodes.get(&n).ok_or(Errno::EBADF)?)
    }

    fn node_mut(&mut self, n: u32) -> FsResult<&mut Node> {
        Ok(Rc::make_mut(&mut self.nodes)
            .get_mut(&n)
            .ok_or(Errno::EBADF)?)
    }

    fn open_fd(&self, fd: i32) -> FsResult<Open> {
        Ok(*self.fds.get(&fd).ok_or(Errno::EBADF)?)
    }

    fn add_node(&mut self, node: Node) -> u32 {
        let n = lowest_free(&self.nodes, 1, 1);
        Rc::make_mut(&mut self.nodes).insert(n, node);
        n
    }

    fn set_entry(&mut self, path: &Path, entry: Entry) {
        Rc::make_mut(&mut self.entries).insert(path.to_path_buf(), entry);
    }

    /// The node of the file at `path`, taking a real file into the overlay (`clean` if only
    /// to be read).
    fn node_at(&mut self, path: &Path, clean: bool) -> FsResult<u32> {
        match self.what(path, true)? {
            What::Node(n) => {
                if !clean {
                    self.node_mut(n)?.clean = false;
                }
                Ok(n)
            }
            What::RealFile(meta) => {
                let n = self.add_node(Node {
                    data: Data::Real(Rc::from(path)),
                    mode: meta.mode() & 0o7777,
                    mtime: (meta.mtime(), meta.mtime_nsec()),
                    linked: true,
                    clean,
                });
                self.set_entry(path, Entry::File(n));
                Ok(n)
            }
            _ => Err(Errno::EISDIR.into()),
        }
    }

    /// Forgets node `n` if nothing names it and no descriptor refers to it.
    fn release(&mut self, n: u32) {
        let open = self.fds.values().any(|o| o.node == n);
        let Some(node) = self.nodes.get(&n) else {
            return;
        };
        if open {
            return;
        }
        if node.clean && node.linked {
            // Only read: the real file shows through again.
            if let Data::Real(path) = &node.data {
                let path = path.to_path_buf();
                Rc::make_mut(&mut self.entries).remove(&path);
            }
        } else if node.linked {
            return;
        }
        Rc::make_mut(&mut self.nodes).remove(&n);
    }

    /// Makes `path` name nothing: removes its entry and hides a real file there.
    fn hide(&mut self, path: &Path) {
        Rc::make_mut(&mut self.entries).remove(path);
        if matches!(self.look(path), Ok(None)) && std::fs::symlink_metadata(path).is_ok() {
            self.set_entry(path, Entry::Whiteout);
        }
    }

    /// The entries strictly below `dir`.
    fn below<'a>(&'a self, dir: &'a Path) -> impl Iterator<Item = (&'a PathBuf, &'a Entry)> + 'a {
        self.entries
            .range::<Path, _>((Bound::Excluded(dir), Bound::Unbounded))
            .take_while(move |(p, _)| p.starts_with(dir))
    }

    fn drop_below(&mut self, dir: &Path) {
        let doomed: Vec<PathBuf> = self.below(dir).map(|(p, _)| p.clone()).collect();
        let entries = Rc::make_mut(&mut self.entries);
        for p in doomed {
            entries.remove(&p);
        }
    }

    /// The names in directory `dir`: the real ones that show through, and the overlay's.
    fn names(&self, dir: &Path) -> FsResult<Vec<Vec<u8>>> {
        let mut names: Vec<Vec<u8>> = match self.what(dir, true)? {
            What::Dir(d) if d.opaque => Vec::new(),
            What::Dir(_) | What::RealDir(_) => std::fs::read_dir(dir)?
                .flatten()
                .map(|e| e.file_name().as_bytes().to_vec())
                .collect(),
            _ => return Err(Errno::ENOTDIR.into()),
        };
        for (path, entry) in self.below(dir).filter(|(p, _)| p.parent() == Some(dir)) {
            let name = path.file_name().map(|n| n.as_bytes()).unwrap_or_default();
            let listed = names.iter().position(|n| n == name);
            match (entry, listed) {
                (Entry::Whiteout, Some(i)) => {
                    names.remove(i);
                }
                (Entry::File(_) | Entry::Dir(_), None) => names.push(name.to_vec()),
                _ => {}
            }
        }
        Ok(names)
    }

    /// Takes directory `dir` into the overlay whole: every real file and directory below it
    /// gets an entry, and it becomes opaque (a rename then moves entries only).
    fn take_over(&mut self, dir: &Path) -> FsResult<()> {
        let meta = match self.what(dir, false)? {
            What::Dir(d) if d.opaque => return Ok(()),
            What::Dir(d) => d,
            What::RealDir(m) => DirMeta {
                mode: m.mode() & 0o7777,
                mtime: (m.mtime(), m.mtime_nsec()),
                opaque: false,
            },
            _ => return Err(Errno::ENOTDIR.into()),
        };
        for name in self.names(dir)? {
            let child = dir.join(OsStr::from_bytes(&name));
            match self.what(&child, false)? {
                w if w.is_dir() => self.take_over(&child)?,
                What::RealFile(m) if m.file_type().is_symlink() => {
                    return Err(FsError::Unsupported(format!(
                        "renaming a directory holding the symbolic link {} in the sandbox",
                        child.display()
                    )))
                }
                _ => {
                    self.node_at(&child, false)?;
                }
            }
        }
        let whiteouts: Vec<PathBuf> = self
            .below(dir)
            .filter(|(p, e)| **e == Entry::Whiteout && p.parent() == Some(dir))
            .map(|(p, _)| p.clone())
            .collect();
        let entries = Rc::make_mut(&mut self.entries);
        for p in whiteouts {
            entries.remove(&p);
        }
        self.set_entry(
            dir,
            Entry::Dir(DirMeta {
                opaque: true,
                ..meta
            }),
        );
        Ok(())
    }

    fn stat_of_node(&self, n: u32) -> FsResult<Stat> {
        let node = self.node(n)?;
        let size = match &node.data {
            Data::Real(path) if node.clean => return Ok(Stat::of(&std::fs::metadata(path)?)),
            Data::Real(path) => std::fs::metadata(path)?.len(),
            Data::Bytes(b) => b.len() as u64,
        };
        let (uid, gid) = super::process_owner();
        Ok(Stat {
            mode: kind::S_IFREG | node.mode,
            ino: u64::from(n),
            dev: SANDBOX_DEV,
            rdev: 0,
            nlink: u64::from(node.linked),
            uid,
            gid,
            size,
            atime: node.mtime,
            mtime: node.mtime,
            ctime: node.mtime,
        })
    }

    fn stat_of(&self, what: &What) -> FsResult<Stat> {
        Ok(match what {
            What::Node(n) => self.stat_of_node(*n)?,
            What::Dir(d) => {
                let (uid, gid) = super::process_owner();
                Stat {
                    mode: kind::S_IFDIR | d.mode,
                    dev: SANDBOX_DEV,
                    nlink: 2,
                    uid,
                    gid,
                    size: 4096,
                    atime: d.mtime,
                    mtime: d.mtime,
                    ctime: d.mtime,
                    ..Stat::default()
                }
            }
            What::RealDir(m) | What::RealFile(m) => Stat::of(m),
        })
    }

    /// The bytes of node `n` to change, copied from the real file or a saved state if need
    /// be.
    fn bytes_mut(&mut self, n: u32) -> FsResult<&mut Vec<u8>> {
        let now = self.now;
        let node = self.node_mut(n)?;
        if let Data::Real(path) = &node.data {
            node.data = Data::Bytes(Rc::new(std::fs::read(path)?));
        }
        node.mtime = now;
        node.clean = false;
        match &mut node.data {
            Data::Bytes(b) => Ok(Rc::make_mut(b)),
            Data::Real(_) => Err(Errno::EIO.into()),
        }
    }
}

/// Feeds `bytes` to `word`: its length, then eight bytes at a time.
fn unsupported<T>(what: &str) -> FsResult<T> {
    Err(FsError::Unsupported(format!(
        "{what} in the sandbox (vm.fs=sandbox; vm.fs=real changes the real file system)"
    )))
}

impl FileSystem for Sandbox {
    fn open(&mut self, path: &Path, how: OpenHow) -> FsResult<i32> {
        let path = absolute(path);
        let n = match self.what(&path, how.follow) {
            Ok(w) if w.is_dir() => return Err(Errno::EISDIR.into()),
            Ok(_) if how.create && how.exclusive => return Err(Errno::EEXIST.into()),
            Ok(What::RealFile(m)) if m.file_type().is_symlink() => {
                return Err(Errno::ELOOP.into());
            }
            Ok(w) => {
                let mode = match &w {
                    What::Node(n) => self.node(*n)?.mode,
                    What::RealFile(m) => m.mode(),
                    _ => 0,
                };
                if how.write && !permitted(mode, 0o200) || how.read && !permitted(mode, 0o400) {
                    return Err(Errno::EACCES.into());
                }
                let n = self.node_at(&path, !how.write)?;
                if how.write && how.truncate {
                    let now = self.now;
                    let node = self.node_mut(n)?;
                    node.data = Data::Bytes(Rc::default());
                    node.mtime = now;
                }
                n
            }
            Err(FsError::Os(Errno::ENOENT)) if how.create => {
                self.parent_writable(&path)?;
                let n = self.add_node(Node {
                    data: Data::Bytes(Rc::default()),
                    mode: how.mode & 0o7777 & !UMASK,
                    mtime: self.now,
                    linked: true,
                    clean: false,
                });
                self.set_entry(&path, Entry::File(n));
                n
            }
            Err(e) => return Err(e),
        };
        let fd = lowest_free(&self.fds, 3, 1);
        Rc::make_mut(&mut self.fds).insert(
            fd,
            Open {
                node: n,
                pos: 0,
                read: how.read,
                write: how.write,
                append: how.append,
            },
        );
        Ok(fd)
    }

    fn close(&mut self, fd: i32) -> FsResult<()> {
        let open = Rc::make_mut(&mut self.fds)
            .remove(&fd)
            .ok_or(Errno::EBADF)?;
        self.release(open.node);
        Ok(())
    }

    fn dup(&mut self, _fd: i32) -> FsResult<i32> {
        unsupported("duplicating a file descriptor")
    }

    fn read(&mut self, fd: i32, buf: &mut [u8], at: Option<u64>) -> FsResult<usize> {
        let open = self.open_fd(fd)?;
        if !open.read {
            return Err(Errno::EBADF.into());
        }
        let pos = at.unwrap_or(open.pos);
        let n = match &self.node(open.node)?.data {
            Data::Real(path) => std::fs::File::open(path)?.read_at(buf, pos)?,
            Data::Bytes(bytes) => {
                let from = bytes.len().min(pos.try_into().unwrap_or(usize::MAX));
                let n = buf.len().min(bytes.len() - from);
                buf[..n].copy_from_slice(&bytes[from..from + n]);
                n
            }
        };
        if at.is_none() && n > 0 {
            Rc::make_mut(&mut self.fds).insert(
                fd,
                Open {
                    pos: pos + n as u64,
                    ..open
                },
            );
        }
        Ok(n)
    }

    fn write(&mut self, fd: i32, data: &[u8], at: Option<u64>) -> FsResult<usize> {
        let open = self.open_fd(fd)?;
        if !open.write {
            return Err(Errno::EBADF.into());
        }
        let bytes = self.bytes_mut(open.node)?;
        let pos = match at {
            Some(pos) => pos,
            None if open.append => bytes.len() as u64,
            None => open.pos,
        };
        let end = pos.saturating_add(data.len() as u64);
        if end > MAX_FILE {
            return Err(Errno::EFBIG.into());
        }
        let (pos, end) = (pos as usize, end as usize);
        if bytes.len() < end {
            bytes.resize(end, 0);
        }
        bytes[pos..end].copy_from_slice(data);
        if at.is_none() {
            Rc::make_mut(&mut self.fds).insert(
                fd,
                Open {
                    pos: end as u64,
                    ..open
                },
            );
        }
        Ok(data.len())
    }

    fn seek(&mut self, fd: i32, to: Option<u64>) -> FsResult<u64> {
        let open = self.open_fd(fd)?;
        match to {
            Some(pos) if pos != open.pos => {
                Rc::make_mut(&mut self.fds).insert(fd, Open { pos, ..open });
                Ok(pos)
            }
            _ => Ok(open.pos),
        }
    }

    fn truncate(&mut self, fd: i32, len: u64) -> FsResult<()> {
        let open = self.open_fd(fd)?;
        if !open.write {
            return Err(Errno::EINVAL.into());
        }
        if len > MAX_FILE {
            return Err(Errno::EFBIG.into());
        }
        self.bytes_mut(open.node)?.resize(len as usize, 0);
        Ok(())
    }

    fn fstat(&mut self, fd: i32) -> FsResult<Stat> {
        let open = self.open_fd(fd)?;
        self.stat_of_node(open.node)
    }

    fn stat(&mut self, path: &Path, follow: bool) -> FsResult<Stat> {
        let what = self.what(&absolute(path), follow)?;
        self.stat_of(&what)
    }

    fn access(&mut self, path: &Path, mode: i32) -> FsResult<()> {
        if self.stat(path, true)?.permits(mode) {
            Ok(())
        } else {
            Err(Errno::EACCES.into())
        }
    }

    fn list(&mut self, path: &Path) -> FsResult<Vec<Vec<u8>>> {
        self.names(&absolute(path))
    }

    fn opendir(&mut self, path: &Path) -> FsResult<i64> {
        let mut names = vec![b".".to_vec(), b"..".to_vec()];
        names.extend(self.names(&absolute(path))?);
        let handle = lowest_free(&self.dirs, 1, 1);
        Rc::make_mut(&mut self.dirs).insert(
            handle,
            Listing {
                names: names.into(),
                next: 0,
            },
        );
        Ok(handle)
    }

    fn readdir(&mut self, handle: i64) -> FsResult<Option<Vec<u8>>> {
        let listing = self.dirs.get(&handle).ok_or(Errno::EBADF)?;
        let Some(name) = listing.names.get(listing.next).cloned() else {
            return Ok(None);
        };
        if let Some(l) = Rc::make_mut(&mut self.dirs).get_mut(&handle) {
            l.next += 1;
        }
        Ok(Some(name))
    }

    fn closedir(&mut self, handle: i64) -> FsResult<()> {
        Rc::make_mut(&mut self.dirs)
            .remove(&handle)
            .map(drop)
            .ok_or(Errno::EBADF.into())
    }

    fn mkdir(&mut self, path: &Path, mode: u32) -> FsResult<()> {
        let path = absolute(path);
        if self.what_if_any(&path)?.is_some() {
            return Err(Errno::EEXIST.into());
        }
        self.parent_writable(&path)?;
        self.set_entry(
            &path,
            Entry::Dir(DirMeta {
                mode: mode & 0o7777 & !UMASK,
                mtime: self.now,
                opaque: true,
            }),
        );
        Ok(())
    }

    fn rmdir(&mut self, path: &Path) -> FsResult<()> {
        let path = absolute(path);
        if !self.what(&path, false)?.is_dir() {
            return Err(Errno::ENOTDIR.into());
        }
        if !self.names(&path)?.is_empty() {
            return Err(Errno::ENOTEMPTY.into());
        }
        self.parent_writable(&path)?;
        self.drop_below(&path);
        self.hide(&path);
        Ok(())
    }

    fn unlink(&mut self, path: &Path) -> FsResult<()> {
        let path = absolute(path);
        let what = self.what(&path, false)?;
        if what.is_dir() {
            return Err(Errno::EISDIR.into());
        }
        self.parent_writable(&path)?;
        self.hide(&path);
        if let What::Node(n) = what {
            self.node_mut(n)?.linked = false;
            self.release(n);
        }
        Ok(())
    }

    fn rename(&mut self, from: &Path, to: &Path) -> FsResult<()> {
        let (from, to) = (absolute(from), absolute(to));
        let source = self.what(&from, false)?;
        if from == to {
            return Ok(());
        }
        if to.starts_with(&from) {
            return Err(Errno::EINVAL.into());
        }
        self.parent_writable(&from)?;
        self.parent_writable(&to)?;
        let target = self.what_if_any(&to)?;
        match &target {
            Some(t) if t.is_dir() && !source.is_dir() => return Err(Errno::EISDIR.into()),
            Some(t) if !t.is_dir() && source.is_dir() => return Err(Errno::ENOTDIR.into()),
            Some(t) if t.is_dir() && !self.names(&to)?.is_empty() => {
                return Err(Errno::ENOTEMPTY.into())
            }
            _ => {}
        }
        if let What::RealFile(m) = &source {
            if m.file_type().is_symlink() {
                return unsupported("renaming a symbolic link");
            }
        }
        let moved: Vec<(PathBuf, Entry)> = if source.is_dir() {
            self.take_over(&from)?;
            let mut moved: Vec<(PathBuf, Entry)> =
                self.below(&from).map(|(p, e)| (p.clone(), *e)).collect();
            moved.extend(self.entries.get(&from).map(|e| (from.clone(), *e)));
            moved
        } else {
            let n = self.node_at(&from, false)?;
            vec![(from.clone(), Entry::File(n))]
        };
        self.drop_below(&to);
        self.drop_below(&from);
        self.hide(&from);
        for (path, entry) in moved {
            let rel = path.strip_prefix(&from).unwrap_or(Path::new(""));
            self.set_entry(&to.join(rel), entry);
        }
        if let Some(What::Node(replaced)) = target {
            self.node_mut(replaced)?.linked = false;
            self.release(replaced);
        }
        Ok(())
    }

    fn link(&mut self, _target: &Path, _link: &Path) -> FsResult<()> {
        unsupported("making a hard link")
    }

    fn symlink(&mut self, _target: &Path, _link: &Path) -> FsResult<()> {
        unsupported("making a symbolic link")
    }

    fn readlink(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        let path = absolute(path);
        match self.look(&path)? {
            Some(Entry::Whiteout) => Err(Errno::ENOENT.into()),
            Some(_) => Err(Errno::EINVAL.into()),
            None => Ok(name_bytes(&std::fs::read_link(&path)?)),
        }
    }

    fn realpath(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        let path = absolute(path);
        self.what(&path, true)?;
        Ok(name_bytes(&self.resolved(&path).unwrap_or(path)))
    }

    fn canonicalize(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        Ok(name_bytes(&canonical(path, |p| {
            self.what(p, true).ok()?;
            Some(self.resolved(p).unwrap_or_else(|| p.to_path_buf()))
        })))
    }

    fn chmod(&mut self, path: &Path, mode: u32) -> FsResult<()> {
        let path = absolute(path);
        let mode = mode & 0o7777;
        match self.what(&path, true)? {
            What::Dir(d) => self.set_entry(&path, Entry::Dir(DirMeta { mode, ..d })),
            What::RealDir(m) => self.set_entry(
                &path,
                Entry::Dir(DirMeta {
                    mode,
                    mtime: (m.mtime(), m.mtime_nsec()),
                    opaque: false,
                }),
            ),
            _ => {
                let n = self.node_at(&path, false)?;
                self.node_mut(n)?.mode = mode;
            }
        }
        Ok(())
    }

    fn set_modified(&mut self, path: &Path, ms: i64) -> FsResult<()> {
        let path = absolute(path);
        let mtime = (ms.div_euclid(1000), ms.rem_euclid(1000) * 1_000_000);
        match self.what(&path, true)? {
            What::Dir(d) => self.set_entry(&path, Entry::Dir(DirMeta { mtime, ..d })),
            What::RealDir(m) => self.set_entry(
                &path,
                Entry::Dir(DirMeta {
                    mode: m.mode() & 0o7777,
                    mtime,
                    opaque: false,
                }),
            ),
            _ => {
                let n = self.node_at(&path, false)?;
                self.node_mut(n)?.mtime = mtime;
            }
        }
        Ok(())
    }
}

impl Sandbox {
    /// `path` (which exists) with real symbolic links resolved, when nothing on it is the
    /// overlay's: paths into the overlay are taken as written.
    fn resolved(&self, path: &Path) -> Option<PathBuf> {
        let untouched = path.ancestors().all(|a| !self.entries.contains_key(a));
        if untouched {
            std::fs::canonicalize(path).ok()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_file(fs: &mut Sandbox, path: &Path, text: &str, append: bool) {
        let fd = fs.open(path, OpenHow::write(append)).expect("open");
        fs.write(fd, text.as_bytes(), None).expect("write");
        fs.close(fd).expect("close");
    }

    fn read_file(fs: &mut Sandbox, path: &Path) -> FsResult<String> {
        let fd = fs.open(path, OpenHow::READ)?;
        let mut buf = vec![0; 1024];
        let n = fs.read(fd, &mut buf, None)?;
        fs.close(fd)?;
        Ok(String::from_utf8_lossy(&buf[..n]).into_owned())
    }

    fn names(fs: &mut Sandbox, dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs
            .list(dir)
            .expect("list")
            .into_iter()
            .map(|n| String::from_utf8_lossy(&n).into_owned())
            .collect();
        names.sort();
        names
    }

    fn digest(fs: &Sandbox) -> Vec<u64> {
        let mut words = Vec::new();
        fs.hash_into(&mut |w| words.push(w));
        words
    }

    #[test]
    fn changes_stay_in_the_sandbox_and_saved_states_keep_theirs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().join("real.txt");
        std::fs::write(&real, "real").expect("write");
        let mut fs = Sandbox::default();
        let saved = fs.clone();
        write_file(&mut fs, &real, "+more", true);
        write_file(&mut fs, &dir.path().join("new.txt"), "new", false);
        assert_eq!(read_file(&mut fs, &real).ok().as_deref(), Some("real+more"));
        assert_eq!(names(&mut fs, dir.path()), ["new.txt", "real.txt"]);
        fs.unlink(&real).expect("unlink");
        assert_eq!(names(&mut fs, dir.path()), ["new.txt"]);
        assert_eq!(read_file(&mut fs, &real), Err(Errno::ENOENT.into()));
        assert_eq!(std::fs::read_to_string(&real).ok().as_deref(), Some("real"));
        assert!(!dir.path().join("new.txt").exists());
        let mut restored = saved;
        assert!(restored.is_empty());
        assert_eq!(
            read_file(&mut restored, &real).ok().as_deref(),
            Some("real")
        );
        assert!(
            restored.is_empty(),
            "a file only read leaves nothing behind"
        );
    }

    #[test]
    fn an_open_file_outlives_its_name_and_renamed_directories_keep_their_content() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("a/b")).expect("mkdir");
        std::fs::write(dir.path().join("a/b/f"), "deep").expect("write");
        let mut fs = Sandbox::default();
        let f = dir.path().join("a/b/f");
        let fd = fs.open(&f, OpenHow::READ).expect("open");
        fs.unlink(&f).expect("unlink");
        let mut buf = [0u8; 4];
        assert_eq!(fs.read(fd, &mut buf, None), Ok(4));
        assert_eq!(&buf, b"deep");
        fs.close(fd).expect("close");
        write_file(&mut fs, &dir.path().join("a/b/g"), "g", false);
        fs.rename(&dir.path().join("a"), &dir.path().join("z"))
            .expect("rename");
        assert_eq!(names(&mut fs, dir.path()), ["z"]);
        assert_eq!(names(&mut fs, &dir.path().join("z/b")), ["g"]);
        assert_eq!(
            fs.rmdir(&dir.path().join("z/b")),
            Err(Errno::ENOTEMPTY.into())
        );
        assert!(dir.path().join("a/b/f").exists());
    }

    #[test]
    fn equal_file_systems_hash_equally_whatever_the_order_of_their_making() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (x, y) = (dir.path().join("x"), dir.path().join("y"));
        let mut one = Sandbox::default();
        write_file(&mut one, &x, "1", false);
        write_file(&mut one, &y, "2", false);
        let mut two = Sandbox::default();
        write_file(&mut two, &y, "2", false);
        write_file(&mut two, &x, "1", false);
        assert_eq!(digest(&one), digest(&two));
        write_file(&mut two, &x, "3", false);
        assert_ne!(digest(&one), digest(&two));
    }
}
