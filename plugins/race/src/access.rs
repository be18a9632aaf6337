//! Memory accesses as the race detectors see them.

use rpf_plugin_api::{code_location, HostRef, JValue};

/// A field of an object (or a static field, object 0) or an array element.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Location {
    /// `pkg.Class.field` of the object (0 for static fields).
    Field(u32, String),
    /// Element `index` of the array.
    Element(u32, i64),
}

impl Location {
    /// The object the location belongs to (0 for static fields).
    pub fn object(&self) -> u32 {
        match self {
            Location::Field(o, _) | Location::Element(o, _) => *o,
        }
    }

    /// How messages name the location.
    pub fn describe(&self, host: &HostRef<'_, '_>) -> String {
        match self {
            Location::Field(0, field) => field.clone(),
            Location::Field(object, field) => {
                format!("{field} of {}@{object}", host.class_name(*object))
            }
            Location::Element(array, index) => {
                format!("{}@{array}[{index}]", host.class_name(*array))
            }
        }
    }
}

/// One access: who, where in the code, and whether it writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// The accessing thread.
    pub thread: u32,
    /// Whether it writes.
    pub write: bool,
    /// `Class.method(File.java:line)` of the instruction.
    pub site: String,
}

impl Access {
    /// `Thread-0 (thread 1) writes at Racy.run(Racy.java:8)`.
    pub fn describe(&self, host: &HostRef<'_, '_>) -> String {
        format!(
            "{} (thread {}) {} at {}",
            host.thread_name(self.thread),
            self.thread,
            if self.write { "writes" } else { "reads" },
            self.site
        )
    }
}

/// The message of a race between two accesses.
pub fn race_message(host: &HostRef<'_, '_>, location: &Location, a: &Access, b: &Access) -> String {
    format!(
        "race on {}: {} and {}",
        location.describe(host),
        a.describe(host),
        b.describe(host)
    )
}

/// The field or element access `thread` is about to make with its next instruction, if
/// that instruction is one (volatile fields and library code excluded unless
/// `include_system`).
pub fn next_access(
    host: &HostRef<'_, '_>,
    thread: u32,
    include_system: bool,
) -> Option<(Location, Access)> {
    let frame = host.frames(thread).into_iter().next()?;
    if !include_system && host.method_info(frame.method).into_option()?.system {
        return None;
    }
    let insn = host.instruction(frame.method, frame.pc).into_option()?;
    let operand = |from_top| host.stack_value(thread, from_top);
    let reference = |v: JValue| v.as_ref();
    let (location, write) = match insn.mnemonic.as_str() {
        "getfield" | "putfield" if insn.volatile => return None,
        "getstatic" | "putstatic" if insn.volatile => return None,
        "getfield" => (
            Location::Field(reference(operand(0))?, insn.member.to_string()),
            false,
        ),
        "putfield" => (
            Location::Field(reference(operand(1))?, insn.member.to_string()),
            true,
        ),
        "getstatic" => (Location::Field(0, insn.member.to_string()), false),
        "putstatic" => (Location::Field(0, insn.member.to_string()), true),
        m if m.ends_with("aload") && m.len() == 6 => (
            Location::Element(reference(operand(1))?, operand(0).as_i64()?),
            false,
        ),
        m if m.ends_with("astore") && m.len() == 7 => (
            Location::Element(reference(operand(2))?, operand(1).as_i64()?),
            true,
        ),
        _ => return None,
    };
    let site = code_location(host, frame.method, frame.pc);
    Some((
        location,
        Access {
            thread,
            write,
            site,
        },
    ))
}

/// Whether `location` is a static field whose declaring class one of `threads` is
/// initializing (it has a frame of that class's static initializer): every other thread's
/// access to the field waits until the initialization is complete.
pub fn initializing(host: &HostRef<'_, '_>, location: &Location, a: u32, b: u32) -> bool {
    let Location::Field(0, member) = location else {
        return false;
    };
    let Some((named, field)) = member.rsplit_once('.') else {
        return false;
    };
    // An inherited static is its declaring class's (which `getstatic` initializes).
    let declaring = host
        .class_fields(named.into())
        .into_iter()
        .find(|f| f.is_static && f.name.as_str() == field)
        .map(|f| f.class);
    let Some(declaring) = declaring else {
        return false;
    };
    [a, b].into_iter().any(|thread| {
        host.frames(thread).into_iter().any(|frame| {
            host.method_info(frame.method)
                .into_option()
                .is_some_and(|m| m.name.as_str() == "<clinit>" && m.class == declaring)
        })
    })
}
