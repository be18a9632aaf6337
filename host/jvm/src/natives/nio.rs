//! Natives behind `java.nio.file` and file channels on Linux (`sun.nio.fs.UnixNativeDispatcher`,
//! `sun.nio.ch.FileDispatcherImpl`, `IOUtil`), implemented with Rust's standard library.
//! Paths and I/O buffers arrive as addresses of off-heap memory (see `native_memory`).

use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};

use crate::flow::{NativeExit, NativeResult};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, Args};
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

const D: &str = "sun/nio/fs/UnixNativeDispatcher";
const F: &str = "sun/nio/ch/FileDispatcherImpl";

const O_WRONLY: i32 = 1;
const O_RDWR: i32 = 2;
const O_CREAT: i32 = 64;
const O_EXCL: i32 = 128;
const O_TRUNC: i32 = 512;
const O_APPEND: i32 = 1024;

fn errno_of(e: &std::io::Error) -> i32 {
    e.raw_os_error().unwrap_or(match e.kind() {
        std::io::ErrorKind::NotFound => 2,
        std::io::ErrorKind::PermissionDenied => 13,
        std::io::ErrorKind::AlreadyExists => 17,
        _ => 5,
    })
}

/// Raises `sun.nio.fs.UnixException(errno)` through the model helper.
fn unix_error<M: Machine>(vm: &mut Vm<M>, errno: i32) -> NativeResult {
    let support = vm
        .classes
        .load("sun/nio/fs/RpfUnixSupport")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let fail = vm
        .classes
        .find_method(support, "fail", "(I)V")
        .ok_or(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some("RpfUnixSupport.fail".into()),
        ))?;
    Err(NativeExit::Call(fail, vec![Value::Int(errno)]))
}

fn path_at(vm: &Jvm, address: i64) -> Result<String, NativeExit> {
    vm.state
        .native_memory
        .c_string(address as u64)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .ok_or(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some("bad native path".into()),
        ))
}

fn byte_array<M: Machine>(vm: &mut Vm<M>, bytes: &[u8]) -> Value {
    let class = vm.known.byte_array;
    Value::Ref(vm.alloc(
        class,
        ObjData::Bytes(bytes.iter().map(|&b| b as i8).collect()),
    ))
}

fn fill_attributes<M: Machine>(vm: &mut Vm<M>, attrs: Ref, m: &std::fs::Metadata) {
    let set = |vm: &mut Vm<M>, name: &str, v: Value| vm.set_field_by_name(attrs, name, v);
    set(vm, "st_mode", Value::Int(m.mode() as i32));
    set(vm, "st_ino", Value::Long(m.ino() as i64));
    set(vm, "st_dev", Value::Long(m.dev() as i64));
    set(vm, "st_rdev", Value::Long(m.rdev() as i64));
    set(vm, "st_nlink", Value::Int(m.nlink() as i32));
    set(vm, "st_uid", Value::Int(m.uid() as i32));
    set(vm, "st_gid", Value::Int(m.gid() as i32));
    set(vm, "st_size", Value::Long(m.size() as i64));
    set(vm, "st_atime_sec", Value::Long(m.atime()));
    set(vm, "st_atime_nsec", Value::Long(m.atime_nsec()));
    set(vm, "st_mtime_sec", Value::Long(m.mtime()));
    set(vm, "st_mtime_nsec", Value::Long(m.mtime_nsec()));
    set(vm, "st_ctime_sec", Value::Long(m.ctime()));
    set(vm, "st_ctime_nsec", Value::Long(m.ctime_nsec()));
}

fn stat_into<M: Machine>(vm: &mut Vm<M>, a: &[Value], follow: bool) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    let meta = if follow {
        std::fs::metadata(&path)
    } else {
        std::fs::symlink_metadata(&path)
    };
    match meta {
        Ok(m) => {
            fill_attributes(vm, a.obj(1), &m);
            Ok(Value::Void)
        }
        Err(e) => unix_error(vm, errno_of(&e)),
    }
}

/// Runs a path operation that reports failure as an errno.
fn path_op<M: Machine>(
    vm: &mut Vm<M>,
    a: &[Value],
    op: impl Fn(&str) -> std::io::Result<()>,
) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    match op(&path) {
        Ok(()) => Ok(Value::Void),
        Err(e) => unix_error(vm, errno_of(&e)),
    }
}

fn fd_of_descriptor(vm: &Jvm, descriptor: Ref) -> i32 {
    vm.field_by_name(descriptor, "fd").as_int()
}

/// Reads up to `len` bytes from descriptor `fd` into native memory at `address`.
fn read_into<M: Machine>(
    vm: &mut Vm<M>,
    fd: i32,
    address: i64,
    len: i32,
    at: Option<u64>,
) -> NativeResult {
    let mut buf = vec![0u8; len.max(0) as usize];
    let result = if fd == 0 {
        vm.io.flush();
        std::io::stdin().read(&mut buf)
    } else {
        match vm.io.files.get_mut(&fd) {
            Some(f) => match at {
                Some(pos) => std::os::unix::fs::FileExt::read_at(f, &mut buf, pos),
                None => f.read(&mut buf),
            },
            None => Err(std::io::Error::from_raw_os_error(9)),
        }
    };
    match result {
        Ok(0) if len > 0 => Ok(Value::Int(-1)),
        Ok(n) => {
            vm.state
                .native_memory
                .write_bytes(address as u64, &buf[..n]);
            Ok(Value::Int(n as i32))
        }
        Err(e) => super::support::throw("java/io/IOException", e.to_string()),
    }
}

/// Writes `len` bytes from native memory at `address` to descriptor `fd`.
fn write_from<M: Machine>(
    vm: &mut Vm<M>,
    fd: i32,
    address: i64,
    len: i32,
    at: Option<u64>,
) -> NativeResult {
    let Some(bytes) = vm
        .state
        .native_memory
        .read_bytes(address as u64, len.max(0) as usize)
    else {
        return super::support::throw("java/io/IOException", "bad buffer address");
    };
    let result = match (fd, at) {
        (1 | 2, _) => vm.io.write(fd, &bytes).map(|_| bytes.len()),
        (_, Some(pos)) => match vm.io.files.get(&fd) {
            Some(f) => std::os::unix::fs::FileExt::write_at(f, &bytes, pos),
            None => Err(std::io::Error::from_raw_os_error(9)),
        },
        _ => match vm.io.files.get_mut(&fd) {
            Some(f) => f.write(&bytes),
            None => Err(std::io::Error::from_raw_os_error(9)),
        },
    };
    match result {
        Ok(n) => Ok(Value::Int(n as i32)),
        Err(e) => super::support::throw("java/io/IOException", e.to_string()),
    }
}

/// `readv`/`writev`: an array of `iovec { void *base; size_t len; }` in native memory.
fn vectored<M: Machine>(
    vm: &mut Vm<M>,
    fd: i32,
    iov: i64,
    count: i32,
    write: bool,
) -> NativeResult {
    let mut total = 0i64;
    for i in 0..count.max(0) as i64 {
        let entry = vm
            .state
            .native_memory
            .read_bytes((iov + i * 16) as u64, 16)
            .unwrap_or_default();
        if entry.len() < 16 {
            break;
        }
        let base = i64::from_le_bytes(entry[..8].try_into().unwrap_or([0; 8]));
        let len = i64::from_le_bytes(entry[8..].try_into().unwrap_or([0; 8])) as i32;
        let n = if write {
            write_from(vm, fd, base, len, None)?
        } else {
            read_into(vm, fd, base, len, None)?
        }
        .as_int();
        if n < 0 {
            return Ok(Value::Long(if total == 0 { -1 } else { total }));
        }
        total += i64::from(n);
        if n < len {
            break;
        }
    }
    Ok(Value::Long(total))
}

fn open<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    let (flags, mode) = (a.int(1), a.int(2));
    let access = flags & 3;
    let mut options = std::fs::OpenOptions::new();
    options
        .read(access != O_WRONLY)
        .write(access == O_WRONLY || access == O_RDWR)
        .append(flags & O_APPEND != 0)
        .truncate(flags & O_TRUNC != 0)
        .mode(mode as u32);
    if flags & O_CREAT != 0 {
        if flags & O_EXCL != 0 {
            options.create_new(true);
        } else {
            options.create(true);
        }
    }
    match options.open(&path) {
        Ok(f) => {
            let fd = vm.io.next_fd;
            vm.io.next_fd += 1;
            vm.io.files.insert(fd, f);
            Ok(Value::Int(fd))
        }
        Err(e) => unix_error(vm, errno_of(&e)),
    }
}

fn error_message(errno: i32) -> &'static str {
    match errno {
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
        28 => "No space left on device",
        30 => "Read-only file system",
        39 => "Directory not empty",
        40 => "Too many levels of symbolic links",
        _ => "Unknown error",
    }
}

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add(
        "jdk/internal/loader/NativeLibraries",
        "findBuiltinLib",
        "(Ljava/lang/String;)Ljava/lang/String;",
        |_, _, a| Ok(Value::Ref(a.obj(0))),
    );
    r.add(
        "jdk/internal/loader/NativeLibraries",
        "load",
        "(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZZ)Z",
        |_, _, _| Ok(jbool(true)),
    );
    r.add(
        "jdk/internal/loader/NativeLibraries",
        "findEntry0",
        "(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;)J",
        |_, _, _| Ok(Value::Long(0)),
    );
    r.add(
        "jdk/internal/loader/NativeLibraries",
        "unload",
        "(Ljava/lang/String;ZZJ)V",
        |_, _, _| Ok(Value::Void),
    );

    r.add(D, "init", "()I", |_, _, _| Ok(Value::Int(0)));
    r.add(D, "getcwd", "()[B", |vm, _, _| {
        let cwd = std::env::current_dir()
            .map(|d| d.display().to_string())
            .unwrap_or_else(|_| "/".into());
        Ok(byte_array(vm, cwd.as_bytes()))
    });
    r.add(D, "strerror", "(I)[B", |vm, _, a| {
        Ok(byte_array(vm, error_message(a.int(0)).as_bytes()))
    });
    r.add(D, "open0", "(JII)I", open);
    r.add(D, "close0", "(I)V", |vm, _, a| {
        vm.io.files.remove(&a.int(0));
        Ok(Value::Void)
    });
    r.add(D, "dup", "(I)I", |vm, _, a| {
        let clone = vm.io.files.get(&a.int(0)).map(|f| f.try_clone());
        match clone {
            Some(Ok(f)) => {
                let fd = vm.io.next_fd;
                vm.io.next_fd += 1;
                vm.io.files.insert(fd, f);
                Ok(Value::Int(fd))
            }
            Some(Err(e)) => unix_error(vm, errno_of(&e)),
            None => unix_error(vm, 9),
        }
    });
    r.add(
        D,
        "stat0",
        "(JLsun/nio/fs/UnixFileAttributes;)V",
        |vm, _, a| stat_into(vm, a, true),
    );
    r.add(
        D,
        "lstat0",
        "(JLsun/nio/fs/UnixFileAttributes;)V",
        |vm, _, a| stat_into(vm, a, false),
    );
    r.add(D, "stat1", "(J)I", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        Ok(Value::Int(
            std::fs::metadata(path)
                .map(|m| m.mode() as i32)
                .unwrap_or(0),
        ))
    });
    r.add(
        D,
        "fstat",
        "(ILsun/nio/fs/UnixFileAttributes;)V",
        |vm, _, a| match vm.io.files.get(&a.int(0)).map(|f| f.metadata()) {
            Some(Ok(m)) => {
                fill_attributes(vm, a.obj(1), &m);
                Ok(Value::Void)
            }
            Some(Err(e)) => unix_error(vm, errno_of(&e)),
            None => unix_error(vm, 9),
        },
    );
    r.add(D, "exists0", "(J)Z", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        Ok(jbool(std::fs::symlink_metadata(path).is_ok()))
    });
    r.add(D, "access0", "(JI)V", |vm, _, a| {
        let mode = a.int(1);
        path_op(vm, a, |p| {
            let m = std::fs::metadata(p)?;
            if mode & 2 != 0 && m.permissions().readonly() {
                return Err(std::io::Error::from_raw_os_error(13));
            }
            Ok(())
        })
    });
    r.add(D, "mkdir0", "(JI)V", |vm, _, a| {
        let mode = a.int(1) as u32;
        path_op(vm, a, |p| {
            std::fs::create_dir(p)?;
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode & 0o777 & !0o022))
        })
    });
    r.add(D, "rmdir0", "(J)V", |vm, _, a| {
        path_op(vm, a, |p| std::fs::remove_dir(p))
    });
    r.add(D, "unlink0", "(J)V", |vm, _, a| {
        path_op(vm, a, |p| std::fs::remove_file(p))
    });
    r.add(D, "chmod0", "(JI)V", |vm, _, a| {
        let mode = a.int(1) as u32;
        path_op(vm, a, |p| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode))
        })
    });
    r.add(D, "rename0", "(JJ)V", |vm, _, a| {
        let to = path_at(vm, a.long(1))?;
        path_op(vm, a, |from| std::fs::rename(from, &to))
    });
    r.add(D, "link0", "(JJ)V", |vm, _, a| {
        let link = path_at(vm, a.long(1))?;
        path_op(vm, a, |target| std::fs::hard_link(target, &link))
    });
    r.add(D, "symlink0", "(JJ)V", |vm, _, a| {
        let link = path_at(vm, a.long(1))?;
        path_op(vm, a, |target| std::os::unix::fs::symlink(target, &link))
    });
    r.add(D, "realpath0", "(J)[B", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        match std::fs::canonicalize(path) {
            Ok(p) => Ok(byte_array(vm, p.display().to_string().as_bytes())),
            Err(e) => unix_error(vm, errno_of(&e)),
        }
    });
    r.add(D, "readlink0", "(J)[B", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        match std::fs::read_link(path) {
            Ok(p) => Ok(byte_array(vm, p.display().to_string().as_bytes())),
            Err(e) => unix_error(vm, errno_of(&e)),
        }
    });
    r.add(D, "opendir0", "(J)J", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        match std::fs::read_dir(&path) {
            Ok(entries) => {
                let mut names: Vec<Vec<u8>> = vec![b".".to_vec(), b"..".to_vec()];
                names.extend(
                    entries
                        .flatten()
                        .map(|e| e.file_name().to_string_lossy().into_owned().into_bytes()),
                );
                names.reverse();
                let handle = vm.directories.keys().max().copied().unwrap_or(0) + 1;
                vm.directories.insert(handle, names);
                Ok(Value::Long(handle))
            }
            Err(e) => unix_error(vm, errno_of(&e)),
        }
    });
    r.add(D, "readdir", "(J)[B", |vm, _, a| {
        let next = vm
            .directories
            .get_mut(&a.long(0))
            .and_then(|names| names.pop());
        Ok(match next {
            Some(name) => byte_array(vm, &name),
            None => Value::NULL,
        })
    });
    r.add(D, "closedir", "(J)V", |vm, _, a| {
        vm.directories.remove(&a.long(0));
        Ok(Value::Void)
    });
    r.add(D, "read", "(IJI)I", |vm, _, a| {
        read_into(vm, a.int(0), a.long(1), a.int(2), None)
    });
    r.add(D, "write", "(IJI)I", |vm, _, a| {
        write_from(vm, a.int(0), a.long(1), a.int(2), None)
    });
    r.add(D, "utimes0", "(JJJ)V", |_, _, _| Ok(Value::Void));
    r.add(D, "getpwuid", "(I)[B", |vm, _, a| {
        let name = if a.int(0) == 0 { "root" } else { "user" };
        Ok(byte_array(vm, name.as_bytes()))
    });
    r.add(D, "getgrgid", "(I)[B", |vm, _, a| {
        let name = if a.int(0) == 0 { "root" } else { "users" };
        Ok(byte_array(vm, name.as_bytes()))
    });

    r.add(F, "init", "()V", |_, _, _| Ok(Value::Void));
    r.add(F, "read0", "(Ljava/io/FileDescriptor;JI)I", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        read_into(vm, fd, a.long(1), a.int(2), None)
    });
    r.add(F, "pread0", "(Ljava/io/FileDescriptor;JIJ)I", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        read_into(vm, fd, a.long(1), a.int(2), Some(a.long(3) as u64))
    });
    r.add(F, "write0", "(Ljava/io/FileDescriptor;JI)I", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        write_from(vm, fd, a.long(1), a.int(2), None)
    });
    r.add(
        F,
        "pwrite0",
        "(Ljava/io/FileDescriptor;JIJ)I",
        |vm, _, a| {
            let fd = fd_of_descriptor(vm, a.obj(0));
            write_from(vm, fd, a.long(1), a.int(2), Some(a.long(3) as u64))
        },
    );
    r.add(F, "readv0", "(Ljava/io/FileDescriptor;JI)J", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        vectored(vm, fd, a.long(1), a.int(2), false)
    });
    r.add(F, "writev0", "(Ljava/io/FileDescriptor;JI)J", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        vectored(vm, fd, a.long(1), a.int(2), true)
    });
    r.add(F, "seek0", "(Ljava/io/FileDescriptor;J)J", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        let offset = a.long(1);
        let result = match vm.io.files.get_mut(&fd) {
            Some(f) if offset < 0 => f.stream_position(),
            Some(f) => f.seek(SeekFrom::Start(offset as u64)),
            None => Err(std::io::Error::from_raw_os_error(9)),
        };
        result
            .map(|p| Value::Long(p as i64))
            .or_else(|e| super::support::throw("java/io/IOException", e.to_string()))
    });
    r.add(F, "size0", "(Ljava/io/FileDescriptor;)J", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        let size = vm
            .io
            .files
            .get(&fd)
            .and_then(|f| f.metadata().ok())
            .map(|m| m.len() as i64)
            .unwrap_or(0);
        Ok(Value::Long(size))
    });
    r.add(
        F,
        "truncate0",
        "(Ljava/io/FileDescriptor;J)I",
        |vm, _, a| {
            let fd = fd_of_descriptor(vm, a.obj(0));
            if let Some(f) = vm.io.files.get(&fd) {
                f.set_len(a.long(1).max(0) as u64)
                    .or_else(|e| super::support::throw("java/io/IOException", e.to_string()))?;
            }
            Ok(Value::Int(0))
        },
    );
    r.add(F, "force0", "(Ljava/io/FileDescriptor;Z)I", |_, _, _| {
        Ok(Value::Int(0))
    });
    r.add(F, "lock0", "(Ljava/io/FileDescriptor;ZJJZ)I", |_, _, _| {
        Ok(Value::Int(0))
    });
    r.add(F, "release0", "(Ljava/io/FileDescriptor;JJ)V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(F, "close0", "(Ljava/io/FileDescriptor;)V", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        vm.io.files.remove(&fd);
        Ok(Value::Void)
    });
    r.add(F, "preClose0", "(Ljava/io/FileDescriptor;)V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(F, "closeIntFD", "(I)V", |vm, _, a| {
        vm.io.files.remove(&a.int(0));
        Ok(Value::Void)
    });
    r.add(F, "canTransferToFromOverlappedMap0", "()Z", |_, _, _| {
        Ok(jbool(false))
    });
    r.add("sun/nio/ch/FileChannelImpl", "initIDs", "()J", |_, _, _| {
        Ok(Value::Long(4096))
    });
    r.add(
        "sun/nio/ch/FileChannelImpl",
        "maxDirectTransferSize0",
        "()I",
        |_, _, _| Ok(Value::Int(0x7fff_f000)),
    );
    r.add(
        "sun/nio/ch/IOUtil",
        "fdVal",
        "(Ljava/io/FileDescriptor;)I",
        |vm, _, a| Ok(Value::Int(fd_of_descriptor(vm, a.obj(0)))),
    );
    r.add(
        "sun/nio/ch/IOUtil",
        "setfdVal",
        "(Ljava/io/FileDescriptor;I)V",
        |vm, _, a| {
            vm.set_field_by_name(a.obj(0), "fd", Value::Int(a.int(1)));
            Ok(Value::Void)
        },
    );
    r.add("sun/nio/ch/IOUtil", "iovMax", "()I", |_, _, _| {
        Ok(Value::Int(1024))
    });
    r.add("sun/nio/ch/IOUtil", "fdLimit", "()I", |_, _, _| {
        Ok(Value::Int(1024))
    });
    r.add(
        "sun/nio/ch/IOUtil",
        "configureBlocking",
        "(Ljava/io/FileDescriptor;Z)V",
        |_, _, _| Ok(Value::Void),
    );
    r.add("sun/nio/ch/IOUtil", "randomBytes", "([B)Z", |_, _, _| {
        Ok(jbool(false))
    });
    r.add("sun/nio/ch/NativeThread", "init", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(
        "sun/nio/fs/LinuxNativeDispatcher",
        "init",
        "()V",
        |_, _, _| Ok(Value::Void),
    );
    r.add("sun/nio/ch/NativeThread", "current", "()J", |_, _, _| {
        Ok(Value::Long(0))
    });
    r.add("sun/nio/ch/NativeThread", "signal", "(J)V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(
        "sun/nio/ch/FileKey",
        "init",
        "(Ljava/io/FileDescriptor;)V",
        |vm, _, a| {
            let fd = fd_of_descriptor(vm, a.obj(1));
            if let Some(Ok(m)) = vm.io.files.get(&fd).map(|f| f.metadata()) {
                vm.set_field_by_name(a.obj(0), "st_dev", Value::Long(m.dev() as i64));
                vm.set_field_by_name(a.obj(0), "st_ino", Value::Long(m.ino() as i64));
            }
            Ok(Value::Void)
        },
    );
}
