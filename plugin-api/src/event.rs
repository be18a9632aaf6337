//! VM and search events delivered to listeners.

use abi_stable::std_types::RStr;
use abi_stable::StableAbi;

macro_rules! event_kinds {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        /// What happened. Each kind is one bit of an [`EventMask`].
        #[repr(u8)]
        #[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum EventKind {
            $($(#[$doc])* $name,)*
        }

        impl EventKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [EventKind] = &[$(EventKind::$name,)*];
        }
    };
}

event_kinds! {
    /// The VM has booted and the main thread is about to run `main`.
    VmInitialized,
    /// An instruction is about to execute (`method`, `pc`, `thread`). Subscribing makes
    /// the VM execute instruction by instruction (slower); the operand stack and locals
    /// may be changed through the host.
    InstructionExecuting,
    /// An instruction has executed (`method`, `pc` of the executed instruction; `value` is
    /// the next `pc` in the same frame, or -1 when the frame changed by a call, return or
    /// throw).
    InstructionExecuted,
    /// A thread was started (`thread` is the new thread, `object` its Thread object).
    ThreadStarted,
    /// A thread blocked on a monitor (`object`).
    ThreadBlocked,
    /// A thread started waiting on a monitor (`object`) or parked.
    ThreadWaiting,
    /// A waiting thread was notified (`thread` is the notified thread, `object` the monitor).
    ThreadNotified,
    /// A thread was interrupted (`thread` is the interrupted thread).
    ThreadInterrupted,
    /// A thread terminated.
    ThreadTerminated,
    /// An object was allocated (`object`, `text` is its class name); delivered when the
    /// allocating instruction or native call ends, with the allocating thread's frames.
    ObjectCreated,
    /// An unreachable object was released by garbage collection (`object`).
    ObjectReleased,
    /// A thread acquired a monitor (`object`; `value` is the new recursion count).
    ObjectLocked,
    /// A thread released a monitor (`object`; `value` is the remaining recursion count).
    ObjectUnlocked,
    /// `Object.wait` was called on `object`.
    ObjectWait,
    /// `Object.notify` (`value` 0) or `notifyAll` (`value` 1) was called on `object`.
    ObjectNotify,
    /// A class was loaded (`text` is its name, `value` its id); delivered when the
    /// instruction that loaded it ends (classes loaded while the VM booted: when the search
    /// starts, before `VmInitialized`).
    ClassLoaded,
    /// A method was entered (`method`).
    MethodEntered,
    /// A method returned or was unwound (`method`).
    MethodExited,
    /// An exception was thrown (`object`, `text` its class name) at `method`/`pc`.
    ExceptionThrown,
    /// A thrown exception was caught by a handler in `method` at `pc`.
    ExceptionHandled,
    /// A ChoiceGenerator was registered during a transition (`text` its id, `value` its
    /// number of choices; `flags` [`flags::THREAD_CHOICE`] for scheduling choices).
    ChoiceRegistered,
    /// A state's ChoiceGenerator became current: the search will explore its choices
    /// (`text` id, `value` number of choices, `other` the state id).
    ChoiceSet,
    /// A ChoiceGenerator advanced to the choice a transition starts with (`text` id,
    /// `value` the choice index, `other` the state id).
    ChoiceAdvanced,
    /// A ChoiceGenerator has no more choices: its state is fully explored (`text` id,
    /// `other` the state id).
    ChoiceProcessed,
    /// The search reached a state by a transition (`value` the state id, `other` the state
    /// it came from — the choices taken are `Host::transition_choices`; `flags`
    /// [`flags::NEW_STATE`],
    /// [`flags::END_STATE`], [`flags::ERROR_STATE`]). State ids identify states: a
    /// revisited state has the id it was first given.
    StateAdvanced,
    /// The search returned to a state to explore its other successors (`value` its id).
    StateBacktracked,
    /// All successors of a state were explored (`value` the state id).
    StateProcessed,
    /// The VM was returned to a saved state before a transition (`value` the state id).
    StateRestored,
    /// A property was violated (`text` the message, `other` the state id).
    PropertyViolated,
    /// The search is starting from the initial state (`value` its id).
    SearchStarted,
    /// The search has ended.
    SearchFinished,
    /// A field was read (`object`: the instance, or the class's statics object; `text`:
    /// `pkg.Class.field` of the declaring class; `value` the field's slot; `flags`
    /// [`flags::VOLATILE`], [`flags::STATIC`], [`flags::SYSTEM`]).
    FieldRead,
    /// A field was written (as [`EventKind::FieldRead`]).
    FieldWritten,
    /// An array element was read (`object`, `value` the index; `flags`
    /// [`flags::SYSTEM`]).
    ArrayRead,
    /// An array element was written (as [`EventKind::ArrayRead`]).
    ArrayWritten,
}

impl EventKind {
    /// This kind's bit in an [`EventMask`].
    pub const fn bit(self) -> u64 {
        1 << self as u8
    }
}

/// A set of event kinds: what a listener subscribes to.
#[repr(transparent)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EventMask(pub u64);

impl EventMask {
    /// No events.
    pub const NONE: EventMask = EventMask(0);

    /// The kinds in `kinds`.
    pub const fn of(kinds: &[EventKind]) -> EventMask {
        let mut bits = 0;
        let mut i = 0;
        while i < kinds.len() {
            bits |= kinds[i].bit();
            i += 1;
        }
        EventMask(bits)
    }

    /// Every kind.
    pub const fn all() -> EventMask {
        EventMask::of(EventKind::ALL)
    }

    /// Whether any of the kinds of `other` is in the set.
    pub const fn intersects(self, other: EventMask) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether `kind` is in the set.
    pub const fn contains(self, kind: EventKind) -> bool {
        self.0 & kind.bit() != 0
    }

    /// The union of two sets.
    pub const fn union(self, other: EventMask) -> EventMask {
        EventMask(self.0 | other.0)
    }
}

/// Flag bits of [`Event::flags`].
pub mod flags {
    /// Field events: the field is volatile.
    pub const VOLATILE: u32 = 1;
    /// Field events: the field is static.
    pub const STATIC: u32 = 2;
    /// Field and array events: the accessing code belongs to the Java class library.
    pub const SYSTEM: u32 = 4;
    /// State events: the state was not seen before.
    pub const NEW_STATE: u32 = 1;
    /// State events: the state has no successors.
    pub const END_STATE: u32 = 2;
    /// State events: the transition violated a property.
    pub const ERROR_STATE: u32 = 4;
    /// Choice events: a scheduling (thread) choice.
    pub const THREAD_CHOICE: u32 = 8;

    /// `bit` if `condition` holds, else no bits: `when(v, VOLATILE) | when(s, STATIC)`.
    pub const fn when(condition: bool, bit: u32) -> u32 {
        if condition {
            bit
        } else {
            0
        }
    }
}

/// One event. Which fields mean something depends on [`Event::kind`] (see [`EventKind`]);
/// the others are zero (`method` is `u32::MAX` when there is no code location).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy)]
pub struct Event<'a> {
    /// What happened.
    pub kind: EventKind,
    /// The thread it happened in (index, 0 is `main`).
    pub thread: u32,
    /// The object involved (host object id; 0 when none).
    pub object: u32,
    /// The method of the code location (host method id), `u32::MAX` when none.
    pub method: u32,
    /// The instruction index within `method`.
    pub pc: u32,
    /// Kind-specific bits (see [`flags`]).
    pub flags: u32,
    /// A kind-specific number (array index, state id, choice index, ...).
    pub value: i64,
    /// A second kind-specific number (the parent state of a [`EventKind::StateAdvanced`]).
    pub other: i64,
    /// Kind-specific text (class name, ChoiceGenerator id, message, ...).
    pub text: RStr<'a>,
}

impl<'a> Event<'a> {
    /// An event of `kind` in `thread` with every other field empty.
    pub fn new(kind: EventKind, thread: u32) -> Event<'a> {
        Event {
            kind,
            thread,
            object: 0,
            method: u32::MAX,
            pc: 0,
            flags: 0,
            value: 0,
            other: 0,
            text: RStr::from_str(""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_bit() {
        assert!(EventKind::ALL.len() <= 64);
        let all = EventMask::all();
        assert_eq!(all.0.count_ones() as usize, EventKind::ALL.len());
        let m = EventMask::of(&[EventKind::FieldRead, EventKind::SearchFinished]);
        assert!(m.contains(EventKind::FieldRead) && !m.contains(EventKind::FieldWritten));
    }
}
