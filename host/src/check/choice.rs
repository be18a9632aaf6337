//! ChoiceGenerators: the alternatives a transition may start with (JPF's model, seed 000).
//!
//! An instruction that needs a choice registers a ChoiceGenerator and stops *before*
//! completing, so that it re-executes as the first instruction of the next transition, when
//! the search has picked a choice (top half / bottom half). Several generators registered by
//! one instruction are cascaded; each has an id and is looked up by it.

use std::rc::Rc;

use rpf_jvm::machine::Choice;

/// A set of choices offered at one point of the execution.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceGenerator {
    /// Identifies the generator to the instruction that re-executes (`verifyGetInt`, ...).
    pub id: Rc<str>,
    /// The choices, explored in this order.
    pub choices: Choices,
    /// Whether this is a thread (scheduling) choice.
    pub is_thread: bool,
}

/// A generator's choices: a thread choice rarely offers more than eight, which then need
/// no allocation of their own.
pub type Choices = smallvec::SmallVec<[Choice; 8]>;

/// The generators registered in one transition (cascaded ones are rare: one is kept
/// inline).
pub type ChoiceGenerators = smallvec::SmallVec<[ChoiceGenerator; 1]>;

/// The data choices pending in a state (`None` with none), hashed: part of the state's
/// identity. A data choice registered by a transition's first instruction (a `Random` call
/// that was itself a scheduling point) leaves the program as it found it, and the state that
/// explores the choice's values must not match the one before it, whose successors are the
/// threads' next steps; nor may a state whose pending choice was registered mid-transition
/// stand for the program state without it.
pub fn pending_data(cgs: &[ChoiceGenerator]) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let mut data = cgs.iter().filter(|cg| !cg.is_thread).peekable();
    data.peek()?;
    let mut h = rustc_hash::FxHasher::default();
    for cg in data {
        cg.id.hash(&mut h);
        for c in &cg.choices {
            let (kind, bits) = match *c {
                Choice::Thread(t) => (0u8, u64::from(t)),
                Choice::Int(v) => (1, v as u64),
                Choice::Long(v) => (2, v as u64),
                Choice::Double(v) => (3, v.to_bits()),
                Choice::Bool(b) => (4, u64::from(b)),
            };
            (kind, bits).hash(&mut h);
        }
    }
    Some(h.finish())
}

/// The id of a thread choice generator: the common reasons are shared, not allocated per
/// state.
fn thread_choice_id(reason: &'static str) -> Rc<str> {
    thread_local! {
        static IDS: std::cell::RefCell<Vec<(&'static str, Rc<str>)>> = const {
            std::cell::RefCell::new(Vec::new())
        };
    }
    // Reasons are literals: the address identifies one (comparing it is cheaper than the text).
    let same = |r: &&str| std::ptr::eq(*r, reason);
    IDS.with_borrow_mut(|ids| match ids.iter().find(|(r, _)| same(r)) {
        Some((_, id)) => id.clone(),
        None => {
            let id: Rc<str> = Rc::from(reason);
            ids.push((reason, id.clone()));
            id
        }
    })
}

impl ChoiceGenerator {
    /// A scheduling choice among `threads`.
    pub fn threads(
        reason: &'static str,
        threads: impl IntoIterator<Item = u32>,
    ) -> ChoiceGenerator {
        let choices = threads.into_iter().map(Choice::Thread).collect();
        ChoiceGenerator {
            id: thread_choice_id(reason),
            choices,
            is_thread: true,
        }
    }

    /// A data choice.
    pub fn data(id: &str, choices: Vec<Choice>) -> ChoiceGenerator {
        ChoiceGenerator {
            id: Rc::from(id),
            choices: Choices::from_vec(choices),
            is_thread: false,
        }
    }
}
