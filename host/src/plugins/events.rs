//! The JVM's events as listeners see them: each [`VmEvent`] becomes an
//! [`rpf_plugin_api::Event`] (the JVM knows nothing of the plugin ABI).

use rpf_jvm::class::FieldRef;
use rpf_jvm::machine::{Frames, VmEvent};
use rpf_jvm::Jvm;
use rpf_plugin_api::{flags, Event, EventKind};

/// The text an event carries: the class of a created object, loaded class or thrown
/// exception, or the field accessed (`pkg.Class.field`).
pub fn text(jvm: &Jvm, event: &VmEvent<'_>) -> String {
    match *event {
        VmEvent::ObjectCreated { object } => jvm
            .class_of(object)
            .map(|c| jvm.classes.get(c).java_name())
            .unwrap_or_default(),
        VmEvent::ClassLoaded { class }
        | VmEvent::ExceptionThrown { class, .. }
        | VmEvent::ExceptionHandled { class, .. } => jvm.classes.get(class).java_name(),
        VmEvent::FieldRead { field, .. } | VmEvent::FieldWritten { field, .. } => {
            field_name(jvm, field)
        }
        _ => String::new(),
    }
}

/// `pkg.Class.field` of a resolved field.
fn field_name(jvm: &Jvm, field: &FieldRef) -> String {
    let declaring = jvm.classes.get(field.class);
    declaring
        .fields
        .iter()
        .find(|d| d.slot == field.slot && d.is_static() == field.is_static)
        .map(|d| format!("{}.{}", declaring.java_name(), d.name))
        .unwrap_or_default()
}

/// `event` as listeners receive it (`text` from [`text`]); `frames` are where the running
/// thread's frames are, whose top frame locates events that happen at an instruction.
pub fn translate<'t>(
    jvm: &Jvm,
    frames: &Frames<'_>,
    event: &VmEvent<'_>,
    text: &'t str,
) -> Event<'t> {
    let current = jvm.state.current as u32;
    let top = frames
        .exec()
        .and_then(|e| e.top())
        .map(|f| (f.method, f.pc));
    let here = top.unwrap_or((u32::MAX, 0));
    let of = |kind: EventKind| Event {
        text: abi_stable::std_types::RStr::from_str(text),
        ..Event::new(kind, current)
    };
    let thread_event = |kind: EventKind, t: usize| Event {
        object: jvm.state.threads.get(t).map_or(0, |th| th.obj.0),
        ..Event::new(kind, t as u32)
    };
    match *event {
        VmEvent::InstructionExecuting { method, pc } => Event {
            method,
            pc,
            ..of(EventKind::InstructionExecuting)
        },
        VmEvent::InstructionExecuted { method, pc, next } => Event {
            method,
            pc,
            value: next.map_or(-1, i64::from),
            ..of(EventKind::InstructionExecuted)
        },
        VmEvent::ThreadStarted { thread } => thread_event(EventKind::ThreadStarted, thread),
        VmEvent::ThreadNotified { thread } => thread_event(EventKind::ThreadNotified, thread),
        VmEvent::ThreadInterrupted { thread } => thread_event(EventKind::ThreadInterrupted, thread),
        VmEvent::ThreadTerminated { thread } => thread_event(EventKind::ThreadTerminated, thread),
        VmEvent::ThreadBlocked { object } => Event {
            object: object.0,
            ..of(EventKind::ThreadBlocked)
        },
        VmEvent::ThreadWaiting { object } => Event {
            object: object.0,
            ..of(EventKind::ThreadWaiting)
        },
        VmEvent::ObjectCreated { object } => Event {
            object: object.0,
            ..of(EventKind::ObjectCreated)
        },
        VmEvent::ObjectReleased { object } => Event {
            object: object.0,
            ..of(EventKind::ObjectReleased)
        },
        VmEvent::ObjectLocked { object, count } => Event {
            object: object.0,
            value: i64::from(count),
            ..of(EventKind::ObjectLocked)
        },
        VmEvent::ObjectUnlocked { object, count } => Event {
            object: object.0,
            value: i64::from(count),
            ..of(EventKind::ObjectUnlocked)
        },
        VmEvent::ObjectWait { object } => Event {
            object: object.0,
            ..of(EventKind::ObjectWait)
        },
        VmEvent::ObjectNotify { object, all } => Event {
            object: object.0,
            value: i64::from(all),
            ..of(EventKind::ObjectNotify)
        },
        VmEvent::ClassLoaded { class } => Event {
            value: i64::from(class),
            ..of(EventKind::ClassLoaded)
        },
        VmEvent::MethodEntered { method } | VmEvent::MethodExited { method } => {
            let kind = match event {
                VmEvent::MethodEntered { .. } => EventKind::MethodEntered,
                _ => EventKind::MethodExited,
            };
            Event {
                method,
                pc: top.map_or(0, |(_, pc)| pc),
                ..of(kind)
            }
        }
        VmEvent::ExceptionThrown { exception, .. }
        | VmEvent::ExceptionHandled { exception, .. } => {
            let kind = match event {
                VmEvent::ExceptionThrown { .. } => EventKind::ExceptionThrown,
                _ => EventKind::ExceptionHandled,
            };
            Event {
                object: exception.0,
                method: here.0,
                pc: here.1,
                ..of(kind)
            }
        }
        VmEvent::FieldRead {
            holder,
            field,
            system,
        }
        | VmEvent::FieldWritten {
            holder,
            field,
            system,
        } => {
            let kind = match event {
                VmEvent::FieldRead { .. } => EventKind::FieldRead,
                _ => EventKind::FieldWritten,
            };
            Event {
                object: holder.0,
                value: i64::from(field.slot),
                flags: flags::when(field.volatile, flags::VOLATILE)
                    | flags::when(field.is_static, flags::STATIC)
                    | flags::when(system, flags::SYSTEM),
                method: here.0,
                pc: here.1,
                ..of(kind)
            }
        }
        VmEvent::ArrayRead {
            array,
            index,
            system,
        }
        | VmEvent::ArrayWritten {
            array,
            index,
            system,
        } => {
            let kind = match event {
                VmEvent::ArrayRead { .. } => EventKind::ArrayRead,
                _ => EventKind::ArrayWritten,
            };
            Event {
                object: array.0,
                value: i64::from(index),
                flags: flags::when(system, flags::SYSTEM),
                method: here.0,
                pc: here.1,
                ..of(kind)
            }
        }
    }
}

/// The VM event kind a listener event kind corresponds to, if the JVM reports it (the other
/// kinds are the search's, which the checker reports itself).
pub fn vm_kind(kind: EventKind) -> Option<rpf_jvm::machine::VmEventKind> {
    use rpf_jvm::machine::VmEventKind as K;
    Some(match kind {
        EventKind::InstructionExecuting => K::InstructionExecuting,
        EventKind::InstructionExecuted => K::InstructionExecuted,
        EventKind::ThreadStarted => K::ThreadStarted,
        EventKind::ThreadBlocked => K::ThreadBlocked,
        EventKind::ThreadWaiting => K::ThreadWaiting,
        EventKind::ThreadNotified => K::ThreadNotified,
        EventKind::ThreadInterrupted => K::ThreadInterrupted,
        EventKind::ThreadTerminated => K::ThreadTerminated,
        EventKind::ObjectCreated => K::ObjectCreated,
        EventKind::ObjectReleased => K::ObjectReleased,
        EventKind::ObjectLocked => K::ObjectLocked,
        EventKind::ObjectUnlocked => K::ObjectUnlocked,
        EventKind::ObjectWait => K::ObjectWait,
        EventKind::ObjectNotify => K::ObjectNotify,
        EventKind::ClassLoaded => K::ClassLoaded,
        EventKind::MethodEntered => K::MethodEntered,
        EventKind::MethodExited => K::MethodExited,
        EventKind::ExceptionThrown => K::ExceptionThrown,
        EventKind::ExceptionHandled => K::ExceptionHandled,
        EventKind::FieldRead => K::FieldRead,
        EventKind::FieldWritten => K::FieldWritten,
        EventKind::ArrayRead => K::ArrayRead,
        EventKind::ArrayWritten => K::ArrayWritten,
        _ => return None,
    })
}

/// The VM event kinds (bits of [`rpf_jvm::machine::VmEventKind::bit`]) among `mask`.
pub fn vm_mask(mask: rpf_plugin_api::EventMask) -> u32 {
    EventKind::ALL
        .iter()
        .filter(|k| mask.contains(**k))
        .filter_map(|k| vm_kind(*k))
        .fold(0, |bits, k| bits | k.bit())
}
