//! Attributes: opaque `i64` values plugins attach to operand stack entries, locals, fields
//! and array elements (JPF's slot attributes, the hook symbolic execution needs).
//!
//! Nothing is stored until a plugin sets an attribute. Stack and local attributes live in
//! [`super::thread::Exec::attrs`], parallel to the value stack; field and element
//! attributes in [`HeapAttrs`]. Both are part of the saved state and of the fingerprint.
//! While attributes exist the VM executes instruction by instruction, and [`Plan`] moves
//! them along with the values an instruction moves: loads, stores, `dup`s and `swap`,
//! field and array accesses, `checkcast`, call arguments and return values. Instructions
//! that compute new values produce values without attributes.

use std::collections::HashMap;
use std::rc::Rc;

use super::class::ClassId;
use super::resolve::Resolved;
use super::thread::Exec;
use super::value::Ref;
use super::Vm;
use crate::classfile::Insn;
use crate::machine::Machine;
use crate::Jvm;

/// Attributes of fields (by slot) and array elements (by index), shared copy-on-write
/// between saved states.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeapAttrs(Rc<HashMap<(Ref, u32), i64>>);

impl HeapAttrs {
    /// The attribute of slot or element `at` of `object` (0 if none).
    pub fn get(&self, object: Ref, at: u32) -> i64 {
        self.0.get(&(object, at)).copied().unwrap_or(0)
    }

    /// Sets an attribute; 0 removes it.
    pub fn set(&mut self, object: Ref, at: u32, attr: i64) {
        if attr == 0 {
            if self.0.contains_key(&(object, at)) {
                Rc::make_mut(&mut self.0).remove(&(object, at));
            }
        } else {
            Rc::make_mut(&mut self.0).insert((object, at), attr);
        }
    }

    /// Whether no attribute is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every attribute as `(object, slot or index, attr)`.
    pub fn iter(&self) -> impl Iterator<Item = (Ref, u32, i64)> + '_ {
        self.0.iter().map(|(&(r, at), &a)| (r, at, a))
    }

    /// Drops the attributes of objects for which `live` is false (after garbage collection).
    pub fn retain_live(&mut self, live: impl Fn(Ref) -> bool) {
        if self.0.keys().any(|(r, _)| !live(*r)) {
            Rc::make_mut(&mut self.0).retain(|(r, _), _| live(*r));
        }
    }
}

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

/// Attributes of the top `n` operands, bottom first, each with whether its value is wide.
fn top(exec: &Exec, n: usize) -> Vec<(i64, bool)> {
    let len = exec.stack.len();
    (len.saturating_sub(n)..len)
        .map(|i| (exec.attr(i), exec.stack[i].is_wide()))
        .collect()
}

/// The attribute permutation of a stack-shuffling instruction, following JVMS categories
/// (a wide value is one entry here).
fn shuffle(insn: Insn, exec: &Exec) -> Option<(usize, Vec<i64>)> {
    let t = |n| top(exec, n);
    let wide = |from_top: usize| exec.peek(from_top).is_wide();
    let a = |v: &[(i64, bool)], i: usize| v[i].0;
    Some(match insn {
        Insn::Dup => {
            let v = t(1);
            (1, vec![a(&v, 0), a(&v, 0)])
        }
        Insn::DupX1 => {
            let v = t(2);
            (2, vec![a(&v, 1), a(&v, 0), a(&v, 1)])
        }
        Insn::DupX2 if wide(1) => {
            let v = t(2);
            (2, vec![a(&v, 1), a(&v, 0), a(&v, 1)])
        }
        Insn::DupX2 => {
            let v = t(3);
            (3, vec![a(&v, 2), a(&v, 0), a(&v, 1), a(&v, 2)])
        }
        Insn::Dup2 if wide(0) => {
            let v = t(1);
            (1, vec![a(&v, 0), a(&v, 0)])
        }
        Insn::Dup2 => {
            let v = t(2);
            (2, vec![a(&v, 0), a(&v, 1), a(&v, 0), a(&v, 1)])
        }
        Insn::Dup2X1 if wide(0) => {
            let v = t(2);
            (2, vec![a(&v, 1), a(&v, 0), a(&v, 1)])
        }
        Insn::Dup2X1 => {
            let v = t(3);
            (3, vec![a(&v, 1), a(&v, 2), a(&v, 0), a(&v, 1), a(&v, 2)])
        }
        Insn::Dup2X2 => return dup2_x2(exec),
        Insn::Swap => {
            let v = t(2);
            (2, vec![a(&v, 1), a(&v, 0)])
        }
        _ => return None,
    })
}

/// `dup2_x2` in its four forms.
fn dup2_x2(exec: &Exec) -> Option<(usize, Vec<i64>)> {
    let wide = |from_top: usize| exec.peek(from_top).is_wide();
    let attr = |from_top: usize| exec.attr(exec.stack.len().saturating_sub(from_top + 1));
    let (v1, v2, v3, v4) = (attr(0), attr(1), attr(2), attr(3));
    Some(match (wide(0), wide(1), wide(2)) {
        (true, true, _) => (2, vec![v1, v2, v1]),
        (true, false, _) => (3, vec![v1, v3, v2, v1]),
        (false, _, true) => (3, vec![v2, v1, v3, v2, v1]),
        (false, _, false) => (4, vec![v2, v1, v4, v3, v2, v1]),
    })
}

/// Operands consumed by instructions whose results carry no attribute.
fn plain_pops(insn: Insn, exec: &Exec) -> usize {
    use Insn::*;
    match insn {
        Iadd | Ladd | Fadd | Dadd | Isub | Lsub | Fsub | Dsub | Imul | Lmul | Fmul | Dmul
        | Idiv | Ldiv | Fdiv | Ddiv | Irem | Lrem | Frem | Drem | Ishl | Lshl | Ishr | Lshr
        | Iushr | Lushr | Iand | Land | Ior | Lor | Ixor | Lxor | Lcmp | Fcmpl | Fcmpg | Dcmpl
        | Dcmpg | IfIcmp(..) | IfAcmpEq(_) | IfAcmpNe(_) => 2,
        Ineg | Lneg | Fneg | Dneg | I2l | I2f | I2d | L2i | L2f | L2d | F2i | F2l | F2d | D2i
        | D2l | D2f | I2b | I2c | I2s | If(..) | IfNull(_) | IfNonNull(_) | TableSwitch(_)
        | LookupSwitch(_) | NewArray(_) | ANewArray(_) | ArrayLength | Athrow | InstanceOf(_)
        | MonitorEnter | MonitorExit | Pop => 1,
        Pop2 if exec.peek(0).is_wide() => 1,
        Pop2 => 2,
        MultiANewArray(_, dims) => usize::from(dims),
        _ => 0,
    }
}

impl Plan {
    /// The plan for `insn` about to execute in `exec`'s top frame of a method of `class`.
    pub(crate) fn of(insn: Insn, exec: &Exec, class: ClassId) -> Plan {
        let Some(frame) = exec.top() else {
            return Plan::Clear { pops: 0 };
        };
        let locals = frame.locals as usize;
        let top_attr = exec.attr(exec.stack.len().saturating_sub(1));
        let obj = |from_top| exec.peek(from_top).as_ref();
        if let Some((pops, result)) = shuffle(insn, exec) {
            return Plan::Replace { pops, result };
        }
        match insn {
            Insn::Load(i) => Plan::Replace {
                pops: 0,
                result: vec![exec.attr(locals + usize::from(i))],
            },
            Insn::Store(i) => Plan::Store {
                entry: locals + usize::from(i),
                attr: top_attr,
            },
            Insn::CheckCast(_) => Plan::Replace {
                pops: 1,
                result: vec![top_attr],
            },
            Insn::GetField(index) => Plan::GetField {
                object: Some(obj(0)),
                class,
                index,
            },
            Insn::GetStatic(index) => Plan::GetField {
                object: None,
                class,
                index,
            },
            Insn::PutField(index) => Plan::PutField {
                object: Some(obj(1)),
                class,
                index,
                attr: top_attr,
            },
            Insn::PutStatic(index) => Plan::PutField {
                object: None,
                class,
                index,
                attr: top_attr,
            },
            Insn::ArrayLoad => Plan::ArrayLoad {
                array: obj(1),
                index: exec.peek(0).as_int(),
            },
            Insn::ArrayStore => Plan::ArrayStore {
                array: obj(2),
                index: exec.peek(1).as_int(),
                attr: top_attr,
            },
            Insn::InvokeVirtual(index)
            | Insn::InvokeSpecial(index)
            | Insn::InvokeStatic(index)
            | Insn::InvokeInterface(index)
            | Insn::InvokeDynamic(index) => Plan::Invoke { class, index },
            Insn::Return => Plan::Return {
                attr: 0,
                callee_locals: locals,
            },
            Insn::ReturnValue => Plan::Return {
                attr: top_attr,
                callee_locals: locals,
            },
            other => Plan::Clear {
                pops: plain_pops(other, exec),
            },
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
            _ if !(same_frame && normal_next) => clear_operands(exec, &mut attrs),
            Plan::Clear { pops } => kept(pops, &[], &mut attrs),
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
        }
    }

    #[test]
    fn shuffles_move_attributes_with_their_values() {
        let i = Value::Int(1);
        let l = Value::Long(2);
        let e = exec_with(&[i, i], &[10, 20]);
        assert_eq!(shuffle(Insn::Swap, &e), Some((2, vec![20, 10])));
        assert_eq!(shuffle(Insn::DupX1, &e), Some((2, vec![20, 10, 20])));
        assert_eq!(shuffle(Insn::Dup2, &e), Some((2, vec![10, 20, 10, 20])));
        let w = exec_with(&[i, l], &[10, 20]);
        assert_eq!(shuffle(Insn::Dup2, &w), Some((1, vec![20, 20])));
        assert_eq!(shuffle(Insn::Dup2X1, &w), Some((2, vec![20, 10, 20])));
        let four = exec_with(&[i, i, i, i], &[1, 2, 3, 4]);
        assert_eq!(
            shuffle(Insn::Dup2X2, &four),
            Some((4, vec![3, 4, 1, 2, 3, 4]))
        );
        assert_eq!(shuffle(Insn::Iadd, &four), None);
    }

    #[test]
    fn heap_attributes_are_copy_on_write() {
        let mut a = HeapAttrs::default();
        a.set(Ref(5), 1, 7);
        let saved = a.clone();
        a.set(Ref(5), 1, 0);
        assert_eq!(saved.get(Ref(5), 1), 7);
        assert_eq!(a.get(Ref(5), 1), 0);
        assert!(a.is_empty());
    }
}
