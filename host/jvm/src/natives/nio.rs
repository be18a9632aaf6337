//! Natives behind `java.nio.file` and file channels on Linux (`sun.nio.fs.UnixNativeDispatcher`,
//! `sun.nio.ch.FileDispatcherImpl`, `IOUtil`), on the VM's
//! [`FileSystem`](crate::fs::FileSystem): the real one or the path's sandbox. Paths and I/O
//! buffers arrive as addresses of off-heap memory (see `native_memory`).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use crate::flow::{NativeExit, NativeResult, Unsupported};
use crate::fs::{Errno, FileSystem, FsError, FsResult, OpenHow, Stat};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{file_operation, io_failure, jbool, Args};
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

const D: &str = "sun/nio/fs/UnixNativeDispatcher";
const F: &str = "sun/nio/ch/FileDispatcherImpl";

/// `sun.nio.fs.UnixException(errno)`, raised through the model helper.
fn unix_exit<M: Machine>(vm: &mut Vm<M>, errno: Errno) -> NativeExit {
    let support = match vm.classes.load("sun/nio/fs/RpfUnixSupport") {
        Ok(support) => support,
        Err(e) => return NativeExit::ThrowNew(e.error_class, Some(e.message)),
    };
    match vm.classes.find_method(support, "fail", "(I)V") {
        Some(fail) => NativeExit::Call(fail, vec![Value::Int(errno.0)]),
        None => NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some("RpfUnixSupport.fail".into()),
        ),
    }
}

/// Runs a file operation that `sun.nio.fs` reports failing with a `UnixException`.
fn unix<M: Machine, T>(
    vm: &mut Vm<M>,
    op: impl FnOnce(&mut dyn FileSystem) -> FsResult<T>,
) -> Result<T, NativeExit> {
    file_operation(vm)?;
    let result = op(vm.files());
    result.map_err(|e| match e {
        FsError::Os(errno) => unix_exit(vm, errno),
        FsError::Unsupported(what) => NativeExit::Unsupported(Unsupported::Feature(what)),
    })
}

/// The path at native address `address`.
fn path_at(vm: &Jvm, address: i64) -> Result<PathBuf, NativeExit> {
    vm.state
        .native_memory
        .c_string(address as u64)
        .map(|b| PathBuf::from(OsStr::from_bytes(&b)))
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

fn fill_attributes<M: Machine>(vm: &mut Vm<M>, attrs: Ref, s: &Stat) {
    let set = |vm: &mut Vm<M>, name: &str, v: Value| vm.set_field_by_name(attrs, name, v);
    set(vm, "st_mode", Value::Int(s.mode as i32));
    set(vm, "st_ino", Value::Long(s.ino as i64));
    set(vm, "st_dev", Value::Long(s.dev as i64));
    set(vm, "st_rdev", Value::Long(s.rdev as i64));
    set(vm, "st_nlink", Value::Int(s.nlink as i32));
    set(vm, "st_uid", Value::Int(s.uid as i32));
    set(vm, "st_gid", Value::Int(s.gid as i32));
    set(vm, "st_size", Value::Long(s.size as i64));
    set(vm, "st_atime_sec", Value::Long(s.atime.0));
    set(vm, "st_atime_nsec", Value::Long(s.atime.1));
    set(vm, "st_mtime_sec", Value::Long(s.mtime.0));
    set(vm, "st_mtime_nsec", Value::Long(s.mtime.1));
    set(vm, "st_ctime_sec", Value::Long(s.ctime.0));
    set(vm, "st_ctime_nsec", Value::Long(s.ctime.1));
}

fn stat_into<M: Machine>(vm: &mut Vm<M>, a: &[Value], follow: bool) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    let stat = unix(vm, |fs| fs.stat(&path, follow))?;
    fill_attributes(vm, a.obj(1), &stat);
    Ok(Value::Void)
}

/// Runs a path operation (the path at argument 0) that reports failure as an errno.
fn path_op<M: Machine>(
    vm: &mut Vm<M>,
    a: &[Value],
    op: impl FnOnce(&mut dyn FileSystem, &std::path::Path) -> FsResult<()>,
) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    unix(vm, |fs| op(fs, &path))?;
    Ok(Value::Void)
}

/// A path operation (the path at argument 0) whose answer is a path, as a byte array.
fn path_answer<M: Machine>(
    vm: &mut Vm<M>,
    a: &[Value],
    op: impl FnOnce(&mut dyn FileSystem, &std::path::Path) -> FsResult<Vec<u8>>,
) -> NativeResult {
    let path = path_at(vm, a.long(0))?;
    let answer = unix(vm, |fs| op(fs, &path))?;
    Ok(byte_array(vm, &answer))
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
    let n = if fd == 0 {
        super::support::read_input(vm, &mut buf)?
    } else {
        file_operation(vm)?;
        vm.files().read(fd, &mut buf, at).or_else(io_failure)?
    };
    if n == 0 && len > 0 {
        return Ok(Value::Int(-1));
    }
    vm.state
        .native_memory
        .write_bytes(address as u64, &buf[..n]);
    Ok(Value::Int(n as i32))
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
    if fd == 1 || fd == 2 {
        vm.io
            .write(fd, &bytes)
            .or_else(|e| super::support::throw("java/io/IOException", e.to_string()))?;
        return Ok(Value::Int(bytes.len() as i32));
    }
    file_operation(vm)?;
    let n = vm.files().write(fd, &bytes, at).or_else(io_failure)?;
    Ok(Value::Int(n as i32))
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
        Ok(byte_array(vm, Errno(a.int(0)).message().as_bytes()))
    });
    r.add(D, "open0", "(JII)I", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        let how = OpenHow::from_flags(a.int(1), a.int(2));
        Ok(Value::Int(unix(vm, |fs| fs.open(&path, how))?))
    });
    r.add(D, "close0", "(I)V", |vm, _, a| {
        unix(vm, |fs| fs.close(a.int(0)))?;
        Ok(Value::Void)
    });
    r.add(D, "dup", "(I)I", |vm, _, a| {
        Ok(Value::Int(unix(vm, |fs| fs.dup(a.int(0)))?))
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
        file_operation(vm)?;
        Ok(Value::Int(
            vm.files().stat(&path, true).map_or(0, |s| s.mode as i32),
        ))
    });
    r.add(
        D,
        "fstat",
        "(ILsun/nio/fs/UnixFileAttributes;)V",
        |vm, _, a| {
            let stat = unix(vm, |fs| fs.fstat(a.int(0)))?;
            fill_attributes(vm, a.obj(1), &stat);
            Ok(Value::Void)
        },
    );
    r.add(D, "exists0", "(J)Z", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        file_operation(vm)?;
        Ok(jbool(vm.files().stat(&path, false).is_ok()))
    });
    r.add(D, "access0", "(JI)V", |vm, _, a| {
        let mode = a.int(1);
        path_op(vm, a, |fs, p| fs.access(p, mode))
    });
    r.add(D, "mkdir0", "(JI)V", |vm, _, a| {
        let mode = a.int(1) as u32;
        path_op(vm, a, |fs, p| fs.mkdir(p, mode))
    });
    r.add(D, "rmdir0", "(J)V", |vm, _, a| {
        path_op(vm, a, |fs, p| fs.rmdir(p))
    });
    r.add(D, "unlink0", "(J)V", |vm, _, a| {
        path_op(vm, a, |fs, p| fs.unlink(p))
    });
    r.add(D, "chmod0", "(JI)V", |vm, _, a| {
        let mode = a.int(1) as u32;
        path_op(vm, a, |fs, p| fs.chmod(p, mode))
    });
    r.add(D, "rename0", "(JJ)V", |vm, _, a| {
        let to = path_at(vm, a.long(1))?;
        path_op(vm, a, |fs, from| fs.rename(from, &to))
    });
    r.add(D, "link0", "(JJ)V", |vm, _, a| {
        let link = path_at(vm, a.long(1))?;
        path_op(vm, a, |fs, target| fs.link(target, &link))
    });
    r.add(D, "symlink0", "(JJ)V", |vm, _, a| {
        let link = path_at(vm, a.long(1))?;
        path_op(vm, a, |fs, target| fs.symlink(target, &link))
    });
    r.add(D, "realpath0", "(J)[B", |vm, _, a| {
        path_answer(vm, a, |fs, p| fs.realpath(p))
    });
    r.add(D, "readlink0", "(J)[B", |vm, _, a| {
        path_answer(vm, a, |fs, p| fs.readlink(p))
    });
    r.add(D, "opendir0", "(J)J", |vm, _, a| {
        let path = path_at(vm, a.long(0))?;
        Ok(Value::Long(unix(vm, |fs| fs.opendir(&path))?))
    });
    r.add(D, "readdir", "(J)[B", |vm, _, a| {
        Ok(match unix(vm, |fs| fs.readdir(a.long(0)))? {
            Some(name) => byte_array(vm, &name),
            None => Value::NULL,
        })
    });
    r.add(D, "closedir", "(J)V", |vm, _, a| {
        unix(vm, |fs| fs.closedir(a.long(0)))?;
        Ok(Value::Void)
    });
    r.add(D, "read", "(IJI)I", |vm, _, a| {
        read_into(vm, a.int(0), a.long(1), a.int(2), None)
    });
    r.add(D, "write", "(IJI)I", |vm, _, a| {
        write_from(vm, a.int(0), a.long(1), a.int(2), None)
    });
    r.add(D, "utimes0", "(JJJ)V", |vm, _, a| {
        // Times in microseconds; only the modification time is kept.
        let ms = a.long(2).div_euclid(1000);
        path_op(vm, a, |fs, p| fs.set_modified(p, ms))
    });
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
        let to = u64::try_from(a.long(1)).ok();
        file_operation(vm)?;
        let pos = vm.files().seek(fd, to).or_else(io_failure)?;
        Ok(Value::Long(pos as i64))
    });
    r.add(F, "size0", "(Ljava/io/FileDescriptor;)J", |vm, _, a| {
        let fd = fd_of_descriptor(vm, a.obj(0));
        file_operation(vm)?;
        let stat = vm.files().fstat(fd).or_else(io_failure)?;
        Ok(Value::Long(stat.size as i64))
    });
    r.add(
        F,
        "truncate0",
        "(Ljava/io/FileDescriptor;J)I",
        |vm, _, a| {
            let fd = fd_of_descriptor(vm, a.obj(0));
            file_operation(vm)?;
            vm.files()
                .truncate(fd, a.long(1).max(0) as u64)
                .or_else(io_failure)?;
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
        close_quietly(vm, fd)
    });
    r.add(F, "preClose0", "(Ljava/io/FileDescriptor;)V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add(F, "closeIntFD", "(I)V", |vm, _, a| {
        close_quietly(vm, a.int(0))
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
            file_operation(vm)?;
            let stat = vm.files().fstat(fd).or_else(io_failure)?;
            vm.set_field_by_name(a.obj(0), "st_dev", Value::Long(stat.dev as i64));
            vm.set_field_by_name(a.obj(0), "st_ino", Value::Long(stat.ino as i64));
            Ok(Value::Void)
        },
    );
}

/// Closes a channel's descriptor; closing one already closed is not an error here.
fn close_quietly<M: Machine>(vm: &mut Vm<M>, fd: i32) -> NativeResult {
    if fd > 2 {
        file_operation(vm)?;
        let _ = vm.files().close(fd);
    }
    Ok(Value::Void)
}
