//! Attributes: opaque `i64` values plugins attach to operand stack entries, locals, fields
//! and array elements (JPF's slot attributes, the hook symbolic execution needs).
//!
//! Nothing is stored until a plugin sets an attribute. Stack and local attributes live in
//! [`super::thread::Exec::attrs`], parallel to the value stack; field and element
//! attributes in [`HeapAttrs`](crate::state::HeapAttrs). Both are part of the saved state and of the fingerprint.
//! While attributes exist the VM executes instruction by instruction, and `Plan` moves
//! them along with the values an instruction moves, as the instruction table's
//! [`Effect`] says: loads, stores, `dup`s and `swap`, field and array accesses, `checkcast`,
//! call arguments and return values. Instructions that compute new values produce values
//! without attributes.

use super::class::ClassId;
use super::thread::Exec;
use super::value::Ref;
use crate::class::Resolved;
use crate::classfile::opcodes::{self, Effect, Flow, Moves};
use crate::classfile::Insn;
use crate::machine::Machine;
use crate::vm::Jvm;
use crate::vm::Vm;

impl Exec {
    /// The attribute of value-stack entry `i` (locals and operands of all frames).
    pub fn attr(&self, i: usize) -> i64 {
        self.attrs.get(i).copied().unwrap_or(0)
    }

    /// Sets the attribute of value-stack entry `i`.
    pub fn set_attr(&mut self, i: usize, attr: i64) {
        if attr == 0 && i >= self.attrs.len() {
            return;
        }
        if self.attrs.len() < self.stack.len() {
            self.attrs.resize(self.stack.len(), 0);
        }
        if let Some(a) = self.attrs.get_mut(i) {
            *a = attr;
        }
    }

    /// Keeps the attribute vector exactly as long as the value stack.
    fn fit_attrs(&mut self) {
        self.attrs.resize(self.stack.len(), 0);
    }
}

/// What one instruction does to attributes, captured before it executes.
#[derive(Debug, Clone)]
pub(crate) enum Plan {
    /// Consumes `pops` operands; whatever it pushes has no attribute.
    Clear { pops: usize },
    /// A branch, `goto` or switch: consumes `pops` operands and goes to a target or the next
    /// instruction. It cannot throw, so wherever it goes the operands below keep their
    /// attributes.
    Branch { pops: usize },
    /// Replaces the top `pops` operands by operands with these attributes (loads, `dup`s,
    /// `swap`, `checkcast`).
    Replace { pops: usize, result: Vec<i64> },
    /// Stores the top operand's attribute into local entry `entry`.
    Store { entry: usize, attr: i64 },
    /// `getfield` / `getstatic`: the pushed value takes the field's attribute.
    GetField {
        object: Option<Ref>,
        class: ClassId,
        index: u16,
    },
    /// `putfield` / `putstatic`: the field takes the stored value's attribute.
    PutField {
        object: Option<Ref>,
        class: ClassId,
        index: u16,
        attr: i64,
    },
    /// An array load: the pushed value takes the element's attribute.
    ArrayLoad { array: Ref, index: i32 },
    /// An array store: the element takes the stored value's attribute.
    ArrayStore { array: Ref, index: i32, attr: i64 },
    /// A call: arguments become the callee's locals with their attributes.
    Invoke { class: ClassId, index: u16 },
    /// A return: the returned value keeps its attribute in the caller.
    Return { attr: i64, callee_locals: usize },
}

/// The attributes after a stack shuffle that rearranges the top `slots` slots as `order` says
/// ([`Effect::Shuffle`]), moving each attribute with its value: the entries it pops and the
/// attributes of those it pushes. A long or double is one entry but two slots, so this follows
/// the categories of the values on the stack; `None` if they do not fit the shuffle.
fn shuffle(exec: &Exec, slots: u8, order: &[u8]) -> Option<(usize, Vec<i64>)> {
    let base = exec.top()?.stack_base as usize;
    // The entry holding each of the top `slots` slots, bottom first.
    let mut entry_of = Vec::with_capacity(usize::from(slots));
    let mut entry = exec.stack.len();
    while entry_of.len() < usize::from(slots) {
        entry = entry.checked_sub(1).filter(|&e| e >= base)?;
        let width = if exec.stack[entry].is_wide() { 2 } else { 1 };
        entry_of.splice(0..0, std::iter::repeat_n(entry, width));
    }
    if entry_of.len() != usize::from(slots) {
        return None;
    }
    let mut result = Vec::with_capacity(order.len());
    let mut k = 0;
    while k < order.len() {
        let from = usize::from(order[k]);
        let e = *entry_of.get(from)?;
        if exec.stack[e].is_wide() {
            // Both halves of a wide value move together, first half first.
            let first = from == 0 || entry_of[from - 1] != e;
            if !first || order.get(k + 1).map(|&s| usize::from(s)) != Some(from + 1) {
                return None;
            }
            k += 1;
        }
        result.push(exec.attr(e));
        k += 1;
    }
    Some((exec.stack.len() - entry, result))
}

impl Plan {
    /// The plan for `insn`, decoded from `opcode`, about to execute in `exec`'s top frame of a
    /// method of `class`.
    pub(crate) fn of(insn: Insn, opcode: u8, exec: &Exec, class: ClassId) -> Plan {
        let (Some(frame), Some(info)) = (exec.top(), opcodes::info(opcode)) else {
            return Plan::Clear { pops: 0 };
        };
        let locals = frame.locals as usize;
        let top_attr = exec.attr(exec.stack.len().saturating_sub(1));
        let obj = |from_top| exec.peek(from_top).as_ref();
        let index = insn.pool_index().unwrap_or(0);
        let local = locals + usize::from(insn.local().unwrap_or(0));
        match info.effect {
            Effect::Values { pop, .. } if matches!(info.flow, Flow::Branch | Flow::Jump) => {
                Plan::Branch { pops: pop.len() }
            }
            Effect::Values { pop, moves, .. } => match moves {
                Moves::Fresh => Plan::Clear { pops: pop.len() },
                Moves::Load => Plan::Replace {
                    pops: 0,
                    result: vec![exec.attr(local)],
                },
                Moves::Store => Plan::Store {
                    entry: local,
                    attr: top_attr,
                },
                Moves::Keep => Plan::Replace {
                    pops: 1,
                    result: vec![top_attr],
                },
                Moves::ArrayGet => Plan::ArrayLoad {
                    array: obj(1),
                    index: exec.peek(0).as_int(),
                },
                Moves::ArrayPut => Plan::ArrayStore {
                    array: obj(2),
                    index: exec.peek(1).as_int(),
                    attr: top_attr,
                },
                Moves::Return => Plan::Return {
                    attr: if pop.is_empty() { 0 } else { top_attr },
                    callee_locals: locals,
                },
            },
            Effect::Shuffle { slots, order } => match shuffle(exec, slots, order) {
                Some((pops, result)) => Plan::Replace { pops, result },
                None => Plan::Clear { pops: 0 },
            },
            Effect::Field {
                put: false,
                instance,
            } => Plan::GetField {
                object: instance.then(|| obj(0)),
                class,
                index,
            },
            Effect::Field {
                put: true,
                instance,
            } => Plan::PutField {
                object: instance.then(|| obj(1)),
                class,
                index,
                attr: top_attr,
            },
            Effect::Invoke { .. } => Plan::Invoke { class, index },
            Effect::MultiNewArray => Plan::Clear {
                pops: match insn {
                    Insn::MultiANewArray(_, dims) => usize::from(dims),
                    _ => 0,
                },
            },
            Effect::Prefix => Plan::Clear { pops: 0 },
        }
    }
}

/// The shape of a thread's stack before an instruction, to tell afterwards what happened.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Before {
    /// Frames.
    pub depth: usize,
    /// Value-stack entries.
    pub len: usize,
    /// The top frame's instruction.
    pub pc: u32,
}

impl Jvm {
    /// The declaring class and slot of a field reference, once resolved.
    fn resolved_field(&self, class: ClassId, index: u16) -> Option<(ClassId, u32)> {
        match self.classes.cached(class, index)? {
            Resolved::Field(f) => Some((f.class, f.slot)),
            _ => None,
        }
    }

    /// The field attribute holder: the object for instance fields, the statics object else.
    fn field_holder(&self, object: Option<Ref>, declaring: ClassId) -> Ref {
        object.unwrap_or_else(|| {
            self.state
                .class_states
                .get(declaring as usize)
                .map_or(Ref::NULL, |s| s.statics)
        })
    }

    /// Argument entries of a resolved call, if it is resolved.
    fn resolved_arg_entries(&self, class: ClassId, index: u16) -> Option<usize> {
        match self.classes.cached(class, index)? {
            &Resolved::Method(m) => Some(usize::from(self.classes.method(m).arg_entries)),
            _ => None,
        }
    }
}

impl<M: Machine> Vm<M> {
    /// Moves attributes as `plan` says, after its instruction ran (`executed` false if it
    /// stopped before completing and will re-execute).
    pub(crate) fn apply_attr_plan(
        &mut self,
        exec: &mut Exec,
        plan: Plan,
        before: Before,
        executed: bool,
    ) {
        if !executed {
            exec.fit_attrs();
            return;
        }
        let depth = exec.frames.len();
        let same_frame = depth == before.depth;
        let normal_next = exec.top().is_some_and(|f| f.pc == before.pc + 1);
        let mut attrs = std::mem::take(&mut exec.attrs);
        attrs.resize(before.len.max(attrs.len()), 0);
        let kept = |pops: usize, pushed: &[i64], attrs: &mut Vec<i64>| {
            attrs.truncate(before.len.saturating_sub(pops));
            attrs.extend_from_slice(pushed);
        };
        match plan {
            Plan::Return {
                attr,
                callee_locals,
            } if depth < before.depth => {
                attrs.truncate(callee_locals);
                if exec.stack.len() > callee_locals {
                    attrs.push(attr);
                }
            }
            Plan::Invoke { .. } if depth > before.depth => {
                let callee = exec.top().map_or(0, |f| f.locals as usize);
                let args: Vec<i64> = attrs.get(callee..before.len).unwrap_or(&[]).to_vec();
                attrs.truncate(callee);
                let mut slot = callee;
                for a in args {
                    attrs.push(a);
                    if exec.stack.get(slot).is_some_and(|v| v.is_wide()) {
                        attrs.push(0);
                        slot += 1;
                    }
                    slot += 1;
                }
            }
            Plan::Invoke { class, index } if same_frame && normal_next => {
                match self.resolved_arg_entries(class, index) {
                    Some(pops) => kept(pops, &[], &mut attrs),
                    None => clear_operands(exec, &mut attrs),
                }
            }
            Plan::Branch { pops } if same_frame => kept(pops, &[], &mut attrs),
            _ if !(same_frame && normal_next) => clear_operands(exec, &mut attrs),
            Plan::Clear { pops } | Plan::Branch { pops } => kept(pops, &[], &mut attrs),
            Plan::Replace { pops, result } => kept(pops, &result, &mut attrs),
            Plan::Store { entry, attr } => {
                kept(1, &[], &mut attrs);
                if let Some(a) = attrs.get_mut(entry) {
                    *a = attr;
                }
            }
            Plan::GetField {
                object,
                class,
                index,
            } => {
                let attr = self.resolved_field(class, index).map_or(0, |(c, slot)| {
                    self.state
                        .heap_attrs
                        .get(self.field_holder(object, c), slot)
                });
                kept(usize::from(object.is_some()), &[attr], &mut attrs);
            }
            Plan::PutField {
                object,
                class,
                index,
                attr,
            } => {
                if let Some((c, slot)) = self.resolved_field(class, index) {
                    let holder = self.field_holder(object, c);
                    self.state.heap_attrs.set(holder, slot, attr);
                }
                kept(1 + usize::from(object.is_some()), &[], &mut attrs);
            }
            Plan::ArrayLoad { array, index } => {
                let attr = self.state.heap_attrs.get(array, index as u32);
                kept(2, &[attr], &mut attrs);
            }
            Plan::ArrayStore { array, index, attr } => {
                self.state.heap_attrs.set(array, index as u32, attr);
                kept(3, &[], &mut attrs);
            }
            Plan::Invoke { .. } | Plan::Return { .. } => clear_operands(exec, &mut attrs),
        }
        exec.attrs = attrs;
        exec.fit_attrs();
    }
}

/// After an unexpected control transfer (an exception, a class initializer): the operands
/// of the now-running frame lose their attributes; locals keep theirs.
fn clear_operands(exec: &Exec, attrs: &mut Vec<i64>) {
    let base = exec.top().map_or(0, |f| f.stack_base as usize);
    attrs.truncate(base);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Value;

    fn exec_with(values: &[Value], attrs: &[i64]) -> Exec {
        Exec {
            stack: values.to_vec(),
            frames: vec![super::super::thread::Frame {
                method: 0,
                pc: 0,
                locals: 0,
                stack_base: 0,
                kind: super::super::thread::FrameKind::Call,
                lock: Ref::NULL,
            }],
            attrs: attrs.to_vec(),
            stack_size: 0,
        }
    }

    fn shuffled(name: &str, e: &Exec) -> Option<(usize, Vec<i64>)> {
        match opcodes::info(opcodes::opcode(name)?)?.effect {
            Effect::Shuffle { slots, order } => shuffle(e, slots, order),
            _ => None,
        }
    }

    #[test]
    fn shuffles_move_attributes_with_their_values_in_every_form() {
        let (i, l) = (Value::Int(1), Value::Long(2));
        type Moved = Option<(usize, &'static [i64])>;
        let cases: &[(&str, &[Value], Moved)] = &[
            ("pop", &[i], Some((1, &[]))),
            ("pop2", &[i, i], Some((2, &[]))),
            ("pop2", &[l], Some((1, &[]))),
            ("dup", &[i], Some((1, &[1, 1]))),
            ("dup", &[l], None),
            ("dup_x1", &[i, i], Some((2, &[2, 1, 2]))),
            ("dup_x1", &[l, i], None),
            ("dup_x2", &[i, i, i], Some((3, &[3, 1, 2, 3]))),
            ("dup_x2", &[l, i], Some((2, &[2, 1, 2]))),
            ("dup2", &[i, i], Some((2, &[1, 2, 1, 2]))),
            ("dup2", &[l], Some((1, &[1, 1]))),
            ("dup2_x1", &[i, i, i], Some((3, &[2, 3, 1, 2, 3]))),
            ("dup2_x1", &[i, l], Some((2, &[2, 1, 2]))),
            ("dup2_x2", &[i, i, i, i], Some((4, &[3, 4, 1, 2, 3, 4]))),
            ("dup2_x2", &[i, i, l], Some((3, &[3, 1, 2, 3]))),
            ("dup2_x2", &[l, i, i], Some((3, &[2, 3, 1, 2, 3]))),
            ("dup2_x2", &[l, l], Some((2, &[2, 1, 2]))),
            ("dup2_x2", &[i, l, i], None),
            ("swap", &[i, i], Some((2, &[2, 1]))),
            ("iadd", &[i, i], None),
        ];
        for &(name, values, expected) in cases {
            let attrs: Vec<i64> = (1..=values.len() as i64).collect();
            let e = exec_with(values, &attrs);
            let expected = expected.map(|(pops, result)| (pops, result.to_vec()));
            assert_eq!(shuffled(name, &e), expected, "{name} on {values:?}");
        }
    }

    #[test]
    fn plans_follow_the_table() {
        let mut e = exec_with(&[Value::Int(1), Value::Long(2), Value::Int(3)], &[5, 6, 7]);
        e.frames[0].stack_base = 2;
        let plan = |insn, name| Plan::of(insn, opcodes::opcode(name).unwrap(), &e, 0);
        assert!(matches!(
            plan(Insn::Load(1), "lload"),
            Plan::Replace { pops: 0, result } if result == [6]
        ));
        assert!(matches!(
            plan(Insn::Store(0), "istore"),
            Plan::Store { entry: 0, attr: 7 }
        ));
        assert!(matches!(
            plan(Insn::CheckCast(1), "checkcast"),
            Plan::Replace { pops: 1, result } if result == [7]
        ));
        assert!(matches!(plan(Insn::Ladd, "ladd"), Plan::Clear { pops: 2 }));
        assert!(matches!(
            plan(Insn::Goto(0), "goto"),
            Plan::Branch { pops: 0 }
        ));
        assert!(matches!(
            plan(Insn::MultiANewArray(1, 3), "multianewarray"),
            Plan::Clear { pops: 3 }
        ));
        assert!(matches!(
            plan(Insn::ReturnValue, "lreturn"),
            Plan::Return {
                attr: 7,
                callee_locals: 0
            }
        ));
        assert!(matches!(
            plan(Insn::Return, "return"),
            Plan::Return { attr: 0, .. }
        ));
    }
}
