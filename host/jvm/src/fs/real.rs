//! The real file system, through Rust's standard library: what `java` does, and what
//! `rpf run` uses. Its open files are the machine's, so they live outside the program state:
//! a search that backtracks over them does not take back what was written (`vm.fs=real`
//! is unsound for writes across paths; the sandbox is the default under the checker).

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use super::{canonical, Errno, FileSystem, FsResult, OpenHow, Stat};

/// The program's open files and directory streams on the real file system.
#[derive(Debug)]
pub struct RealFiles {
    /// Open files by the descriptor number handed to Java.
    files: HashMap<i32, std::fs::File>,
    /// Next descriptor number.
    next_fd: i32,
    /// Open directory streams: the names not read yet, last first.
    dirs: HashMap<i64, Vec<Vec<u8>>>,
}

impl Default for RealFiles {
    fn default() -> Self {
        RealFiles {
            files: HashMap::new(),
            next_fd: 3,
            dirs: HashMap::new(),
        }
    }
}

impl RealFiles {
    fn file(&mut self, fd: i32) -> FsResult<&mut std::fs::File> {
        Ok(self.files.get_mut(&fd).ok_or(Errno::EBADF)?)
    }

    fn add(&mut self, file: std::fs::File) -> i32 {
        let fd = self.next_fd;
        self.next_fd += 1;
        self.files.insert(fd, file);
        fd
    }
}

fn bytes(path: &Path) -> Vec<u8> {
    path.as_os_str().as_bytes().to_vec()
}

impl FileSystem for RealFiles {
    fn open(&mut self, path: &Path, how: OpenHow) -> FsResult<i32> {
        let mut options = std::fs::OpenOptions::new();
        options
            .read(how.read)
            .write(how.write)
            .append(how.append)
            .truncate(how.truncate)
            .mode(how.mode);
        if !how.follow {
            options.custom_flags(super::flags::O_NOFOLLOW);
        }
        if how.create && how.exclusive {
            options.create_new(true);
        } else {
            options.create(how.create);
        }
        let file = options.open(path)?;
        Ok(self.add(file))
    }

    fn close(&mut self, fd: i32) -> FsResult<()> {
        self.files.remove(&fd).map(drop).ok_or(Errno::EBADF.into())
    }

    fn dup(&mut self, fd: i32) -> FsResult<i32> {
        let clone = self.file(fd)?.try_clone()?;
        Ok(self.add(clone))
    }

    fn read(&mut self, fd: i32, buf: &mut [u8], at: Option<u64>) -> FsResult<usize> {
        let f = self.file(fd)?;
        Ok(match at {
            Some(pos) => f.read_at(buf, pos)?,
            None => f.read(buf)?,
        })
    }

    fn write(&mut self, fd: i32, bytes: &[u8], at: Option<u64>) -> FsResult<usize> {
        let f = self.file(fd)?;
        Ok(match at {
            Some(pos) => f.write_at(bytes, pos)?,
            None => f.write(bytes)?,
        })
    }

    fn seek(&mut self, fd: i32, to: Option<u64>) -> FsResult<u64> {
        let f = self.file(fd)?;
        Ok(match to {
            Some(pos) => f.seek(SeekFrom::Start(pos))?,
            None => f.stream_position()?,
        })
    }

    fn truncate(&mut self, fd: i32, len: u64) -> FsResult<()> {
        Ok(self.file(fd)?.set_len(len)?)
    }

    fn fstat(&mut self, fd: i32) -> FsResult<Stat> {
        Ok(Stat::of(&self.file(fd)?.metadata()?))
    }

    fn stat(&mut self, path: &Path, follow: bool) -> FsResult<Stat> {
        let m = if follow {
            std::fs::metadata(path)?
        } else {
            std::fs::symlink_metadata(path)?
        };
        Ok(Stat::of(&m))
    }

    fn access(&mut self, path: &Path, mode: i32) -> FsResult<()> {
        if Stat::of(&std::fs::metadata(path)?).permits(mode) {
            Ok(())
        } else {
            Err(Errno::EACCES.into())
        }
    }

    fn list(&mut self, path: &Path) -> FsResult<Vec<Vec<u8>>> {
        Ok(std::fs::read_dir(path)?
            .flatten()
            .map(|e| e.file_name().as_bytes().to_vec())
            .collect())
    }

    fn opendir(&mut self, path: &Path) -> FsResult<i64> {
        let mut names = vec![b".".to_vec(), b"..".to_vec()];
        names.extend(self.list(path)?);
        names.reverse();
        let handle = self.dirs.keys().max().copied().unwrap_or(0) + 1;
        self.dirs.insert(handle, names);
        Ok(handle)
    }

    fn readdir(&mut self, handle: i64) -> FsResult<Option<Vec<u8>>> {
        Ok(self.dirs.get_mut(&handle).ok_or(Errno::EBADF)?.pop())
    }

    fn closedir(&mut self, handle: i64) -> FsResult<()> {
        self.dirs
            .remove(&handle)
            .map(drop)
            .ok_or(Errno::EBADF.into())
    }

    fn mkdir(&mut self, path: &Path, mode: u32) -> FsResult<()> {
        use std::os::unix::fs::DirBuilderExt;
        Ok(std::fs::DirBuilder::new().mode(mode).create(path)?)
    }

    fn rmdir(&mut self, path: &Path) -> FsResult<()> {
        Ok(std::fs::remove_dir(path)?)
    }

    fn unlink(&mut self, path: &Path) -> FsResult<()> {
        Ok(std::fs::remove_file(path)?)
    }

    fn rename(&mut self, from: &Path, to: &Path) -> FsResult<()> {
        Ok(std::fs::rename(from, to)?)
    }

    fn link(&mut self, target: &Path, link: &Path) -> FsResult<()> {
        Ok(std::fs::hard_link(target, link)?)
    }

    fn symlink(&mut self, target: &Path, link: &Path) -> FsResult<()> {
        Ok(std::os::unix::fs::symlink(target, link)?)
    }

    fn readlink(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        Ok(bytes(&std::fs::read_link(path)?))
    }

    fn realpath(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        Ok(bytes(&std::fs::canonicalize(path)?))
    }

    fn canonicalize(&mut self, path: &Path) -> FsResult<Vec<u8>> {
        Ok(bytes(&canonical(path, |p| std::fs::canonicalize(p).ok())))
    }

    fn chmod(&mut self, path: &Path, mode: u32) -> FsResult<()> {
        Ok(std::fs::set_permissions(
            path,
            std::fs::Permissions::from_mode(mode),
        )?)
    }

    fn set_modified(&mut self, path: &Path, ms: i64) -> FsResult<()> {
        let time = std::time::UNIX_EPOCH + std::time::Duration::from_millis(ms.max(0) as u64);
        let file = std::fs::File::options().write(true).open(path);
        let file = match file {
            Ok(f) => f,
            // A directory (or a file without write permission) is opened for reading.
            Err(_) => std::fs::File::open(path)?,
        };
        Ok(file.set_modified(time)?)
    }
}
