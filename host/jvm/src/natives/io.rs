//! Natives of java.io: standard streams, files, and the console check.

use std::io::{Read, Seek};

use crate::flow::{NativeExit, NativeResult};
use crate::heap::ObjData;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, string_arg, throw, Args};
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

/// The descriptor number of a FileInputStream/FileOutputStream (`this.fd.fd`).
fn fd_of(vm: &Jvm, stream: Ref) -> i32 {
    let descriptor = vm.field_by_name(stream, "fd").as_ref();
    vm.field_by_name(descriptor, "fd").as_int()
}

fn io_error<T>(e: std::io::Error) -> Result<T, NativeExit> {
    throw("java/io/IOException", e.to_string())
}

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    for class in [
        "java/io/FileDescriptor",
        "java/io/FileOutputStream",
        "java/io/FileInputStream",
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
        vm.io.files.remove(&fd);
        vm.set_field_by_name(a.obj(0), "fd", Value::Int(-1));
        Ok(Value::Void)
    });
    r.add(
        "java/io/FileOutputStream",
        "writeBytes",
        "([BIIZ)V",
        |vm, _, a| {
            let fd = fd_of(vm, a.obj(0));
            let (array, off, len) = (a.obj(1), a.int(2), a.int(3));
            let bytes: Vec<u8> = match vm.state.heap.get(array).map(|o| &o.data) {
                Some(ObjData::Bytes(b)) => {
                    let (off, len) = (off.max(0) as usize, len.max(0) as usize);
                    if off + len > b.len() {
                        return throw(
                            "java/lang/IndexOutOfBoundsException",
                            format!(
                                "Range [{off}, {off} + {len}) out of bounds for length {}",
                                b.len()
                            ),
                        );
                    }
                    b[off..off + len].iter().map(|&x| x as u8).collect()
                }
                _ => return super::support::npe(),
            };
            vm.io.write(fd, &bytes).or_else(io_error)?;
            Ok(Value::Void)
        },
    );
    r.add("java/io/FileOutputStream", "write", "(IZ)V", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        vm.io.write(fd, &[a.int(1) as u8]).or_else(io_error)?;
        Ok(Value::Void)
    });
    r.add(
        "java/io/FileOutputStream",
        "open0",
        "(Ljava/lang/String;Z)V",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .append(a.bool(2))
                .truncate(!a.bool(2))
                .open(&path);
            register_file(vm, a.obj(0), &path, file)
        },
    );
    r.add(
        "java/io/FileInputStream",
        "open0",
        "(Ljava/lang/String;)V",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            let file = std::fs::File::open(&path);
            register_file(vm, a.obj(0), &path, file)
        },
    );
    r.add(
        "java/io/FileInputStream",
        "readBytes",
        "([BII)I",
        |vm, _, a| {
            let fd = fd_of(vm, a.obj(0));
            let len = a.int(3).max(0) as usize;
            let mut buf = vec![0u8; len];
            let n = read_fd(vm, fd, &mut buf).or_else(io_error)?;
            if n == 0 && len > 0 {
                return Ok(Value::Int(-1));
            }
            let off = a.int(2).max(0) as usize;
            if let Some(ObjData::Bytes(b)) = vm.state.heap.primitive_data_mut(a.obj(1)) {
                for (k, &byte) in buf[..n].iter().enumerate() {
                    if let Some(slot) = b.get_mut(off + k) {
                        *slot = byte as i8;
                    }
                }
            }
            Ok(Value::Int(n as i32))
        },
    );
    r.add("java/io/FileInputStream", "read0", "()I", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        let mut buf = [0u8; 1];
        let n = read_fd(vm, fd, &mut buf).or_else(io_error)?;
        Ok(Value::Int(if n == 0 { -1 } else { i32::from(buf[0]) }))
    });
    r.add(
        "java/io/FileInputStream",
        "available0",
        "()I",
        |vm, _, a| {
            let fd = fd_of(vm, a.obj(0));
            let available = vm
                .io
                .files
                .get_mut(&fd)
                .and_then(|f| {
                    let len = f.metadata().ok()?.len();
                    let pos = f.stream_position().ok()?;
                    Some(len.saturating_sub(pos).min(i32::MAX as u64) as i32)
                })
                .unwrap_or(0);
            Ok(Value::Int(available))
        },
    );
    r.add("java/io/FileInputStream", "skip0", "(J)J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        let mut buf = vec![0u8; a.long(1).clamp(0, 1 << 20) as usize];
        let n = read_fd(vm, fd, &mut buf).or_else(io_error)?;
        Ok(Value::Long(n as i64))
    });
    r.add("java/io/FileInputStream", "length0", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(
            vm.io
                .files
                .get(&fd)
                .and_then(|f| f.metadata().ok())
                .map(|m| m.len() as i64)
                .unwrap_or(0),
        ))
    });
    r.add("java/io/FileInputStream", "position0", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0));
        Ok(Value::Long(
            vm.io
                .files
                .get_mut(&fd)
                .and_then(|f| f.stream_position().ok())
                .map(|p| p as i64)
                .unwrap_or(0),
        ))
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
    r.add(
        "java/io/UnixFileSystem",
        "getBooleanAttributes0",
        "(Ljava/io/File;)I",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            Ok(Value::Int(match std::fs::metadata(&path) {
                Ok(m) => {
                    0x01 | if m.is_file() { 0x02 } else { 0 } | if m.is_dir() { 0x04 } else { 0 }
                }
                Err(_) => 0,
            }))
        },
    );
    r.add(
        "java/io/UnixFileSystem",
        "canonicalize0",
        "(Ljava/lang/String;)Ljava/lang/String;",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            let canonical = std::fs::canonicalize(&path)
                .map(|p| p.display().to_string())
                .unwrap_or(path);
            Ok(Value::Ref(vm.new_string(&canonical)))
        },
    );
    r.add(
        "java/io/UnixFileSystem",
        "getLength",
        "(Ljava/io/File;)J",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            Ok(Value::Long(
                std::fs::metadata(path).map(|m| m.len() as i64).unwrap_or(0),
            ))
        },
    );
    r.add(
        "java/io/UnixFileSystem",
        "delete0",
        "(Ljava/io/File;)Z",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            let ok = std::fs::remove_file(&path)
                .or_else(|_| std::fs::remove_dir(&path))
                .is_ok();
            Ok(jbool(ok))
        },
    );
    r.add(
        "java/io/UnixFileSystem",
        "createDirectory",
        "(Ljava/io/File;)Z",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            Ok(jbool(std::fs::create_dir(path).is_ok()))
        },
    );
    const UFS: &str = "java/io/UnixFileSystem";
    r.add(
        UFS,
        "list",
        "(Ljava/io/File;)[Ljava/lang/String;",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            let Ok(entries) = std::fs::read_dir(&path) else {
                return Ok(Value::NULL);
            };
            let names: Vec<String> = entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            let class = vm
                .classes
                .load("[Ljava/lang/String;")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            let strings: Vec<Ref> = names.iter().map(|n| vm.new_string(n)).collect();
            Ok(Value::Ref(vm.new_array_of(class, &strings)))
        },
    );
    r.add(UFS, "checkAccess", "(Ljava/io/File;I)Z", |vm, _, a| {
        let path = file_path(vm, a.obj(1))?;
        let mode = a.int(2);
        Ok(jbool(std::fs::metadata(path).is_ok_and(|m| {
            use std::os::unix::fs::PermissionsExt;
            let bits = m.permissions().mode();
            (mode & 4 == 0 || bits & 0o444 != 0)
                && (mode & 2 == 0 || bits & 0o222 != 0)
                && (mode & 1 == 0 || bits & 0o111 != 0)
        })))
    });
    r.add(
        UFS,
        "getLastModifiedTime",
        "(Ljava/io/File;)J",
        |vm, _, a| {
            let path = file_path(vm, a.obj(1))?;
            let ms = std::fs::metadata(path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_millis() as i64)
                .unwrap_or(0);
            Ok(Value::Long(ms))
        },
    );
    r.add(
        UFS,
        "createFileExclusively",
        "(Ljava/lang/String;)Z",
        |vm, _, a| {
            let path = string_arg(vm, a.obj(1))?;
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(_) => Ok(jbool(true)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(jbool(false)),
                Err(e) => throw("java/io/IOException", e.to_string()),
            }
        },
    );
    r.add(
        UFS,
        "rename0",
        "(Ljava/io/File;Ljava/io/File;)Z",
        |vm, _, a| {
            let from = file_path(vm, a.obj(1))?;
            let to = file_path(vm, a.obj(2))?;
            Ok(jbool(std::fs::rename(from, to).is_ok()))
        },
    );
    r.add(UFS, "setPermission", "(Ljava/io/File;IZZ)Z", |vm, _, a| {
        use std::os::unix::fs::PermissionsExt;
        let path = file_path(vm, a.obj(1))?;
        let (access, enable, owner_only) = (a.int(2) as u32, a.bool(3), a.bool(4));
        let Ok(meta) = std::fs::metadata(&path) else {
            return Ok(jbool(false));
        };
        let bits = if owner_only {
            access << 6
        } else {
            access * 0o111
        };
        let mode = meta.permissions().mode();
        let mode = if enable { mode | bits } else { mode & !bits };
        Ok(jbool(
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).is_ok(),
        ))
    });
    r.add(
        UFS,
        "setLastModifiedTime",
        "(Ljava/io/File;J)Z",
        |_, _, _| Ok(jbool(true)),
    );
    r.add(UFS, "setReadOnly", "(Ljava/io/File;)Z", |vm, _, a| {
        let path = file_path(vm, a.obj(1))?;
        let Ok(meta) = std::fs::metadata(&path) else {
            return Ok(jbool(false));
        };
        let mut perms = meta.permissions();
        perms.set_readonly(true);
        Ok(jbool(std::fs::set_permissions(&path, perms).is_ok()))
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

fn register_file<M: Machine>(
    vm: &mut Vm<M>,
    stream: Ref,
    path: &str,
    file: std::io::Result<std::fs::File>,
) -> NativeResult {
    match file {
        Ok(f) => {
            let fd = vm.io.next_fd;
            vm.io.next_fd += 1;
            vm.io.files.insert(fd, f);
            let descriptor = vm.field_by_name(stream, "fd").as_ref();
            vm.set_field_by_name(descriptor, "fd", Value::Int(fd));
            Ok(Value::Void)
        }
        Err(e) => {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
                std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
                _ => e.to_string(),
            };
            throw(
                "java/io/FileNotFoundException",
                format!("{path} ({reason})"),
            )
        }
    }
}

fn read_fd<M: Machine>(vm: &mut Vm<M>, fd: i32, buf: &mut [u8]) -> std::io::Result<usize> {
    if fd == 0 {
        vm.io.flush();
        return std::io::stdin().read(buf);
    }
    match vm.io.files.get_mut(&fd) {
        Some(f) => f.read(buf),
        None => Err(std::io::Error::from(std::io::ErrorKind::InvalidInput)),
    }
}
