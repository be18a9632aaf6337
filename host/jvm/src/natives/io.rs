//! Natives of java.io: standard streams, files (`FileInputStream`, `FileOutputStream`,
//! `RandomAccessFile`, `java.io.File` through `UnixFileSystem`), and the console check. Files
//! are the VM's [`FileSystem`](crate::fs::FileSystem): the real one or the path's sandbox.

use std::path::Path;

use crate::flow::{NativeExit, NativeResult};
use crate::fs::{FsError, OpenHow};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{
    array_bytes, file_operation, input_available, io_failure, jbool, read_input, string_arg, throw,
    Args,
};
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

/// The descriptor number of a FileInputStream, FileOutputStream or RandomAccessFile
/// (`this.fd.fd`).
fn fd_of(vm: &Jvm, stream: Ref) -> i32 {
    let descriptor = vm.field_by_name(stream, "fd").as_ref();
    vm.field_by_name(descriptor, "fd").as_int()
}

/// `RandomAccessFile`'s mode bit for read-only files.
const RAF_RDONLY: i32 = 1;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    for class in [
        "java/io/FileDescriptor",
        "java/io/FileOutputStream",
        "java/io/FileInputStream",
        "java/io/RandomAccessFile",
        "java/io/UnixFileSystem",
    ] {
        r.add(class, "initIDs", "()V", |_, _, _| Ok(Value::Void));
    }
    r.add("java/io/FileDescriptor", "getHandle", "(I)J", |_, _, _| {
        Ok(Value::Long(-1))
    });
    r.add("java/io/FileDescriptor", "getAppend", "(I)Z", |_, _, _| {
        Ok(jbool(false))
    });
    r.add("java/io/FileDescriptor", "sync", "()V", |_, _, _| {
        Ok(Value::Void)
    });
    r.add("java/io/FileDescriptor", "close0", "()V", |vm, _, a| {
        let fd = vm.field_by_name(a.obj(0), "fd").as_int();
        if fd > 2 {
            file_operation(vm)?;
            // As the JDK's close: a descriptor already closed is not an error here.
            let _ = vm.files().close(fd);
        }
        vm.set_field_by_name(a.obj(0), "fd", Value::Int(-1));
        Ok(Value::Void)
    });
    const FOS: &str = "java/io/FileOutputStream";
    r.add(FOS, "writeBytes", "([BIIZ)V", |vm, _, a| {
        let bytes = array_bytes(vm, a.obj(1), a.int(2), a.int(3))?;
        write_fd(vm, fd_of(vm, a.obj(0)), &bytes)
    });
    r.add(FOS, "write", "(IZ)V", |vm, _, a| {
        write_fd(vm, fd_of(vm, a.obj(0)), &[a.int(1) as u8])
    });
    r.add(FOS, "open0", "(Ljava/lang/String;Z)V", |vm, _, a| {
        let path = string_arg(vm, a.obj(1))?;
        open_stream(vm, a.obj(0), &path, OpenHow::write(a.bool(2)))
    });
    const FIS: &str = "java/io/FileInputStream";
    r.add(FIS, "open0", "(Ljava/lang/String;)V", |vm, _, a| {
        let path = string_arg(vm, a.obj(1))?;
        open_stream(vm, a.obj(0), &path, OpenHow::READ)
    });
    r.add(FIS, "readBytes", "([BII)I", |vm, _, a| {
        read_bytes(vm, a.obj(0), a.obj(1), a.int(2), a.int(3))
    });
    r.add(FIS, "read0", "()I", read_byte);
    r.add(FIS, "available0", "()I", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        if fd == 0 {
            return Ok(Value::Int(input_available(vm).min(i32::MAX as u64) as i32));
        }
        if fd < 3 {
            return Ok(Value::Int(0));
        }
        let (pos, size) = position_and_size(vm, fd)?;
        Ok(Value::Int(
            size.saturating_sub(pos).min(i32::MAX as u64) as i32
        ))
    });
    r.add(FIS, "skip0", "(J)J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        file_operation(vm)?;
        let files = vm.files();
        let pos = files.seek(fd, None).or_else(io_failure)?;
        let to = (pos as i64).checked_add(a.long(1)).filter(|&p| p >= 0);
        let Some(to) = to else {
            return throw("java/io/IOException", "Invalid argument");
        };
        files.seek(fd, Some(to as u64)).or_else(io_failure)?;
        Ok(Value::Long(to - pos as i64))
    });
    r.add(FIS, "length0", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(position_and_size(vm, fd)?.1 as i64))
    });
    r.add(FIS, "position0", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(position_and_size(vm, fd)?.0 as i64))
    });
    const RAF: &str = "java/io/RandomAccessFile";
    r.add(RAF, "open0", "(Ljava/lang/String;I)V", |vm, _, a| {
        let path = string_arg(vm, a.obj(1))?;
        let how = if a.int(2) & RAF_RDONLY != 0 {
            OpenHow::READ
        } else {
            OpenHow {
                write: true,
                create: true,
                ..OpenHow::READ
            }
        };
        open_stream(vm, a.obj(0), &path, how)
    });
    r.add(RAF, "read0", "()I", read_byte);
    r.add(RAF, "readBytes", "([BII)I", |vm, _, a| {
        read_bytes(vm, a.obj(0), a.obj(1), a.int(2), a.int(3))
    });
    r.add(RAF, "write0", "(I)V", |vm, _, a| {
        write_fd(vm, fd_of(vm, a.obj(0)), &[a.int(1) as u8])
    });
    r.add(RAF, "writeBytes", "([BII)V", |vm, _, a| {
        let bytes = array_bytes(vm, a.obj(1), a.int(2), a.int(3))?;
        write_fd(vm, fd_of(vm, a.obj(0)), &bytes)
    });
    r.add(RAF, "getFilePointer", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(position_and_size(vm, fd)?.0 as i64))
    });
    r.add(RAF, "seek0", "(J)V", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        file_operation(vm)?;
        vm.files()
            .seek(fd, Some(a.long(1).max(0) as u64))
            .or_else(io_failure)?;
        Ok(Value::Void)
    });
    r.add(RAF, "length", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(position_and_size(vm, fd)?.1 as i64))
    });
    r.add(RAF, "setLength", "(J)V", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        let len = a.long(1);
        if len < 0 {
            return throw("java/io/IOException", "Invalid argument");
        }
        file_operation(vm)?;
        let files = vm.files();
        let pos = files.seek(fd, None).or_else(io_failure)?;
        files.truncate(fd, len as u64).or_else(io_failure)?;
        // As the JDK: a position beyond the new end moves to it.
        files
            .seek(fd, Some(pos.min(len as u64)))
            .or_else(io_failure)?;
        Ok(Value::Void)
    });
    r.add("java/io/Console", "istty", "()Z", |_, _, _| {
        Ok(jbool(false))
    });
    r.add(
        "java/io/Console",
        "encoding",
        "()Ljava/lang/String;",
        |_, _, _| Ok(Value::NULL),
    );
    r.add("java/io/Console", "echo", "(Z)Z", |_, _, _| Ok(jbool(true)));
    const UFS: &str = "java/io/UnixFileSystem";
    r.add(
        UFS,
        "getBooleanAttributes0",
        "(Ljava/io/File;)I",
        |vm, _, a| {
            // BA_EXISTS, BA_REGULAR, BA_DIRECTORY (hidden files are the Java code's business).
            Ok(Value::Int(match file_stat(vm, a.obj(1))? {
                Some(s) => {
                    0x01 | if s.is_file() { 0x02 } else { 0 } | if s.is_dir() { 0x04 } else { 0 }
                }
                None => 0,
            }))
        },
    );
    r.add(
        UFS,
        "canonicalize0",
        "(Ljava/lang/String;)Ljava/lang/String;",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            file_operation(vm)?;
            let canonical = vm
                .files()
                .canonicalize(Path::new(&path))
                .or_else(io_failure)?;
            let canonical = String::from_utf8_lossy(&canonical).into_owned();
            Ok(Value::Ref(vm.new_string(&canonical)))
        },
    );
    r.add(UFS, "getLength", "(Ljava/io/File;)J", |vm, _, a| {
        Ok(Value::Long(
            file_stat(vm, a.obj(1))?.map_or(0, |s| s.size as i64),
        ))
    });
    r.add(UFS, "delete0", "(Ljava/io/File;)Z", |vm, _, a| {
        file_change(vm, a.obj(1), |files, path| {
            files.unlink(path).or_else(|e| match e {
                FsError::Os(crate::fs::Errno::EISDIR) => files.rmdir(path),
                e => Err(e),
            })
        })
    });
    r.add(UFS, "createDirectory", "(Ljava/io/File;)Z", |vm, _, a| {
        file_change(vm, a.obj(1), |files, path| files.mkdir(path, 0o777))
    });
    r.add(
        UFS,
        "list",
        "(Ljava/io/File;)[Ljava/lang/String;",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            file_operation(vm)?;
            let names = match vm.files().list(Path::new(&path)) {
                Ok(names) => names,
                Err(FsError::Os(_)) => return Ok(Value::NULL),
                Err(e) => return io_failure(e),
            };
            let class = vm
                .classes
                .load("[Ljava/lang/String;")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            let strings: Vec<Ref> = names
                .iter()
                .map(|n| vm.new_string(&String::from_utf8_lossy(n)))
                .collect();
            Ok(Value::Ref(vm.new_array_of(class, &strings)))
        },
    );
    r.add(UFS, "checkAccess", "(Ljava/io/File;I)Z", |vm, _, a| {
        let path = file_path(vm, a.obj(1))?;
        file_operation(vm)?;
        match vm.files().access(Path::new(&path), a.int(2)) {
            Ok(()) => Ok(jbool(true)),
            Err(FsError::Os(_)) => Ok(jbool(false)),
            Err(e) => io_failure(e),
        }
    });
    r.add(
        UFS,
        "getLastModifiedTime",
        "(Ljava/io/File;)J",
        |vm, _, a| {
            Ok(Value::Long(
                file_stat(vm, a.obj(1))?.map_or(0, |s| s.mtime_ms()),
            ))
        },
    );
    r.add(
        UFS,
        "createFileExclusively",
        "(Ljava/lang/String;)Z",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            file_operation(vm)?;
            let how = OpenHow {
                exclusive: true,
                ..OpenHow::write(false)
            };
            let files = vm.files();
            match files.open(Path::new(&path), how) {
                Ok(fd) => {
                    files.close(fd).or_else(io_failure)?;
                    Ok(jbool(true))
                }
                Err(FsError::Os(crate::fs::Errno::EEXIST)) => Ok(jbool(false)),
                Err(e) => io_failure(e),
            }
        },
    );
    r.add(
        UFS,
        "rename0",
        "(Ljava/io/File;Ljava/io/File;)Z",
        |vm, _, a| {
            let to = file_path(vm, a.obj(2))?;
            file_change(vm, a.obj(1), |files, from| {
                files.rename(from, Path::new(&to))
            })
        },
    );
    r.add(UFS, "setPermission", "(Ljava/io/File;IZZ)Z", |vm, _, a| {
        let (access, enable, owner_only) = (a.int(2) as u32, a.bool(3), a.bool(4));
        let bits = if owner_only {
            access << 6
        } else {
            access * 0o111
        };
        file_change(vm, a.obj(1), |files, path| {
            let mode = files.stat(path, true)?.mode & 0o7777;
            files.chmod(path, if enable { mode | bits } else { mode & !bits })
        })
    });
    r.add(
        UFS,
        "setLastModifiedTime",
        "(Ljava/io/File;J)Z",
        |vm, _, a| {
            let ms = a.long(2);
            file_change(vm, a.obj(1), |files, path| files.set_modified(path, ms))
        },
    );
    r.add(UFS, "setReadOnly", "(Ljava/io/File;)Z", |vm, _, a| {
        file_change(vm, a.obj(1), |files, path| {
            let mode = files.stat(path, true)?.mode & 0o7777;
            files.chmod(path, mode & !0o222)
        })
    });
    r.add(UFS, "getSpace", "(Ljava/io/File;I)J", |_, _, _| {
        Ok(Value::Long(0))
    });
    r.add(
        "jdk/internal/loader/BootLoader",
        "findResourceAsStream",
        "(Ljava/lang/String;Ljava/lang/String;)Ljava/io/InputStream;",
        |vm, _, a| {
            let module = vm.string_value(a.obj(0));
            let name = string_arg(vm, a.obj(1))?;
            let bytes = vm
                .classes
                .classpath()
                .jdk_resource(module.as_deref(), &name);
            resource_stream(vm, bytes)
        },
    );
    r.add(
        "java/lang/ClassLoader",
        "getSystemResourceAsStream",
        "(Ljava/lang/String;)Ljava/io/InputStream;",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(0))?;
            let name = name.trim_start_matches('/');
            let bytes = vm
                .classes
                .classpath()
                .resource(name)
                .or_else(|| vm.classes.classpath().jdk_resource(None, name));
            resource_stream(vm, bytes)
        },
    );
    r.add(
        "java/io/UnixFileSystem",
        "getNameMax0",
        "(Ljava/lang/String;)J",
        |_, _, _| Ok(Value::Long(255)),
    );
}

/// Hands resource bytes to Java as an InputStream (null when absent).
fn resource_stream<M: Machine>(vm: &mut Vm<M>, bytes: Option<Vec<u8>>) -> NativeResult {
    let array = match bytes {
        Some(b) => {
            let class = vm.known.byte_array;
            Value::Ref(vm.alloc(
                class,
                ObjData::Bytes(b.into_iter().map(|x| x as i8).collect()),
            ))
        }
        None => Value::NULL,
    };
    let support = vm
        .classes
        .load("jdk/internal/rpf/VMSupport")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let helper = vm
        .classes
        .find_method(support, "bytesStream", "([B)Ljava/io/InputStream;")
        .ok_or(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some("VMSupport.bytesStream".into()),
        ))?;
    Err(NativeExit::Call(helper, vec![array]))
}

fn file_path(vm: &Jvm, file: Ref) -> Result<String, NativeExit> {
    string_arg(vm, vm.field_by_name(file, "path").as_ref())
}

/// What `java.io.File` `file` names, `None` if nothing.
fn file_stat<M: Machine>(vm: &mut Vm<M>, file: Ref) -> Result<Option<crate::fs::Stat>, NativeExit> {
    let path = file_path(vm, file)?;
    file_operation(vm)?;
    match vm.files().stat(Path::new(&path), true) {
        Ok(stat) => Ok(Some(stat)),
        Err(FsError::Os(_)) => Ok(None),
        Err(e) => io_failure(e),
    }
}

/// Runs `change` on the path of `java.io.File` `file`: `java.io.File`'s methods answer
/// whether it worked.
fn file_change<M: Machine>(
    vm: &mut Vm<M>,
    file: Ref,
    change: impl FnOnce(&mut dyn crate::fs::FileSystem, &Path) -> crate::fs::FsResult<()>,
) -> NativeResult {
    let path = file_path(vm, file)?;
    file_operation(vm)?;
    match change(vm.files(), Path::new(&path)) {
        Ok(()) => Ok(jbool(true)),
        Err(FsError::Os(_)) => Ok(jbool(false)),
        Err(e) => io_failure(e),
    }
}

/// Opens `path` for `stream` (a FileInputStream, FileOutputStream or RandomAccessFile),
/// failing as the JDK's `fileOpen` does.
fn open_stream<M: Machine>(vm: &mut Vm<M>, stream: Ref, path: &str, how: OpenHow) -> NativeResult {
    file_operation(vm)?;
    match vm.files().open(Path::new(path), how) {
        Ok(fd) => {
            let descriptor = vm.field_by_name(stream, "fd").as_ref();
            vm.set_field_by_name(descriptor, "fd", Value::Int(fd));
            Ok(Value::Void)
        }
        Err(FsError::Os(errno)) => throw(
            "java/io/FileNotFoundException",
            format!("{path} ({})", errno.message()),
        ),
        Err(e) => io_failure(e),
    }
}

/// Writes all of `bytes` to descriptor `fd`: standard output or error, or a file.
fn write_fd<M: Machine>(vm: &mut Vm<M>, fd: i32, bytes: &[u8]) -> NativeResult {
    if fd == 1 || fd == 2 {
        vm.io
            .write(fd, bytes)
            .or_else(|e| throw("java/io/IOException", e.to_string()))?;
        return Ok(Value::Void);
    }
    file_operation(vm)?;
    let files = vm.files();
    let mut done = 0;
    while done < bytes.len() {
        done += files.write(fd, &bytes[done..], None).or_else(io_failure)?;
    }
    Ok(Value::Void)
}

/// Reads into `buf` from descriptor `fd` (standard input, or a file); 0 at the end.
fn read_fd<M: Machine>(vm: &mut Vm<M>, fd: i32, buf: &mut [u8]) -> Result<usize, NativeExit> {
    if fd == 0 {
        return read_input(vm, buf);
    }
    file_operation(vm)?;
    vm.files().read(fd, buf, None).or_else(io_failure)
}

/// `read()` of a FileInputStream or RandomAccessFile: a byte, or -1 at the end.
fn read_byte<M: Machine>(vm: &mut Vm<M>, _: &mut crate::thread::Exec, a: &[Value]) -> NativeResult {
    let fd = fd_of(vm, a.obj(0));
    let mut buf = [0u8; 1];
    let n = read_fd(vm, fd, &mut buf)?;
    Ok(Value::Int(if n == 0 { -1 } else { i32::from(buf[0]) }))
}

/// `readBytes(b, off, len)` of a FileInputStream or RandomAccessFile: bytes read, or -1 at
/// the end.
fn read_bytes<M: Machine>(
    vm: &mut Vm<M>,
    stream: Ref,
    array: Ref,
    off: i32,
    len: i32,
) -> NativeResult {
    let length = match vm.state.heap.get(array).map(|o| &o.data) {
        Some(ObjData::Bytes(b)) => b.len(),
        _ => return super::support::npe(),
    };
    if off < 0 || len < 0 || off as usize + len as usize > length {
        return throw("java/lang/IndexOutOfBoundsException", "");
    }
    if len == 0 {
        return Ok(Value::Int(0));
    }
    let fd = fd_of(vm, stream);
    let mut buf = vec![0u8; len as usize];
    let n = read_fd(vm, fd, &mut buf)?;
    if n == 0 {
        return Ok(Value::Int(-1));
    }
    if let Some(ObjData::Bytes(b)) = vm.state.heap.primitive_data_mut(array) {
        for (slot, &byte) in b[off as usize..].iter_mut().zip(&buf[..n]) {
            *slot = byte as i8;
        }
    }
    Ok(Value::Int(n as i32))
}

/// The position of descriptor `fd` and the size of its file.
fn position_and_size<M: Machine>(vm: &mut Vm<M>, fd: i32) -> Result<(u64, u64), NativeExit> {
    file_operation(vm)?;
    let files = vm.files();
    let pos = files.seek(fd, None).or_else(io_failure)?;
    let size = files.fstat(fd).or_else(io_failure)?.size;
    Ok((pos, size))
}
