//! A property violation as the search reports it and the report shows it ([`JavaError`]):
//! what was violated, by which thread, and every thread's stack at the error. Properties
//! and plugins find violations; the model, the search and the report carry them.

use rpf_jvm::value::Ref;
use rpf_jvm::Jvm;

/// A property violation with what the report needs.
#[derive(Debug, Clone)]
pub struct JavaError {
    /// `assertion`, `exception` or `deadlock`.
    pub kind: String,
    /// The JPF property class that was violated.
    pub property: String,
    /// One-line description.
    pub message: String,
    /// Fully qualified class of the uncaught exception, if any.
    pub exception_class: Option<String>,
    /// The thread that caused it (or, for deadlocks, the last running one).
    pub thread: u32,
    /// The exception's stack trace, or the blocked threads.
    pub details: Vec<String>,
    /// Every thread's stack at the error.
    pub snapshot: Vec<ThreadSnapshot>,
    /// What the bytecode factory says about the path (symbolic execution: the concrete
    /// inputs that lead to the error).
    pub inputs: Vec<String>,
    /// Settings (`key=value`) under which the violation must recur concretely (empty:
    /// nothing to confirm).
    pub confirm_with: Vec<String>,
    /// Whether re-checking the program with [`JavaError::confirm_with`] found the same
    /// violation (`None`: not asked).
    pub confirmed: Option<bool>,
}

/// One thread at the error state.
#[derive(Debug, Clone)]
pub struct ThreadSnapshot {
    /// Thread number.
    pub id: u32,
    /// Thread name.
    pub name: String,
    /// Scheduling status.
    pub status: String,
    /// Stack frames, innermost first (`at Class.method(File.java:line)`).
    pub frames: Vec<String>,
}

/// `at Class.method(File.java:12)` lines of a Throwable's backtrace.
pub fn exception_frames(vm: &Jvm, ex: Ref) -> Vec<String> {
    rpf_jvm::backtrace::frames(vm, ex)
        .into_iter()
        .map(|(m, pc)| format!("at {}", vm.frame_text(m, pc)))
        .collect()
}

/// Every live thread's name, status and stack.
pub fn thread_snapshots(vm: &Jvm) -> Vec<ThreadSnapshot> {
    vm.state
        .threads
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_alive() || t.died_by_exception)
        .map(|(i, t)| ThreadSnapshot {
            id: i as u32,
            name: vm.thread_name(i),
            status: format!("{:?}", t.status).to_uppercase(),
            frames: t
                .exec
                .frames
                .iter()
                .rev()
                .map(|f| format!("at {}", vm.frame_text(f.method, f.pc)))
                .collect(),
        })
        .collect()
}
