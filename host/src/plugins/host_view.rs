//! The host side of the plugin callback interface: the VM as one plugin call sees it, plus
//! the actions plugins request, which the VM and the search carry out after the call.

use std::rc::Rc;

use abi_stable::std_types::{ROption, RStr, RString, RVec};
use rpf_plugin_api::{
    ChoiceKind, ClassReady, ConfigView, FieldInfo, FrameInfo, Host, InsnInfo, JValue, MethodInfo,
};

use rpf_jvm::class::Resolved;
use rpf_jvm::class::{ClassId, MethodId};
use rpf_jvm::classfile::{opcodes, Constant, Insn};
use rpf_jvm::heap::ObjData;
use rpf_jvm::machine::{Choice, Frames};
use rpf_jvm::thread::Exec;
use rpf_jvm::time::Timeouts;
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::{Instantiable, Jvm};

/// A violation a plugin reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reported {
    /// `race`, `lock_order`, `property`, ...
    pub kind: String,
    /// What is wrong.
    pub message: String,
    /// The reporting component.
    pub component: String,
}

/// What plugins asked for since the host last looked.
#[derive(Debug, Default, Clone)]
pub struct Requests {
    /// Prune the current path.
    pub ignore_state: bool,
    /// End the transition.
    pub break_transition: bool,
    /// Violations reported.
    pub violations: Vec<Reported>,
    /// End the search.
    pub end_search: bool,
    /// Data choices registered, by id.
    pub choices: Vec<(String, Vec<Choice>)>,
    /// Why the exploration is not exhaustive, once per reason (never taken: they hold for
    /// the whole run).
    pub incomplete: Vec<String>,
    /// Whether a bytecode factory is executing an instruction (the only time plugins may
    /// change the heap and the running thread's frames).
    pub executing: bool,
    /// What the bytecode factory did that the checker must carry out or hear of.
    pub effects: Vec<Effect>,
}

/// A change a bytecode factory made or asked for while executing an instruction.
#[derive(Debug, Clone, Copy)]
pub enum Effect {
    /// A field was written (the checker's footprint and sharing hear of it).
    Stored {
        /// The object written.
        holder: Ref,
        /// The value before.
        old: Value,
        /// The value written.
        new: Value,
    },
    /// Begin initializing a class; the instruction runs again afterwards.
    Initialize(ClassId),
    /// Call a method before the instruction, which runs again afterwards.
    Interpose(MethodId),
}

/// What the checker lends the plugins for one call: the JVM, where the running thread's
/// frames are, and what the running transition started with.
pub struct HostContext<'a> {
    /// The JVM.
    pub jvm: &'a mut Jvm,
    /// The running thread's frames while it executes (they live outside the thread then).
    pub frames: Frames<'a>,
    /// The choices the running transition started with, by generator id.
    pub current_choices: &'a [(Rc<str>, Choice)],
    /// Which timed waits may end by timeout (which threads are schedulable depends on it).
    pub timeouts: Timeouts,
    /// The search depth.
    pub depth: u32,
}

/// The VM as one plugin call sees it.
pub struct VmView<'a> {
    /// The JVM.
    pub vm: &'a mut Jvm,
    /// The running thread's frames while it executes (they live outside the thread then).
    pub frames: Frames<'a>,
    /// Where the plugin's requests go.
    pub requests: &'a mut Requests,
    /// The component being called (named in its violations).
    pub component: Rc<str>,
    /// The choices the running transition started with.
    pub current_choices: &'a [(Rc<str>, Choice)],
    /// Which timed waits may end by timeout (see [`HostContext::timeouts`]).
    pub timeouts: Timeouts,
    /// Current search depth.
    pub depth: u32,
    /// The run's configuration.
    pub config: &'a ConfigView,
}

/// A VM value as plugins see it.
pub fn to_jvalue(v: Value) -> JValue {
    match v {
        Value::Int(i) => JValue::Int(i),
        Value::Long(l) => JValue::Long(l),
        Value::Float(f) => JValue::Float(f),
        Value::Double(d) => JValue::Double(d),
        Value::Ref(r) if r.is_null() => JValue::Null,
        Value::Ref(r) => JValue::Ref(r.0),
        Value::Void | Value::RetAddr(_) => JValue::Void,
    }
}

/// A plugin's value as a VM value.
pub fn from_jvalue(v: JValue) -> Value {
    match v {
        JValue::Int(i) => Value::Int(i),
        JValue::Long(l) => Value::Long(l),
        JValue::Float(f) => Value::Float(f),
        JValue::Double(d) => Value::Double(d),
        JValue::Ref(r) => Value::Ref(Ref(r)),
        JValue::Null => Value::NULL,
        JValue::Void => Value::Void,
    }
}

/// A plugin's choice value as a choice.
pub fn to_choice(v: JValue) -> Option<Choice> {
    match v {
        JValue::Int(i) => Some(Choice::Int(i)),
        JValue::Long(l) => Some(Choice::Long(l)),
        JValue::Float(f) => Some(Choice::Double(f64::from(f))),
        JValue::Double(d) => Some(Choice::Double(d)),
        _ => None,
    }
}

fn choice_value(c: Choice) -> JValue {
    match c {
        Choice::Thread(t) => JValue::Int(t as i32),
        Choice::Int(i) => JValue::Int(i),
        Choice::Long(l) => JValue::Long(l),
        Choice::Double(d) => JValue::Double(d),
        Choice::Bool(b) => JValue::Int(i32::from(b)),
    }
}

fn choice_is(c: Choice, kind: ChoiceKind) -> bool {
    matches!(
        (kind, c),
        (ChoiceKind::Any, _)
            | (ChoiceKind::Thread, Choice::Thread(_))
            | (ChoiceKind::Int, Choice::Int(_) | Choice::Bool(_))
            | (ChoiceKind::Long, Choice::Long(_))
            | (ChoiceKind::Double, Choice::Double(_))
    )
}

/// The source line of `pc` in `method`, or -1.
pub fn line(vm: &Jvm, method: MethodId, pc: u32) -> i32 {
    if method as usize >= vm.classes.method_count() {
        return -1;
    }
    vm.classes
        .method(method)
        .code
        .as_ref()
        .and_then(|c| c.line_at(pc))
        .map_or(-1, i32::from)
}

/// `pkg.Class.name`, volatile and static of the field an instruction refers to.
fn field_facts(vm: &Jvm, class: ClassId, index: u16) -> (String, bool, bool) {
    let c = vm.classes.get(class);
    let resolved = match c.cache.get(usize::from(index)).and_then(|x| x.get()) {
        Some(Resolved::Field(f)) => Some(*f),
        // Not run yet: the field the instruction will reach, found the way resolution will
        // find it if the class it names is loaded (a subclass naming an inherited field
        // must not hide its declaring class from plugins).
        _ => match c.pool.get(usize::from(index)) {
            Some(Constant::FieldRef(m)) => vm
                .classes
                .lookup(&m.class)
                .and_then(|named| vm.classes.lookup_field(named, &m.name, &m.desc)),
            _ => None,
        },
    };
    if let Some(f) = resolved {
        let declaring = vm.classes.get(f.class);
        let name = declaring
            .fields
            .iter()
            .find(|d| d.slot == f.slot && d.is_static() == f.is_static)
            .map(|d| d.name.to_string())
            .unwrap_or_default();
        return (
            format!("{}.{name}", declaring.java_name()),
            f.volatile,
            f.is_static,
        );
    }
    match c.pool.get(usize::from(index)) {
        Some(Constant::FieldRef(m)) => (
            format!("{}.{}", m.class.replace('/', "."), m.name),
            false,
            false,
        ),
        _ => (String::new(), false, false),
    }
}

/// `pkg.Class.name(descriptor)` of a method reference.
fn method_ref(vm: &Jvm, class: ClassId, index: u16) -> String {
    match vm.classes.get(class).pool.get(usize::from(index)) {
        Some(Constant::MethodRef(m)) => {
            format!("{}.{}{}", m.class.replace('/', "."), m.name, m.desc)
        }
        Some(Constant::InvokeDynamic { name, desc, .. }) => format!("{name}{desc}"),
        _ => String::new(),
    }
}

/// Facts about the instruction at `pc` of `method`.
pub fn insn_info(vm: &Jvm, method: MethodId, pc: u32) -> Option<InsnInfo> {
    if method as usize >= vm.classes.method_count() {
        return None;
    }
    let m = vm.classes.method(method);
    let code = m.code.as_ref()?;
    let insn = *code.insns.get(pc as usize)?;
    let opcode = code.opcodes[pc as usize];
    let mnemonic = opcodes::info(opcode)?.mnemonic;
    let (member, volatile, is_static) = match insn {
        Insn::GetField(i) | Insn::PutField(i) | Insn::GetStatic(i) | Insn::PutStatic(i) => {
            field_facts(vm, m.class, i)
        }
        Insn::InvokeVirtual(i)
        | Insn::InvokeSpecial(i)
        | Insn::InvokeStatic(i)
        | Insn::InvokeInterface(i)
        | Insn::InvokeDynamic(i) => (method_ref(vm, m.class, i), false, false),
        _ => (String::new(), false, false),
    };
    Some(InsnInfo {
        mnemonic: RStr::from_str(mnemonic),
        opcode,
        text: opcodes::text(code, pc).into(),
        line: line(vm, method, pc),
        targets: code.jump_targets(pc).into(),
        member: member.into(),
        volatile,
        is_static,
        operands: operands(code, insn).into(),
    })
}

/// The numeric operands [`InsnInfo::operands`] describes.
fn operands(code: &rpf_jvm::classfile::Code, insn: Insn) -> Vec<i64> {
    use rpf_jvm::classfile::Switch;
    match insn {
        Insn::Iinc(slot, by) => vec![i64::from(slot), i64::from(by)],
        Insn::MultiANewArray(_, dimensions) => vec![i64::from(dimensions)],
        Insn::TableSwitch(s) | Insn::LookupSwitch(s) => match code.switches.get(s as usize) {
            Some(Switch::Table {
                low,
                default,
                targets,
            }) => std::iter::once(i64::from(*default))
                .chain(
                    targets
                        .iter()
                        .enumerate()
                        .flat_map(|(i, t)| [i64::from(*low) + i as i64, i64::from(*t)]),
                )
                .collect(),
            Some(Switch::Lookup { default, pairs }) => std::iter::once(i64::from(*default))
                .chain(
                    pairs
                        .iter()
                        .flat_map(|(k, t)| [i64::from(*k), i64::from(*t)]),
                )
                .collect(),
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

impl VmView<'_> {
    fn exec_of(&self, thread: u32) -> Option<&Exec> {
        let t = thread as usize;
        if t == self.vm.state.current {
            match &self.frames {
                Frames::Shared(e) => return Some(e),
                Frames::Mutable(e) => return Some(e),
                Frames::Parked => {}
            }
        }
        self.vm.state.threads.get(t).map(|th| &th.exec)
    }

    /// The running thread's frames, mutably (only while it executes an instruction).
    fn exec_mut(&mut self) -> Option<&mut Exec> {
        match &mut self.frames {
            Frames::Mutable(e) => Some(e),
            _ => None,
        }
    }

    fn running(&self) -> Option<&Exec> {
        self.exec_of(self.vm.state.current as u32)
    }

    fn method_ok(&self, method: u32) -> bool {
        (method as usize) < self.vm.classes.method_count()
    }

    /// Sets the attribute of the running thread's value-stack entry `index` picks.
    fn set_running_attr(&mut self, index: impl FnOnce(&Exec) -> Option<usize>, attr: i64) {
        let Some(exec) = self.exec_mut() else { return };
        if let Some(i) = index(exec) {
            exec.set_attr(i, attr);
            self.vm.activate_attributes(attr);
        }
    }

    /// Index of value-stack entry `from_top` of the running thread's top frame.
    fn operand_index(exec: &Exec, from_top: u32) -> Option<usize> {
        let base = exec.top()?.stack_base as usize;
        let i = exec.stack.len().checked_sub(1 + from_top as usize)?;
        (i >= base).then_some(i)
    }

    /// Index of local `slot` of the running thread's top frame.
    fn local_index(exec: &Exec, slot: u32) -> Option<usize> {
        let f = exec.top()?;
        let i = f.locals as usize + slot as usize;
        (i < f.stack_base as usize).then_some(i)
    }

    fn class_id(&self, name: &str) -> Option<ClassId> {
        self.vm.classes.lookup(&name.replace('.', "/"))
    }

    /// The attribute slot of field `name` of `object` (instance or statics object).
    fn field_slot_of(&self, object: u32, name: &str) -> Option<u32> {
        let r = Ref(object);
        let class = self.vm.class_of(r)?;
        if let Some(slot) = self.vm.field_slot(class, name) {
            return Some(slot);
        }
        // A statics object: its class's static field.
        (0..self.vm.state.class_states.len())
            .find(|&i| {
                self.vm
                    .state
                    .class_states
                    .get(i)
                    .is_some_and(|s| s.statics == r)
            })
            .and_then(|i| {
                self.vm
                    .classes
                    .get(i as ClassId)
                    .field_named(name)
                    .filter(|f| f.is_static())
                    .map(|f| f.slot)
            })
    }
}

impl Host for VmView<'_> {
    fn thread_count(&self) -> u32 {
        self.vm.state.threads.len() as u32
    }

    fn current_thread(&self) -> u32 {
        self.vm.state.current as u32
    }

    fn thread_name(&self, thread: u32) -> RString {
        if (thread as usize) < self.vm.state.threads.len() {
            self.vm.thread_name(thread as usize).into()
        } else {
            RString::new()
        }
    }

    fn thread_state(&self, thread: u32) -> RString {
        self.vm
            .state
            .threads
            .get(thread as usize)
            .map(|t| format!("{:?}", t.status).to_uppercase().into())
            .unwrap_or_default()
    }

    fn is_daemon(&self, thread: u32) -> bool {
        self.vm
            .state
            .threads
            .get(thread as usize)
            .is_some_and(|t| t.daemon)
    }

    fn schedulable_threads(&self) -> RVec<u32> {
        self.vm
            .schedulable(self.timeouts)
            .collect::<Vec<u32>>()
            .into()
    }

    fn frames(&self, thread: u32) -> RVec<FrameInfo> {
        self.exec_of(thread)
            .map(|e| {
                let mut end = e.stack.len();
                e.frames
                    .iter()
                    .rev()
                    .map(|f| {
                        let info = FrameInfo {
                            method: f.method,
                            pc: f.pc,
                            line: line(self.vm, f.method, f.pc),
                            locals: f.stack_base.saturating_sub(f.locals),
                            stack_depth: (end as u32).saturating_sub(f.stack_base),
                        };
                        end = f.locals as usize;
                        info
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn local(&self, thread: u32, frame: u32, slot: u32) -> JValue {
        self.exec_of(thread)
            .and_then(|e| {
                let f = e.frames.iter().rev().nth(frame as usize)?;
                let i = f.locals as usize + slot as usize;
                (i < f.stack_base as usize).then(|| e.stack.get(i).copied())?
            })
            .map_or(JValue::Void, to_jvalue)
    }

    fn stack_value(&self, thread: u32, from_top: u32) -> JValue {
        self.exec_of(thread)
            .and_then(|e| Self::operand_index(e, from_top).map(|i| e.stack[i]))
            .map_or(JValue::Void, to_jvalue)
    }

    fn locks_held(&self, thread: u32) -> RVec<u32> {
        let mut held: Vec<u32> = self
            .vm
            .state
            .monitors
            .iter()
            .filter(|(_, m)| m.owner == thread)
            .map(|(r, _)| r.0)
            .collect();
        held.sort_unstable();
        held.into()
    }

    fn lock_owner(&self, object: u32) -> i32 {
        self.vm
            .state
            .monitors
            .get(&Ref(object))
            .map_or(-1, |m| m.owner as i32)
    }

    fn method_info(&self, method: u32) -> ROption<MethodInfo> {
        if !self.method_ok(method) {
            return ROption::RNone;
        }
        let m = self.vm.classes.method(method);
        let c = self.vm.classes.get(m.class);
        let (instructions, lines) = m.code.as_ref().map_or((0, Vec::new()), |code| {
            let mut lines: Vec<u32> = code.lines.iter().map(|&(_, l)| u32::from(l)).collect();
            lines.sort_unstable();
            lines.dedup();
            (code.insns.len() as u32, lines)
        });
        ROption::RSome(MethodInfo {
            class: c.java_name().into(),
            name: m.name.to_string().into(),
            descriptor: m.desc.to_string().into(),
            instructions,
            lines: lines.into(),
            source_file: c.attrs.source_file.as_deref().unwrap_or("").into(),
            system: c.system,
            synchronized: m.is_synchronized(),
            is_static: m.is_static(),
            native: m.is_native() || m.native.is_some(),
        })
    }

    fn instruction(&self, method: u32, pc: u32) -> ROption<InsnInfo> {
        insn_info(self.vm, method, pc).into()
    }

    fn class_methods(&self, class: RStr<'_>) -> RVec<u32> {
        self.class_id(class.as_str())
            .map(|id| self.vm.classes.get(id).methods.to_vec())
            .unwrap_or_default()
            .into()
    }

    fn class_fields(&self, class: RStr<'_>) -> RVec<FieldInfo> {
        let mut fields = Vec::new();
        let mut at = self.class_id(class.as_str());
        while let Some(id) = at {
            let c = self.vm.classes.get(id);
            fields.extend(c.fields.iter().map(|f| FieldInfo {
                class: c.java_name().into(),
                name: f.name.to_string().into(),
                descriptor: f.desc.to_string().into(),
                is_static: f.is_static(),
                volatile: f.is_volatile(),
                is_final: f.access & rpf_jvm::classfile::access::FINAL != 0,
            }));
            at = c.super_class;
        }
        fields.into()
    }

    fn class_name(&self, object: u32) -> RString {
        let Some(class) = self.vm.class_of(Ref(object)) else {
            return RString::new();
        };
        let c = self.vm.classes.get(class);
        if c.is_array() {
            rpf_jvm::classfile::descriptor::parse_field(&c.name)
                .map(|t| rpf_jvm::resolve::java_type_name(&t))
                .unwrap_or_else(|| c.java_name())
                .into()
        } else {
            c.java_name().into()
        }
    }

    fn field(&self, object: u32, name: RStr<'_>) -> ROption<JValue> {
        self.field_slot_of(object, name.as_str())
            .map(|slot| to_jvalue(self.vm.field(Ref(object), slot)))
            .into()
    }

    fn statics_object(&self, class: RStr<'_>) -> ROption<u32> {
        self.class_id(class.as_str())
            .and_then(|id| self.vm.state.class_states.get(id as usize))
            .map(|s| s.statics)
            .filter(|r| !r.is_null())
            .map(|r| r.0)
            .into()
    }

    fn static_field(&self, class: RStr<'_>, name: RStr<'_>) -> ROption<JValue> {
        match self.statics_object(class) {
            ROption::RSome(statics) => self.field(statics, name),
            ROption::RNone => ROption::RNone,
        }
    }

    fn array_length(&self, object: u32) -> ROption<u32> {
        self.vm
            .state
            .heap
            .get(Ref(object))
            .and_then(|o| o.data.array_len())
            .map(|n| n as u32)
            .into()
    }

    fn array_element(&self, object: u32, index: u32) -> ROption<JValue> {
        let Some(obj) = self.vm.state.heap.get(Ref(object)) else {
            return ROption::RNone;
        };
        if matches!(obj.data, ObjData::Fields(_)) {
            return ROption::RNone;
        }
        obj.data.load(index as usize).map(to_jvalue).into()
    }

    fn string_value(&self, object: u32) -> ROption<RString> {
        self.vm.string_value(Ref(object)).map(RString::from).into()
    }

    fn has_attributes(&self, object: u32) -> bool {
        let object = Ref(object);
        self.vm.state.heap_attrs.iter().any(|(r, _, _)| r == object)
    }

    fn instance_of(&self, object: u32, class: RStr<'_>) -> bool {
        match (self.vm.class_of(Ref(object)), self.class_id(class.as_str())) {
            (Some(sub), Some(sup)) => self.vm.classes.is_assignable(sub, sup),
            _ => false,
        }
    }

    fn stack_attr(&self, from_top: u32) -> i64 {
        self.running()
            .and_then(|e| Self::operand_index(e, from_top).map(|i| e.attr(i)))
            .unwrap_or(0)
    }

    fn set_stack_attr(&mut self, from_top: u32, attr: i64) {
        self.set_running_attr(|e| Self::operand_index(e, from_top), attr);
    }

    fn local_attr(&self, slot: u32) -> i64 {
        self.running()
            .and_then(|e| Self::local_index(e, slot).map(|i| e.attr(i)))
            .unwrap_or(0)
    }

    fn set_local_attr(&mut self, slot: u32, attr: i64) {
        self.set_running_attr(|e| Self::local_index(e, slot), attr);
    }

    fn field_attr(&self, object: u32, name: RStr<'_>) -> i64 {
        self.field_slot_of(object, name.as_str())
            .map_or(0, |slot| self.vm.state.heap_attrs.get(Ref(object), slot))
    }

    fn set_field_attr(&mut self, object: u32, name: RStr<'_>, attr: i64) {
        if let Some(slot) = self.field_slot_of(object, name.as_str()) {
            self.vm.state.heap_attrs.set(Ref(object), slot, attr);
            self.vm.activate_attributes(attr);
        }
    }

    fn element_attr(&self, array: u32, index: u32) -> i64 {
        self.vm.state.heap_attrs.get(Ref(array), index)
    }

    fn set_element_attr(&mut self, array: u32, index: u32, attr: i64) {
        let len = self.array_length(array).into_option().unwrap_or(0);
        if index < len {
            self.vm.state.heap_attrs.set(Ref(array), index, attr);
            self.vm.activate_attributes(attr);
        }
    }

    fn pop(&mut self) -> JValue {
        let Some(exec) = self.exec_mut() else {
            return JValue::Void;
        };
        if Self::operand_index(exec, 0).is_none() {
            return JValue::Void;
        }
        exec.attrs.truncate(exec.stack.len() - 1);
        exec.stack.pop().map_or(JValue::Void, to_jvalue)
    }

    fn push(&mut self, value: JValue) {
        if let Some(exec) = self.exec_mut() {
            exec.stack.push(from_jvalue(value));
            if !exec.attrs.is_empty() {
                exec.attrs.resize(exec.stack.len(), 0);
            }
        }
    }

    fn set_local(&mut self, slot: u32, value: JValue) {
        let Some(exec) = self.exec_mut() else { return };
        if let Some(i) = Self::local_index(exec, slot) {
            exec.stack[i] = from_jvalue(value);
        }
    }

    fn prepare_class(&mut self, class: RStr<'_>) -> ClassReady {
        if !self.requests.executing {
            return ClassReady::Failed(
                "only a bytecode factory executing an instruction may prepare classes".into(),
            );
        }
        match self.vm.instantiable(&class.as_str().replace('.', "/")) {
            Instantiable::Ready(_) => ClassReady::Ready,
            Instantiable::Uninitialized(c) => {
                self.requests.effects.push(Effect::Initialize(c));
                ClassReady::Initializing
            }
            Instantiable::Failed(reason) => ClassReady::Failed(reason.into()),
        }
    }

    fn new_object(&mut self, class: RStr<'_>) -> ROption<u32> {
        if !self.requests.executing {
            return ROption::RNone;
        }
        match self.vm.instantiable(&class.as_str().replace('.', "/")) {
            Instantiable::Ready(c) => ROption::RSome(self.vm.new_pinned(c).0),
            _ => ROption::RNone,
        }
    }

    fn set_field(&mut self, object: u32, name: RStr<'_>, value: JValue) -> bool {
        if !self.requests.executing {
            return false;
        }
        let holder = Ref(object);
        let Some(slot) = self
            .vm
            .class_of(holder)
            .and_then(|c| self.vm.field_slot(c, name.as_str()))
        else {
            return false;
        };
        let (old, new) = (self.vm.field(holder, slot), from_jvalue(value));
        self.vm.state.heap.write_field(holder, slot, new);
        self.requests
            .effects
            .push(Effect::Stored { holder, old, new });
        true
    }

    fn invoke(&mut self, method: u32) -> bool {
        if !self.requests.executing || !self.method_ok(method) {
            return false;
        }
        self.requests.effects.push(Effect::Interpose(method));
        true
    }

    fn register_choice(&mut self, id: RStr<'_>, values: RVec<JValue>) {
        let choices: Vec<Choice> = values.into_iter().filter_map(to_choice).collect();
        if choices.is_empty() {
            tracing::warn!(component = %self.component, id = id.as_str(), "choice without values ignored");
            return;
        }
        self.requests.choices.push((id.to_string(), choices));
    }

    fn current_choice(&self, id: RStr<'_>, kind: ChoiceKind) -> ROption<JValue> {
        self.current_choices
            .iter()
            .filter(|_| self.vm.regs.first_step)
            .find(|(cid, _)| &**cid == id.as_str())
            .map(|(_, c)| *c)
            .filter(|c| choice_is(*c, kind))
            .map(choice_value)
            .into()
    }

    fn transition_choices(&self) -> RString {
        let mut text = String::new();
        for (i, (id, c)) in self.current_choices.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            text.push_str(&format!("{separator}{id}={c}"));
        }
        text.into()
    }

    fn search_depth(&self) -> u32 {
        self.depth
    }

    fn config(&self, key: RStr<'_>) -> ROption<RString> {
        self.config.get(key.as_str()).map(RString::from).into()
    }

    fn ignore_state(&mut self) {
        self.requests.ignore_state = true;
    }

    fn break_transition(&mut self) {
        self.requests.break_transition = true;
    }

    fn path_attr(&self) -> i64 {
        self.vm.state.path_attr
    }

    fn set_path_attr(&mut self, attr: i64) {
        self.vm.state.path_attr = attr;
    }

    fn report_violation(&mut self, kind: RStr<'_>, message: RStr<'_>) {
        self.requests.violations.push(Reported {
            kind: kind.to_string(),
            message: message.to_string(),
            component: self.component.to_string(),
        });
    }

    fn incomplete(&mut self, reason: RStr<'_>) {
        let reason = format!("{}: {reason}", self.component);
        if !self.requests.incomplete.contains(&reason) {
            tracing::warn!("{reason}");
            self.requests.incomplete.push(reason);
        }
    }

    fn end_search(&mut self) {
        self.requests.end_search = true;
    }

    fn local_name(&self, method: u32, pc: u32, slot: u32) -> ROption<RString> {
        if !self.method_ok(method) {
            return ROption::RNone;
        }
        let code = self.vm.classes.method(method).code.as_ref();
        let slot = u16::try_from(slot).ok();
        code.zip(slot)
            .and_then(|(code, slot)| code.local_name(slot, pc))
            .map(RString::from)
            .into()
    }
}
