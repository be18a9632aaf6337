//! Checking mutual exclusion protocols with rpf-search: a model that is not Java.
//!
//! Two processes loop forever through a critical section, each guarding it with the same
//! protocol over shared variables (a flag per process, and a turn). A state is the
//! processes' program counters and the shared variables; an operation is one process
//! running its next instruction. Two properties are checked after every operation: the
//! processes are never both in their critical sections, and some process can always go
//! on (no deadlock).
//!
//! Breadth-first search finds the shortest schedule that breaks a flawed protocol, and
//! exhausts the states of a correct one. Run it with
//! `cargo run -p rpf-search --example mutex`; `cargo test` runs its tests.

#![allow(clippy::print_stdout)] // an example shows its results

use std::fmt;

use rpf_search::{Model, Ops, Outcome, Report, Search, Strategy};

/// One instruction of a protocol, as run by process `me` (the other process is `other`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Instr {
    /// `flag[me] = value`.
    SetFlag(bool),
    /// `turn = other`.
    GiveTurn,
    /// Wait until `flag[other]` is down or, with `or_my_turn`, `turn == me`.
    Await { or_my_turn: bool },
    /// The critical section: a process is in it while this is its next instruction, and
    /// running it leaves the section.
    Critical,
}

impl Instr {
    /// The instruction's text for process `me`.
    fn text(self, me: &str, other: &str) -> String {
        match self {
            Instr::SetFlag(value) => format!("flag[{me}] = {value}"),
            Instr::GiveTurn => format!("turn = {other}"),
            Instr::Await { or_my_turn: false } => format!("await !flag[{other}]"),
            Instr::Await { or_my_turn: true } => {
                format!("await !flag[{other}] || turn == {me}")
            }
            Instr::Critical => "critical section".to_string(),
        }
    }
}

/// A protocol: the loop each process runs, the critical section inside it.
#[derive(Debug, Clone, Copy)]
struct Protocol {
    name: &'static str,
    code: &'static [Instr],
}

/// Check the other's flag, then raise one's own: both may pass the check before either
/// raises its flag.
const CHECK_THEN_SET: Protocol = Protocol {
    name: "check, then set the flag",
    code: &[
        Instr::Await { or_my_turn: false },
        Instr::SetFlag(true),
        Instr::Critical,
        Instr::SetFlag(false),
    ],
};

/// Raise one's flag, then wait for the other's to go down: safe, but both may wait forever.
const SET_THEN_CHECK: Protocol = Protocol {
    name: "set the flag, then check",
    code: &[
        Instr::SetFlag(true),
        Instr::Await { or_my_turn: false },
        Instr::Critical,
        Instr::SetFlag(false),
    ],
};

/// Peterson's algorithm: raise one's flag, give the other the turn, and wait until the
/// other's flag is down or the turn comes back.
const PETERSON: Protocol = Protocol {
    name: "Peterson's algorithm",
    code: &[
        Instr::SetFlag(true),
        Instr::GiveTurn,
        Instr::Await { or_my_turn: true },
        Instr::Critical,
        Instr::SetFlag(false),
    ],
};

/// Both processes' program counters and the shared variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State {
    pc: [usize; 2],
    flag: [bool; 2],
    turn: usize,
}

/// An operation: process `process` runs `instr`.
#[derive(Debug, Clone, Copy)]
struct Step {
    process: usize,
    instr: Instr,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (me, other) = (self.process, 1 - self.process);
        let text = self.instr.text(&me.to_string(), &other.to_string());
        write!(f, "P{me}: {text}")
    }
}

/// A violated property.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Violation {
    /// Both processes are in their critical sections.
    MutualExclusion,
    /// Neither process can run its next instruction.
    Deadlock,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Violation::MutualExclusion => "both processes are in their critical sections",
            Violation::Deadlock => "deadlock: neither process can go on",
        })
    }
}

impl Protocol {
    /// Whether process `me` can run its next instruction in `s`.
    fn enabled(&self, s: &State, me: usize) -> bool {
        match self.code[s.pc[me]] {
            Instr::Await { or_my_turn } => !s.flag[1 - me] || (or_my_turn && s.turn == me),
            _ => true,
        }
    }

    fn in_critical_section(&self, s: &State, me: usize) -> bool {
        self.code[s.pc[me]] == Instr::Critical
    }

    /// The shared variables of `s`, and who is in the critical section.
    fn describe(&self, s: &State) -> String {
        let [f0, f1] = s.flag.map(u8::from);
        let inside: Vec<String> = (0..2)
            .filter(|&p| self.in_critical_section(s, p))
            .map(|p| format!("P{p}"))
            .collect();
        let inside = if inside.is_empty() {
            "-".to_string()
        } else {
            inside.join(", ")
        };
        format!("flag = [{f0}, {f1}]  turn = {}  critical: {inside}", s.turn)
    }
}

impl Model for Protocol {
    type State = State;
    type Op = Step;
    type Error = Violation;

    fn initial_states(&mut self) -> Vec<State> {
        vec![State {
            pc: [0, 0],
            flag: [false, false],
            turn: 0,
        }]
    }

    fn operations(&mut self, s: &State) -> Ops<Step> {
        (0..2)
            .filter(|&process| self.enabled(s, process))
            .map(|process| Step {
                process,
                instr: self.code[s.pc[process]],
            })
            .collect()
    }

    fn apply(&mut self, s: &State, step: &Step) -> Outcome<State, Violation> {
        let me = step.process;
        let mut next = *s;
        match step.instr {
            Instr::SetFlag(value) => next.flag[me] = value,
            Instr::GiveTurn => next.turn = 1 - me,
            Instr::Await { .. } | Instr::Critical => {}
        }
        next.pc[me] = (s.pc[me] + 1) % self.code.len();
        if self.in_critical_section(&next, 0) && self.in_critical_section(&next, 1) {
            return Outcome::Error(next, Violation::MutualExclusion);
        }
        if !self.enabled(&next, 0) && !self.enabled(&next, 1) {
            return Outcome::Error(next, Violation::Deadlock);
        }
        Outcome::Next(next)
    }

    fn hash(&mut self, s: &State) -> Option<u128> {
        let words = [s.pc[0], s.pc[1], s.flag[0].into(), s.flag[1].into(), s.turn];
        Some(words.iter().fold(0, |h, &w| h << 8 | w as u128))
    }
}

/// Breadth-first search: the first error it finds has a shortest path, and if it finds
/// none, it has explored every reachable state.
fn check(protocol: Protocol) -> Report<Step, Violation> {
    Search::new(Strategy::BreadthFirst).run(&mut { protocol })
}

fn main() {
    println!("Two processes loop through a critical section, each running a protocol.");
    println!("Breadth-first search finds a shortest path to a violation, or explores every");
    println!("reachable state.");
    for mut protocol in [CHECK_THEN_SET, SET_THEN_CHECK, PETERSON] {
        println!("\n{}: each process runs", protocol.name);
        for instr in protocol.code {
            println!("    {}", instr.text("me", "other"));
        }
        let report = check(protocol);
        let Some(error) = report.errors.first() else {
            let extent = if report.is_complete() {
                "all"
            } else {
                "some of the"
            };
            println!(
                "  correct: no violation in {extent} {} reachable states ({} transitions)",
                report.unique_states, report.transitions
            );
            continue;
        };
        println!(
            "  VIOLATED after {} operations ({} states explored): {}",
            error.path.len(),
            report.unique_states,
            error.error
        );
        // The error path replays: apply its operations again to show the states along it.
        let mut state = protocol.initial_states()[error.initial];
        println!(
            "    {:<40} {}",
            "(initial state)",
            protocol.describe(&state)
        );
        for step in &error.path {
            state = match protocol.apply(&state, step) {
                Outcome::Next(next) | Outcome::Error(next, _) => next,
                Outcome::Pruned => unreachable!("the protocols prune nothing"),
            };
            println!("    {:<40} {}", step.to_string(), protocol.describe(&state));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checking_the_flag_before_setting_it_lets_both_processes_in() {
        let report = check(CHECK_THEN_SET);
        let error = &report.errors[0];
        assert_eq!(error.error, Violation::MutualExclusion);
        let path: Vec<String> = error.path.iter().map(Step::to_string).collect();
        assert_eq!(
            path,
            [
                "P0: await !flag[1]",
                "P1: await !flag[0]",
                "P0: flag[0] = true",
                "P1: flag[1] = true"
            ]
        );
    }

    #[test]
    fn setting_the_flag_before_checking_it_deadlocks() {
        let error = &check(SET_THEN_CHECK).errors[0];
        assert_eq!(error.error, Violation::Deadlock);
        assert_eq!(error.path.len(), 2, "both raise their flags");
    }

    #[test]
    fn petersons_algorithm_is_correct_in_every_search_order() {
        let bfs = check(PETERSON);
        assert!(bfs.errors.is_empty() && bfs.is_complete());
        for strategy in [Strategy::DepthFirst, Strategy::Random { seed: 7 }] {
            let report = Search::new(strategy).run(&mut { PETERSON });
            assert!(report.errors.is_empty() && report.is_complete());
            assert_eq!(report.unique_states, bfs.unique_states);
        }
    }
}
