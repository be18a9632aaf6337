//! Natives of java.lang.Object, Class, Throwable, StackTraceElement, Float/Double, Runtime,
//! Shutdown and the small JDK-internal hooks (CDS, VM, Signal, Reflection, AccessController).

use crate::allocation::OutOfMemory;
use crate::backtrace;
use crate::class::{ClassId, ClassKind};
use crate::classfile::{access, ClassFile};
use crate::classpath::Loader;
use crate::flow::{NativeExit, NativeResult, Stop};
use crate::linkage::Pure;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{class_arg, jbool, out_of_memory, string_arg, throw, Args};
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

fn void<M: Machine>(_: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    Ok(Value::Void)
}

fn null<M: Machine>(_: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    Ok(Value::NULL)
}

fn false_<M: Machine>(_: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    Ok(jbool(false))
}

fn zero_long<M: Machine>(_: &mut Vm<M>, _: &mut Exec, _: &[Value]) -> NativeResult {
    Ok(Value::Long(0))
}

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    // java.lang.Object
    // Reads immutable data (a mirror created on first use is the same on every path).
    r.add(
        "java/lang/Object",
        "getClass",
        "()Ljava/lang/Class;",
        |vm, _, a| {
            let c = vm.class_of(a.obj(0)).unwrap_or(vm.known.object);
            Ok(Value::Ref(vm.mirror(c)))
        },
    )
    .tracked = true;
    r.add("java/lang/Object", "hashCode", "()I", |vm, _, a| {
        Ok(Value::Int(vm.identity_hash(a.obj(0))))
    });
    r.add(
        "java/lang/Object",
        "clone",
        "()Ljava/lang/Object;",
        object_clone,
    );

    // java.lang.Class
    r.add("java/lang/Class", "registerNatives", "()V", void);
    r.add(
        "java/lang/Class",
        "getPrimitiveClass",
        "(Ljava/lang/String;)Ljava/lang/Class;",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(0))?;
            let c = match name.as_str() {
                "boolean" => 'Z',
                "byte" => 'B',
                "char" => 'C',
                "short" => 'S',
                "int" => 'I',
                "long" => 'J',
                "float" => 'F',
                "double" => 'D',
                "void" => 'V',
                _ => return throw("java/lang/IllegalArgumentException", name),
            };
            let id = vm.classes.primitive(c);
            Ok(Value::Ref(vm.mirror(id)))
        },
    );
    r.add(
        "java/lang/Class",
        "desiredAssertionStatus0",
        "(Ljava/lang/Class;)Z",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            Ok(jbool(
                vm.opts.assertions && vm.classes.get(c).loader == Loader::App,
            ))
        },
    );
    r.add(
        "java/lang/Class",
        "initClassName",
        "()Ljava/lang/String;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let name: Vec<u16> = vm.classes.get(c).java_name().encode_utf16().collect();
            let s = vm.intern(&name);
            vm.set_field_by_name(a.obj(0), "name", Value::Ref(s));
            Ok(Value::Ref(s))
        },
    );
    r.add(
        "java/lang/Class",
        "isInstance",
        "(Ljava/lang/Object;)Z",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            Ok(jbool(
                vm.class_of(a.obj(1))
                    .is_some_and(|oc| vm.classes.is_assignable(oc, c)),
            ))
        },
    );
    r.add(
        "java/lang/Class",
        "isAssignableFrom",
        "(Ljava/lang/Class;)Z",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let other = class_arg(vm, a.obj(1))?;
            Ok(jbool(vm.classes.is_assignable(other, c)))
        },
    );
    r.add("java/lang/Class", "isInterface", "()Z", |vm, _, a| {
        let c = class_arg(vm, a.obj(0))?;
        Ok(jbool(vm.classes.get(c).is_interface()))
    });
    r.add("java/lang/Class", "isArray", "()Z", |vm, _, a| {
        let c = class_arg(vm, a.obj(0))?;
        Ok(jbool(vm.classes.get(c).is_array()))
    });
    r.add("java/lang/Class", "isPrimitive", "()Z", |vm, _, a| {
        let c = class_arg(vm, a.obj(0))?;
        Ok(jbool(matches!(
            vm.classes.get(c).kind,
            ClassKind::Primitive(_)
        )))
    });
    r.add("java/lang/Class", "isHidden", "()Z", false_);
    r.add(
        "java/lang/Class",
        "getSuperclass",
        "()Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let cls = vm.classes.get(c).clone();
            if cls.is_interface() || matches!(cls.kind, ClassKind::Primitive(_)) {
                return Ok(Value::NULL);
            }
            Ok(match cls.super_class {
                Some(s) => Value::Ref(vm.mirror(s)),
                None => Value::NULL,
            })
        },
    );
    r.add(
        "java/lang/Class",
        "getInterfaces0",
        "()[Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let ids = vm.classes.get(c).interfaces.to_vec();
            class_array(vm, &ids)
        },
    );
    r.add("java/lang/Class", "getModifiers", "()I", |vm, _, a| {
        let c = class_arg(vm, a.obj(0))?;
        Ok(Value::Int(i32::from(class_modifiers(vm, c))))
    });
    r.add(
        "java/lang/Class",
        "getSigners",
        "()[Ljava/lang/Object;",
        null,
    );
    r.add(
        "java/lang/Class",
        "setSigners",
        "([Ljava/lang/Object;)V",
        void,
    );
    r.add(
        "java/lang/Class",
        "getProtectionDomain0",
        "()Ljava/security/ProtectionDomain;",
        null,
    );
    r.add("java/lang/Class", "getRawAnnotations", "()[B", null);
    r.add("java/lang/Class", "getRawTypeAnnotations", "()[B", null);
    r.add(
        "java/lang/Class",
        "getConstantPool",
        "()Ljdk/internal/reflect/ConstantPool;",
        null,
    );
    r.add(
        "java/lang/Class",
        "getGenericSignature0",
        "()Ljava/lang/String;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            Ok(match vm.classes.get(c).attrs.signature.clone() {
                Some(s) => Value::Ref(vm.new_string(&s)),
                None => Value::NULL,
            })
        },
    );
    r.add("java/lang/Class", "isRecord0", "()Z", |vm, _, a| {
        let c = class_arg(vm, a.obj(0))?;
        let cls = vm.classes.get(c);
        let record_super = cls
            .super_class
            .is_some_and(|s| &*vm.classes.get(s).name == "java/lang/Record");
        Ok(jbool(record_super && cls.attrs.record.is_some()))
    });
    r.add(
        "java/lang/Class",
        "getDeclaringClass0",
        "()Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let cls = vm.classes.get(c).clone();
            let outer = cls
                .attrs
                .inner_classes
                .iter()
                .find(|ic| ic.inner == cls.name)
                .and_then(|ic| ic.outer.clone());
            match outer {
                Some(o) => match vm.classes.load(&o) {
                    Ok(id) => Ok(Value::Ref(vm.mirror(id))),
                    Err(e) => Err(NativeExit::ThrowNew(e.error_class, Some(e.message))),
                },
                None => Ok(Value::NULL),
            }
        },
    );
    r.add(
        "java/lang/Class",
        "getSimpleBinaryName0",
        "()Ljava/lang/String;",
        |vm, _, a| {
            // The InnerClasses entry's name, null for top-level and anonymous classes (as
            // HotSpot's JVM_GetSimpleBinaryName): `isAnonymousClass` tests exactly that,
            // and `getSimpleBinaryName` turns it into "" for anonymous classes itself.
            let c = class_arg(vm, a.obj(0))?;
            let cls = vm.classes.get(c).clone();
            let simple = cls
                .attrs
                .inner_classes
                .iter()
                .find(|ic| ic.inner == cls.name)
                .and_then(|ic| ic.simple_name.clone());
            Ok(match simple {
                Some(n) => Value::Ref(vm.new_string(&n)),
                None => Value::NULL,
            })
        },
    );
    r.add(
        "java/lang/Class",
        "getEnclosingMethod0",
        "()[Ljava/lang/Object;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let Some(crate::classfile::EnclosingMethod {
                class: outer,
                method,
            }) = vm.classes.get(c).attrs.enclosing_method.clone()
            else {
                return Ok(Value::NULL);
            };
            let outer_id = vm
                .classes
                .load(&outer)
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            let object_array = vm
                .classes
                .load("[Ljava/lang/Object;")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            let mirror = vm.mirror(outer_id);
            let (name, desc) = match method {
                Some((n, d)) => (vm.new_string(&n), vm.new_string(&d)),
                None => (Ref::NULL, Ref::NULL),
            };
            Ok(Value::Ref(
                vm.new_array_of(object_array, &[mirror, name, desc]),
            ))
        },
    );
    r.add(
        "java/lang/Class",
        "getNestHost0",
        "()Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let host = nest_host(vm, c);
            Ok(Value::Ref(vm.mirror(host)))
        },
    );
    r.add(
        "java/lang/Class",
        "getNestMembers0",
        "()[Ljava/lang/Class;",
        |vm, _, a| {
            // The nest host first, then its NestMembers in attribute order; members that
            // do not load are left out (as HotSpot's JVM_GetNestMembers).
            let c = class_arg(vm, a.obj(0))?;
            let host = nest_host(vm, c);
            let mut ids = vec![host];
            for name in vm.classes.get(host).attrs.nest_members.clone() {
                if let Ok(id) = vm.classes.load(&name) {
                    ids.push(id);
                }
            }
            class_array(vm, &ids)
        },
    );
    r.add(
        "java/lang/Class",
        "getPermittedSubclasses0",
        "()[Ljava/lang/Class;",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            let names = vm.classes.get(c).attrs.permitted_subclasses.clone();
            if names.is_empty() {
                return Ok(Value::NULL);
            }
            let mut ids = Vec::new();
            for n in names {
                if let Ok(id) = vm.classes.load(&n) {
                    ids.push(id);
                }
            }
            class_array(vm, &ids)
        },
    );
    r.add(
        "java/lang/Class",
        "forName0",
        "(Ljava/lang/String;ZLjava/lang/ClassLoader;Ljava/lang/Class;)Ljava/lang/Class;",
        class_for_name,
    );

    r.add(
        "java/lang/ClassLoader",
        "defineClass1",
        "(Ljava/lang/ClassLoader;Ljava/lang/String;[BIILjava/security/ProtectionDomain;Ljava/lang/String;)Ljava/lang/Class;",
        define_class1,
    );
    r.add(
        "java/lang/ClassLoader",
        "defineClass0",
        "(Ljava/lang/ClassLoader;Ljava/lang/Class;Ljava/lang/String;[BIILjava/security/ProtectionDomain;ZILjava/lang/Object;)Ljava/lang/Class;",
        define_class0,
    );

    // Throwable and stack traces
    r.add(
        "java/lang/Throwable",
        "fillInStackTrace",
        "(I)Ljava/lang/Throwable;",
        fill_in_stack_trace,
    );
    r.add(
        "java/lang/StackTraceElement",
        "initStackTraceElements",
        "([Ljava/lang/StackTraceElement;Ljava/lang/Throwable;)V",
        init_stack_trace_elements,
    );
    r.add(
        "java/lang/NullPointerException",
        "getExtendedNPEMessage",
        "()Ljava/lang/String;",
        |vm, _, a| {
            Ok(match crate::npe_messages::extended_message(vm, a.obj(0)) {
                Some(m) => Value::Ref(vm.new_string(&m)),
                None => Value::NULL,
            })
        },
    );

    // Float and Double bits
    r.pure(
        "java/lang/Float",
        "floatToRawIntBits",
        "(F)I",
        Pure::FloatBits,
    );
    r.pure("java/lang/Float", "intBitsToFloat", "(I)F", Pure::BitsFloat);
    r.pure(
        "java/lang/Double",
        "doubleToRawLongBits",
        "(D)J",
        Pure::DoubleBits,
    );
    r.pure(
        "java/lang/Double",
        "longBitsToDouble",
        "(J)D",
        Pure::BitsDouble,
    );

    // Runtime and Shutdown
    r.add(
        "java/lang/Runtime",
        "availableProcessors",
        "()I",
        |_, _, _| {
            Ok(Value::Int(
                std::thread::available_parallelism()
                    .map(|n| n.get() as i32)
                    .unwrap_or(1),
            ))
        },
    );
    r.add("java/lang/Runtime", "freeMemory", "()J", |vm, exec, _| {
        // Under a machine that explores, as if a collection had just run: garbage is no
        // part of the state, so two states that match must report the same.
        let live = if M::EXPLORES {
            crate::gc::mark(vm, Some(exec))
                .iter()
                .filter(|&&m| m)
                .count()
        } else {
            vm.state.heap.live()
        };
        Ok(Value::Long((1i64 << 30) - (live as i64 * 64).min(1 << 29)))
    });
    r.add("java/lang/Runtime", "totalMemory", "()J", |_, _, _| {
        Ok(Value::Long(1 << 30))
    });
    r.add("java/lang/Runtime", "maxMemory", "()J", |_, _, _| {
        Ok(Value::Long(4 << 30))
    });
    r.add("java/lang/Runtime", "gc", "()V", void);
    r.add("java/lang/Shutdown", "beforeHalt", "()V", void);
    r.add("java/lang/Shutdown", "halt0", "(I)V", |_, _, a| {
        Err(NativeExit::Halt(a.int(0)))
    });

    // String
    r.add(
        "java/lang/String",
        "intern",
        "()Ljava/lang/String;",
        |vm, _, a| Ok(Value::Ref(vm.intern_object(a.obj(0)))),
    )
    // Whichever thread interns a content first makes its string the one `ldc` and every
    // later `intern` return: the intern table is shared by all threads.
    .thread_api = true;

    // JDK-internal hooks that are no-ops without HotSpot's features.
    for (name, desc) in [
        ("isDumpingClassList0", "()Z"),
        ("isDumpingArchive0", "()Z"),
        ("isSharingEnabled0", "()Z"),
    ] {
        r.add("jdk/internal/misc/CDS", name, desc, false_);
    }
    r.add(
        "jdk/internal/misc/CDS",
        "logLambdaFormInvoker",
        "(Ljava/lang/String;)V",
        void,
    );
    r.add(
        "jdk/internal/misc/CDS",
        "initializeFromArchive",
        "(Ljava/lang/Class;)V",
        void,
    );
    r.add(
        "jdk/internal/misc/CDS",
        "defineArchivedModules",
        "(Ljava/lang/ClassLoader;Ljava/lang/ClassLoader;)V",
        void,
    );
    r.add(
        "jdk/internal/misc/CDS",
        "getRandomSeedForDumping",
        "()J",
        zero_long,
    );
    r.add("jdk/internal/misc/VM", "initialize", "()V", void);
    r.add(
        "jdk/internal/misc/VM",
        "latestUserDefinedLoader0",
        "()Ljava/lang/ClassLoader;",
        null,
    );
    for name in ["getuid", "geteuid", "getgid", "getegid"] {
        r.add("jdk/internal/misc/VM", name, "()J", |_, _, _| {
            Ok(Value::Long(1000))
        });
    }
    r.add(
        "jdk/internal/misc/VM",
        "getNanoTimeAdjustment",
        "(J)J",
        |vm, _, a| {
            let now_ms = vm.now_epoch_ms();
            let offset = a.long(0);
            let diff_secs = now_ms / 1000 - offset;
            if diff_secs.abs() > (1i64 << 32) {
                return Ok(Value::Long(-1));
            }
            Ok(Value::Long(
                diff_secs * 1_000_000_000 + (now_ms % 1000) * 1_000_000,
            ))
        },
    );
    r.add(
        "jdk/internal/misc/VM",
        "getRuntimeArguments",
        "()[Ljava/lang/String;",
        |vm, _, _| {
            let c = vm
                .classes
                .load("[Ljava/lang/String;")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            Ok(Value::Ref(vm.new_array(c, 0)))
        },
    );
    r.add(
        "jdk/internal/misc/Signal",
        "findSignal0",
        "(Ljava/lang/String;)I",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(0))?;
            Ok(Value::Int(match name.as_str() {
                "HUP" => 1,
                "INT" => 2,
                "QUIT" => 3,
                "KILL" => 9,
                "TERM" => 15,
                _ => -1,
            }))
        },
    );
    r.add("jdk/internal/misc/Signal", "handle0", "(IJ)J", zero_long);
    r.add("jdk/internal/misc/Signal", "raise0", "(I)V", void);
    r.add(
        "jdk/internal/reflect/Reflection",
        "getCallerClass",
        "()Ljava/lang/Class;",
        caller_class,
    );
    r.add(
        "jdk/internal/reflect/Reflection",
        "getClassAccessFlags",
        "(Ljava/lang/Class;)I",
        |vm, _, a| {
            let c = class_arg(vm, a.obj(0))?;
            Ok(Value::Int(i32::from(vm.classes.get(c).access)))
        },
    );
    r.add(
        "jdk/internal/reflect/Reflection",
        "areNestMates",
        "(Ljava/lang/Class;Ljava/lang/Class;)Z",
        |vm, _, a| {
            let x = class_arg(vm, a.obj(0))?;
            let y = class_arg(vm, a.obj(1))?;
            Ok(jbool(nest_host(vm, x) == nest_host(vm, y)))
        },
    );
    r.add(
        "java/security/AccessController",
        "getStackAccessControlContext",
        "()Ljava/security/AccessControlContext;",
        null,
    );
    r.add(
        "java/security/AccessController",
        "getInheritedAccessControlContext",
        "()Ljava/security/AccessControlContext;",
        null,
    );
    r.add(
        "java/security/AccessController",
        "ensureMaterializedForStackWalk",
        "(Ljava/lang/Object;)V",
        void,
    );
    r.add(
        "java/security/AccessController",
        "getProtectionDomain",
        "(Ljava/lang/Class;)Ljava/security/ProtectionDomain;",
        null,
    );
    r.add(
        "java/util/concurrent/atomic/AtomicLong",
        "VMSupportsCS8",
        "()Z",
        |_, _, _| Ok(jbool(true)),
    );
    r.add("java/lang/ClassLoader", "registerNatives", "()V", void);
    r.add(
        "java/lang/ClassLoader",
        "findBootstrapClass",
        "(Ljava/lang/String;)Ljava/lang/Class;",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(0))?.replace('.', "/");
            Ok(match vm.classes.load(&name) {
                Ok(c) if vm.classes.get(c).loader == Loader::Boot => Value::Ref(vm.mirror(c)),
                _ => Value::NULL,
            })
        },
    );
    r.add(
        "java/lang/ClassLoader",
        "findLoadedClass0",
        "(Ljava/lang/String;)Ljava/lang/Class;",
        |vm, _, a| {
            let name = string_arg(vm, a.obj(1))?.replace('.', "/");
            Ok(match vm.classes.lookup(&name) {
                Some(c) => Value::Ref(vm.mirror(c)),
                None => Value::NULL,
            })
        },
    );
    for (name, desc) in [
        (
            "defineModule0",
            "(Ljava/lang/Module;ZLjava/lang/String;Ljava/lang/String;[Ljava/lang/Object;)V",
        ),
        ("addReads0", "(Ljava/lang/Module;Ljava/lang/Module;)V"),
        (
            "addExports0",
            "(Ljava/lang/Module;Ljava/lang/String;Ljava/lang/Module;)V",
        ),
        (
            "addExportsToAll0",
            "(Ljava/lang/Module;Ljava/lang/String;)V",
        ),
        (
            "addExportsToAllUnnamed0",
            "(Ljava/lang/Module;Ljava/lang/String;)V",
        ),
    ] {
        r.add("java/lang/Module", name, desc, void);
    }
    // rpf does not start the module system, so service lookup finds no providers; JDK code
    // falls back to its built-in defaults (e.g. only the CLDR base locales of java.base).
    r.add(
        "java/util/ServiceLoader",
        "newLookupIterator",
        "()Ljava/util/Iterator;",
        |vm, _, _| {
            let collections = vm
                .classes
                .load("java/util/Collections")
                .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
            let empty = vm
                .classes
                .find_method(collections, "emptyIterator", "()Ljava/util/Iterator;")
                .ok_or(NativeExit::ThrowNew(
                    "java/lang/InternalError",
                    Some("Collections.emptyIterator".into()),
                ))?;
            Err(NativeExit::Call(empty, Vec::new()))
        },
    );
    r.add(
        "jdk/internal/loader/BootLoader",
        "setBootLoaderUnnamedModule0",
        "(Ljava/lang/Module;)V",
        void,
    );
    r.add(
        "java/lang/ref/Reference",
        "getAndClearReferencePendingList",
        "()Ljava/lang/ref/Reference;",
        null,
    );
    r.add(
        "java/lang/ref/Reference",
        "hasReferencePendingList",
        "()Z",
        false_,
    );
    r.add(
        "java/lang/ref/Reference",
        "waitForReferencePendingList",
        "()V",
        |vm, _, _| {
            // rpf never clears references, so the handler waits forever.
            let me = vm.state.current;
            vm.state.threads[me].status = crate::thread::Status::Parked;
            Err(NativeExit::Block)
        },
    );
    r.add(
        "java/lang/ref/Reference",
        "refersTo0",
        "(Ljava/lang/Object;)Z",
        |vm, _, a| {
            Ok(jbool(
                vm.field_by_name(a.obj(0), "referent").as_ref() == a.obj(1),
            ))
        },
    );
    r.add("java/lang/ref/Reference", "clear0", "()V", |vm, _, a| {
        vm.set_field_by_name(a.obj(0), "referent", Value::NULL);
        Ok(Value::Void)
    });
}

fn object_clone<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let this = a.obj(0);
    let Some((class, footprint, instance)) = vm
        .state
        .heap
        .get(this)
        .map(|o| (o.class, o.data.footprint(), o.data.array_len().is_none()))
    else {
        return super::support::npe();
    };
    if instance {
        let cloneable = vm.classes.lookup("java/lang/Cloneable");
        let ok = cloneable.is_some_and(|c| vm.classes.is_assignable(class, c));
        if !ok {
            let name = vm.classes.get(class).java_name();
            return throw("java/lang/CloneNotSupportedException", name);
        }
    }
    // The original is an argument, still on `exec`'s stack: a collection keeps it.
    vm.make_room(exec, footprint).map_err(out_of_memory)?;
    let copy = vm.state.heap.get(this).and_then(|o| o.data.try_clone());
    let data = copy.ok_or(out_of_memory(OutOfMemory::HeapSpace))?;
    let clone = vm.alloc(class, data);
    if !vm.state.heap_attrs.is_empty() {
        // Plugin attributes (symbolic values) travel with the fields and elements.
        vm.state.heap_attrs.copy_all(this, clone);
    }
    Ok(Value::Ref(clone))
}

/// The `Class[]` of the given classes.
pub fn class_array<M: Machine>(vm: &mut Vm<M>, ids: &[ClassId]) -> NativeResult {
    let array_class = vm
        .classes
        .load("[Ljava/lang/Class;")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let mirrors: Vec<Ref> = ids.iter().map(|&id| vm.mirror(id)).collect();
    Ok(Value::Ref(vm.new_array_of(array_class, &mirrors)))
}

/// `Class.getModifiers`: inner classes report their InnerClasses flags.
pub fn class_modifiers(vm: &Jvm, c: ClassId) -> u16 {
    let cls = vm.classes.get(c);
    match &cls.kind {
        ClassKind::Primitive(_) => access::PUBLIC | access::FINAL | access::ABSTRACT,
        ClassKind::Array { component, .. } => {
            (class_modifiers(vm, *component)
                & (access::PUBLIC | access::PRIVATE | access::PROTECTED))
                | access::FINAL
                | access::ABSTRACT
        }
        ClassKind::Instance => {
            let inner = cls
                .attrs
                .inner_classes
                .iter()
                .find(|ic| ic.inner == cls.name);
            let flags = inner.map(|ic| ic.access).unwrap_or(cls.access);
            flags & !(access::SYNCHRONIZED | access::MODULE)
        }
    }
}

fn nest_host<M: Machine>(vm: &mut Vm<M>, c: ClassId) -> ClassId {
    match vm.classes.get(c).attrs.nest_host.clone() {
        Some(h) => vm.classes.load(&h).unwrap_or(c),
        None => c,
    }
}

fn class_for_name<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let name = string_arg(vm, a.obj(0))?;
    let initialize = a.bool(1);
    let not_found = || NativeExit::ThrowNew("java/lang/ClassNotFoundException", Some(name.clone()));
    if name.contains('/') || name.is_empty() {
        return Err(not_found());
    }
    let internal = name.replace('.', "/");
    let id = match vm.classes.load(&internal) {
        Ok(id) => id,
        Err(e) if e.error_class == "java/lang/NoClassDefFoundError" && e.message == internal => {
            return Err(not_found())
        }
        Err(e) => return Err(NativeExit::ThrowNew(e.error_class, Some(e.message))),
    };
    if matches!(vm.classes.get(id).kind, ClassKind::Primitive(_)) {
        return Err(not_found());
    }
    if initialize {
        match vm.ensure_initialized(exec, id) {
            Ok(true) => {}
            Ok(false) => return Err(NativeExit::Reexecute),
            Err(Stop::Break) => return Err(NativeExit::Choice),
            Err(_) => return Err(NativeExit::Block),
        }
    }
    Ok(Value::Ref(vm.mirror(id)))
}

/// The class of the method that called the caller of `getCallerClass`, skipping
/// reflection frames.
fn caller_class<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, _: &[Value]) -> NativeResult {
    let mut frames = exec.frames.iter().rev().skip(1);
    for f in frames.by_ref() {
        let m = vm.classes.method(f.method);
        let class = vm.classes.get(m.class);
        let reflective = class.name.starts_with("jdk/internal/reflect/")
            || (&*class.name == "java/lang/reflect/Method" && &*m.name == "invoke");
        if !reflective {
            let id = class.id;
            return Ok(Value::Ref(vm.mirror(id)));
        }
    }
    Ok(Value::NULL)
}

/// Frames a backtrace keeps, the innermost ones: HotSpot's `MaxJavaStackTraceDepth`, so that
/// deep recursion's errors have the stack traces they have under `java`.
const MAX_STACK_TRACE_DEPTH: usize = 1024;

/// Records the current thread's frames (minus the exception's own construction) in the
/// Throwable's backtrace.
fn fill_in_stack_trace<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let this = a.obj(0);
    let this_class = vm.class_of(this).unwrap_or(vm.known.throwable);
    let mut frames: Vec<(u32, u32)> = exec.frames.iter().rev().map(|f| (f.method, f.pc)).collect();
    let mut skip = 0;
    while let Some(&(m, _)) = frames.get(skip) {
        if &*vm.classes.method(m).name == "fillInStackTrace" {
            skip += 1;
        } else {
            break;
        }
    }
    while let Some(&(m, _)) = frames.get(skip) {
        let method = vm.classes.method(m);
        let is_ctor =
            &*method.name == "<init>" && vm.classes.is_assignable(this_class, method.class);
        let local0 = exec
            .frames
            .get(exec.frames.len() - 1 - skip)
            .and_then(|f| exec.stack.get(f.locals as usize))
            .copied();
        if is_ctor && local0 == Some(Value::Ref(this)) {
            skip += 1;
        } else {
            break;
        }
    }
    while let Some(&(m, _)) = frames.get(skip) {
        let class = vm.classes.method(m).class;
        if &*vm.classes.get(class).name == "jdk/internal/rpf/VMSupport" {
            skip += 1;
        } else {
            break;
        }
    }
    frames.drain(..skip);
    if let Some(native) = vm.regs.pending_native_frame.take() {
        frames.insert(0, (native, 0));
    }
    frames.truncate(MAX_STACK_TRACE_DEPTH);
    let long_array = vm
        .classes
        .load("[J")
        .map_err(|e| NativeExit::ThrowNew(e.error_class, Some(e.message)))?;
    let encoded = backtrace::encode(vm, &frames);
    let backtrace = vm.alloc(long_array, encoded);
    vm.set_field(this, vm.known.throwable_backtrace, Value::Ref(backtrace));
    vm.set_field(
        this,
        vm.known.throwable_depth,
        Value::Int(frames.len() as i32),
    );
    Ok(Value::Ref(this))
}

fn init_stack_trace_elements<M: Machine>(
    vm: &mut Vm<M>,
    _: &mut Exec,
    a: &[Value],
) -> NativeResult {
    let elements = a.obj(0);
    let frames = backtrace::frames(vm, a.obj(1));
    for (i, (mid, pc)) in frames.into_iter().enumerate() {
        let Some(element) = vm
            .state
            .heap
            .get(elements)
            .and_then(|o| o.data.load(i))
            .map(|v| v.as_ref())
        else {
            break;
        };
        fill_element(vm, element, mid, pc);
    }
    Ok(Value::Void)
}

/// `ClassLoader.defineClass`: defines a class from bytes. The boot loader's (the JDK's own
/// generated classes, `java.lang.invoke`'s species) go into the module of their package;
/// any other loader's into the application's loader, rpf's one loader for user classes.
fn define_class1<M: Machine>(vm: &mut Vm<M>, _: &mut Exec, a: &[Value]) -> NativeResult {
    let bytes = super::support::array_bytes(vm, a.obj(2), a.int(3), a.int(4))?;
    let (loader, module) = if a.obj(0).is_null() {
        let name = ClassFile::parse(&bytes)
            .map(|f| f.name.to_string())
            .unwrap_or_default();
        let package = name.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
        let module = vm.classes.classpath().module_of_package(package);
        (Loader::Boot, module)
    } else {
        (Loader::App, None)
    };
    let origin = "ClassLoader.defineClass".to_string();
    match vm
        .classes
        .define_from_bytes(&bytes, loader, module, false, origin)
    {
        Ok(id) => Ok(Value::Ref(vm.mirror(id))),
        Err(e) => Err(definition_error(e)),
    }
}

/// A definition's failure: a class whose name is taken is rpf's limit (one class per name,
/// where a JVM keeps one per class loader), not the program's error.
fn definition_error(e: crate::loader::LinkError) -> NativeExit {
    if e.error_class == DUPLICATE {
        return NativeExit::Unsupported(crate::Unsupported::Feature(format!(
            "a second class of the same name from another class loader ({}): rpf keeps one class per name",
            e.message
        )));
    }
    NativeExit::ThrowNew(e.error_class, Some(e.message))
}

const DUPLICATE: &str = "java/lang/LinkageError";

/// `Lookup.defineClass` / `defineHiddenClass`: defines a class from bytes in the lookup
/// class's loader and module, with its class data.
fn define_class0<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    const NESTMATE_OR_HIDDEN: i32 = 0x2;
    let lookup = class_arg(vm, a.obj(1))?;
    let bytes = super::support::array_bytes(vm, a.obj(3), a.int(4), a.int(5))?;
    let (initialize, flags, class_data) = (a.bool(7), a.int(8), a.obj(9));
    let hidden = flags & NESTMATE_OR_HIDDEN != 0;
    let (loader, module) = {
        let l = vm.classes.get(lookup);
        (l.loader, l.module.as_deref().map(str::to_string))
    };
    let origin = format!("defined by {}", vm.classes.get(lookup).java_name());
    let id = match vm
        .classes
        .define_from_bytes(&bytes, loader, module, hidden, origin)
    {
        Ok(id) => id,
        Err(e) => return Err(definition_error(e)),
    };
    let mirror = vm.mirror(id);
    if !class_data.is_null() {
        // Before the initializer runs: it reads its constants from the class data.
        vm.set_field_by_name(mirror, "classData", Value::Ref(class_data));
    }
    if initialize && !vm.initialized(id) {
        if !hidden {
            return Err(NativeExit::Unsupported(crate::Unsupported::Feature(
                "initializing a class as Lookup.defineClass defines it".to_string(),
            )));
        }
        // The initializer runs first, then this call again, which finds the hidden class
        // its bytes defined (see `define_from_bytes`) initialized.
        super::support::initialized_first(vm, exec, id)?;
    }
    Ok(Value::Ref(mirror))
}

/// Fills one StackTraceElement for frame `(method, pc)`.
pub fn fill_element<M: Machine>(vm: &mut Vm<M>, element: Ref, mid: u32, pc: u32) {
    let method = vm.classes.method(mid).clone();
    let class = vm.classes.get(method.class).clone();
    let mirror = vm.mirror(class.id);
    let declaring = vm.new_string(&class.java_name());
    let name = vm.new_string(&method.name);
    let file = match &class.attrs.source_file {
        Some(f) => Value::Ref(vm.new_string(f)),
        None => Value::NULL,
    };
    let line = if method.is_native() {
        -2
    } else {
        method
            .code
            .as_ref()
            .and_then(|c| c.line_at(pc))
            .map(i32::from)
            .unwrap_or(-1)
    };
    let module = match (&class.module, class.loader) {
        (Some(m), Loader::Boot) => Value::Ref(vm.new_string(m)),
        _ => Value::NULL,
    };
    vm.set_field_by_name(element, "declaringClassObject", Value::Ref(mirror));
    vm.set_field_by_name(element, "declaringClass", Value::Ref(declaring));
    vm.set_field_by_name(element, "methodName", Value::Ref(name));
    vm.set_field_by_name(element, "fileName", file);
    vm.set_field_by_name(element, "lineNumber", Value::Int(line));
    vm.set_field_by_name(element, "moduleName", module);
}
