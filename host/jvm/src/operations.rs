//! Instructions that resolve symbolic references, call methods, allocate, or return.

use std::cell::Cell;
use std::rc::Rc;

use super::allocation::OutOfMemory;
use super::class::{
    empty_special, empty_special_entries, is_receiver_key, ready_pure, ready_pure_op, Body, Class,
    ClassId, ClassKind, Method, MethodId, EMPTY_SITE, NO_SITE, PURE_CALL, SPECIAL_CALL,
    STATIC_CALL,
};
use super::heap::{instance_footprint, ObjData};
use super::loader::LinkError;
use super::machine::{Access, Machine};
use super::thread::{Exec, FrameKind};
use super::value::ElemKind;
use super::value::{Ref, Value};
use crate::class::{FieldRef, Resolved};
use crate::classfile::{Constant, Insn};
use crate::flow::Flow;
use crate::flow::Stop;
use crate::flow::{NativeExit, Unsupported};
use crate::vm::Jvm;
use crate::vm::Vm;

/// The four invoke instructions that go through method resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// invokevirtual
    Virtual,
    /// invokespecial
    Special,
    /// invokestatic
    Static,
    /// invokeinterface
    Interface,
}

impl Jvm {
    /// invokespecial selection (JVMS 6.5): super calls search from the current class's
    /// superclass; constructors and private methods are called as resolved.
    fn select_special(&self, current: &Rc<Class>, m: &Method) -> MethodId {
        if &*m.name == "<init>" || m.is_private() {
            return m.id;
        }
        let declaring = self.classes.get(m.class);
        if declaring.is_interface()
            || !self.classes.is_subclass(current.id, m.class)
            || current.id == m.class
        {
            return m.id;
        }
        current
            .super_class
            .and_then(|s| self.classes.lookup_in_superclasses(s, &m.name, &m.desc))
            .unwrap_or(m.id)
    }

    /// `'void pkg.Class.name(int)'` for error messages.
    pub(crate) fn describe_method(&self, m: &Method) -> String {
        let ret = m
            .ret
            .as_ref()
            .map(super::resolve::java_type_name)
            .unwrap_or_else(|| "void".into());
        format!("{ret} {}", self.method_signature(m))
    }

    /// `pkg.Class.name(int)`: which method, for reports.
    pub(crate) fn method_signature(&self, m: &Method) -> String {
        let params: Vec<String> = m
            .params
            .iter()
            .map(super::resolve::java_type_name)
            .collect();
        format!(
            "{}.{}({})",
            self.classes.get(m.class).java_name(),
            m.name,
            params.join(", ")
        )
    }

    /// HotSpot's ClassCastException message, naming modules and loaders.
    pub(crate) fn cast_message(&self, source: ClassId, target: ClassId) -> String {
        let describe = |id: ClassId| {
            let c = self.classes.get(id);
            match (&c.module, c.loader) {
                (Some(m), crate::classpath::Loader::Boot) => {
                    format!("in module {m} of loader 'bootstrap'")
                }
                _ => "in unnamed module of loader 'app'".to_string(),
            }
        };
        let (s, t) = (self.classes.get(source), self.classes.get(target));
        let (sd, td) = (describe(source), describe(target));
        let tail = if sd == td {
            format!("{} and {} are {}", s.java_name(), t.java_name(), sd)
        } else {
            format!("{} is {}; {} is {}", s.java_name(), sd, t.java_name(), td)
        };
        format!(
            "class {} cannot be cast to class {} ({})",
            s.java_name(),
            t.java_name(),
            tail
        )
    }
}

impl<M: Machine> Vm<M> {
    /// Throws the Java error for a linkage failure.
    pub(crate) fn throw_link_error(&mut self, exec: &mut Exec, e: LinkError) -> Flow {
        self.throw_new(exec, e.error_class, Some(e.message))
    }

    pub(crate) fn op_ldc(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let value = match class.pool.get(usize::from(index)) {
            Some(Constant::Int(v)) => Value::Int(*v),
            Some(Constant::Float(v)) => Value::Float(*v),
            Some(Constant::Long(v)) => Value::Long(*v),
            Some(Constant::Double(v)) => Value::Double(*v),
            Some(Constant::String(units)) => {
                let units = units.clone();
                let r = self.intern(&units);
                // The inner loop pushes it from now on where it is the same in every state.
                if !M::EXPLORES || r.0 < self.state.heap.preexisting() {
                    if let Some(cell) = class.cache.get(usize::from(index)) {
                        let _ = cell.set(Resolved::String(r));
                    }
                }
                Value::Ref(r)
            }
            Some(Constant::Class(_)) => match self.classes.resolve_class(class.id, index) {
                Ok(c) => Value::Ref(self.mirror(c)),
                Err(e) => return self.throw_link_error(exec, e),
            },
            Some(Constant::MethodType(_))
            | Some(Constant::MethodHandle { .. })
            | Some(Constant::Dynamic { .. }) => {
                return self.ldc_dynamic(exec, class, index);
            }
            _ => {
                return self.throw_new(
                    exec,
                    "java/lang/VerifyError",
                    Some(format!("bad ldc index {index}")),
                );
            }
        };
        exec.push(value);
        exec.advance();
        Ok(())
    }

    /// Whether the machine ends the transition before the access to field `f` of `object`
    /// (an instance or the statics object) by code of the class library (`in_system`) or of
    /// the application.
    #[inline]
    fn field_access_breaks(
        &mut self,
        object: Ref,
        f: &FieldRef,
        in_system: bool,
        write: bool,
    ) -> bool {
        M::EXPLORES
            && M::before_access(
                self,
                &Access {
                    object,
                    field: Some((f.class, f.slot)),
                    is_static: f.is_static,
                    is_final: f.is_final,
                    in_system,
                    write,
                },
            )
    }

    /// The field `class`'s pool entry `index` names, resolved (from the resolution cache
    /// without a call when it is there).
    #[inline(always)]
    fn field_ref(
        &mut self,
        class: &Class,
        index: u16,
        want_static: bool,
    ) -> Result<FieldRef, LinkError> {
        match crate::class::resolved_field(&class.cache, index) {
            Some(f) if f.is_static == want_static => Ok(f),
            _ => self.classes.resolve_field(class.id, index, want_static),
        }
    }

    pub(crate) fn op_getfield(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let f = match self.field_ref(class, index, false) {
            Ok(f) => f,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let obj = exec.peek(0).as_ref();
        // Read before the scheduling decision (which a read cannot affect): one heap lookup.
        let Some(fields) = self.state.heap.get(obj).map(|o| o.fields()) else {
            return self.throw_new(exec, "java/lang/NullPointerException", None);
        };
        let v = fields.get(f.slot as usize).copied().unwrap_or_default();
        if self.field_access_breaks(obj, &f, class.system, false) {
            return Err(Stop::Break);
        }
        if M::EXPLORES {
            M::read(self, obj);
        }
        exec.pop();
        exec.push(v);
        self.report_field(exec, false, obj, &f, class.system);
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_putfield(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let f = match self.field_ref(class, index, false) {
            Ok(f) => f,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let obj = exec.peek(1).as_ref();
        if self.state.heap.get(obj).is_none() {
            return self.throw_new(exec, "java/lang/NullPointerException", None);
        }
        if self.field_access_breaks(obj, &f, class.system, true) {
            return Err(Stop::Break);
        }
        let v = exec.pop();
        exec.pop();
        self.set_field(obj, f.slot, v);
        self.report_field(exec, true, obj, &f, class.system);
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_getstatic(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let f = match self.field_ref(class, index, true) {
            Ok(f) => f,
            Err(e) => return self.throw_link_error(exec, e),
        };
        if !self.ensure_initialized(exec, f.class)? {
            return Ok(());
        }
        let holder = self.class_state_of(f.class).statics;
        if self.field_access_breaks(holder, &f, class.system, false) {
            return Err(Stop::Break);
        }
        let statics = self.statics(f.class);
        if M::EXPLORES {
            M::read(self, statics);
        }
        let v = self.field(statics, f.slot);
        exec.push(v);
        self.report_field(exec, false, statics, &f, class.system);
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_putstatic(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let f = match self.field_ref(class, index, true) {
            Ok(f) => f,
            Err(e) => return self.throw_link_error(exec, e),
        };
        if !self.ensure_initialized(exec, f.class)? {
            return Ok(());
        }
        let holder = self.class_state_of(f.class).statics;
        if self.field_access_breaks(holder, &f, class.system, true) {
            return Err(Stop::Break);
        }
        let statics = self.statics(f.class);
        let v = exec.pop();
        self.set_field(statics, f.slot, v);
        if let (true, Value::Ref(r)) = (M::EXPLORES, v) {
            // A static field makes what it refers to reachable from everywhere.
            M::published(self, r);
        }
        self.report_field(exec, true, statics, &f, class.system);
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_invoke(
        &mut self,
        exec: &mut Exec,
        class: &Rc<Class>,
        index: u16,
        kind: Kind,
    ) -> Flow {
        // The call site's inline cache (see `Class::sites`): what resolution checked (the
        // method exists, is static as the instruction says, is not signature-polymorphic)
        // held when the entry was made and holds still, and selection depends only on the
        // receiver's class (on nothing for static and special calls).
        let site = class.sites.get(usize::from(index));
        let cached = site.map_or(EMPTY_SITE, Cell::get);
        let [(key, target), second] = cached;
        if key != NO_SITE.0 {
            let m = self.classes.method(target);
            let (declaring, arg_entries, pure_op) =
                (m.class, usize::from(m.arg_entries), m.meaning.pure);
            let hit = match kind {
                Kind::Static => {
                    let pure = key == PURE_CALL || ready_pure_op(key).is_some();
                    if !M::EXPLORES && pure && self.call_pure(exec, target) {
                        if let (Some(site), Some(op)) = (site, pure_op) {
                            // Its class is initialized now, and stays so: plain execution
                            // never goes back to an earlier state.
                            site.set([(ready_pure(op), target), NO_SITE]);
                        }
                        return Ok(());
                    }
                    (key == STATIC_CALL || pure).then_some(target)
                }
                // A null receiver misses and throws below (class files for Java 10 and
                // earlier call private methods with `invokespecial`, on any receiver).
                Kind::Special => (key == SPECIAL_CALL || empty_special_entries(key).is_some())
                    .then_some(target)
                    .filter(|_| !exec.peek(arg_entries.saturating_sub(1)).as_ref().is_null()),
                Kind::Virtual | Kind::Interface => {
                    // Both entries' methods have the call's descriptor, so the same number of
                    // argument entries. A null receiver misses and throws below.
                    let receiver = exec.peek(arg_entries.saturating_sub(1)).as_ref();
                    match self.class_of(receiver) {
                        Some(c) if c == key => Some(target),
                        Some(c) if c == second.0 => Some(second.1),
                        _ => None,
                    }
                }
            };
            if let Some(target) = hit {
                let declaring = match target == cached[0].1 {
                    true => declaring,
                    false => self.classes.method(target).class,
                };
                return self.invoke_selected(exec, class, kind, declaring, target);
            }
        }
        let resolved = match self.classes.resolve_method(class.id, index) {
            Ok(m) => m,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let m = self.classes.method(resolved);
        let (is_static, declaring, arg_entries) = (m.is_static(), m.class, m.arg_entries);
        if is_static != (kind == Kind::Static) {
            let m = m.clone();
            let message = format!(
                "Expected {} method '{}'",
                if kind == Kind::Static {
                    "static"
                } else {
                    "non-static"
                },
                self.describe_method(&m)
            );
            return self.throw_new(
                exec,
                "java/lang/IncompatibleClassChangeError",
                Some(message),
            );
        }
        if m.polymorphic {
            let (owner, name) = (m.class, m.name.clone());
            let desc = match class.pool.get(usize::from(index)) {
                Some(Constant::MethodRef(r)) => r.desc.clone(),
                _ => m.desc.clone(),
            };
            if M::EXPLORES && M::before_handle_call(self, exec, class, &desc) {
                return Err(Stop::Break);
            }
            return self.invoke_polymorphic(exec, owner, &name, &desc);
        }
        let (key, target) = match kind {
            Kind::Static if m.meaning.pure.is_some() => (PURE_CALL, resolved),
            Kind::Static => (STATIC_CALL, resolved),
            Kind::Special | Kind::Virtual | Kind::Interface => {
                let receiver = exec.peek(usize::from(arg_entries) - 1).as_ref();
                let Some(receiver_class) = self.class_of(receiver) else {
                    return self.throw_new(exec, "java/lang/NullPointerException", None);
                };
                match kind {
                    Kind::Special => {
                        let m = m.clone();
                        let target = self.select_special(class, &m);
                        (self.special_key(target), target)
                    }
                    _ => match self.classes.select(receiver_class, resolved) {
                        Ok(t) => (receiver_class, t),
                        Err(e) => return self.throw_link_error(exec, e),
                    },
                }
            }
        };
        if let Some(site) = site {
            // A receiver class joins the classes seen before; anything else stands alone.
            let previous = match kind {
                Kind::Virtual | Kind::Interface if is_receiver_key(cached[0].0) => cached[0],
                _ => NO_SITE,
            };
            site.set([(key, target), previous]);
        }
        self.invoke_selected(exec, class, kind, declaring, target)
    }

    /// The site key of an `invokespecial` bound to `target`: in plain execution, an
    /// [`empty_special`] key if `target` does nothing (see there).
    fn special_key(&self, target: MethodId) -> ClassId {
        let t = self.classes.method(target);
        let empty = !M::EXPLORES
            && !t.is_synchronized()
            && matches!(t.body(), Body::Code(c) if c.insns.first() == Some(&Insn::Return));
        match u8::try_from(t.arg_entries) {
            Ok(entries @ 1..) if empty => empty_special(entries),
            _ => SPECIAL_CALL,
        }
    }

    /// Calls `target`, selected for the invoke of `kind` at the current instruction of code of
    /// `class`; a static call first initializes `declaring`, the target's class.
    fn invoke_selected(
        &mut self,
        exec: &mut Exec,
        class: &Rc<Class>,
        kind: Kind,
        declaring: ClassId,
        target: MethodId,
    ) -> Flow {
        if kind == Kind::Static && !self.ensure_initialized(exec, declaring)? {
            return Ok(());
        }
        if M::EXPLORES && M::before_call(self, exec, class, target) {
            return Err(Stop::Break);
        }
        self.call(exec, target, FrameKind::Call)
    }

    /// Plain execution's call of pure native `target` (see [`crate::linkage::Pure`]) with its
    /// arguments on the stack, in place: no frame, no bookkeeping of a call, as if it had
    /// returned. `false` (nothing changed) if its class is not initialized yet, which the
    /// full call sees to.
    fn call_pure(&mut self, exec: &mut Exec, target: MethodId) -> bool {
        let m = self.classes.method(target);
        let Some(op) = m.meaning.pure else {
            return false;
        };
        let ready = self.initialized(m.class);
        let floor = exec.top().map_or(0, |f| f.stack_base as usize);
        let Some(at) = exec.stack.len().checked_sub(op.args()) else {
            return false;
        };
        if !ready || at < floor {
            return false;
        }
        let result = op.apply(&exec.stack[at..]);
        exec.stack.truncate(at);
        exec.push(result);
        exec.advance();
        true
    }

    /// Calls method `id` before the running thread's current instruction, with the
    /// arguments on top of its operand stack, for a plugin: when the call returns, its
    /// result is on the stack and the instruction runs again. `Err` if the call could not
    /// begin (the thread must wait for a monitor, or an error was thrown into it).
    pub fn interpose(&mut self, exec: &mut Exec, id: MethodId) -> Flow {
        self.call(exec, id, FrameKind::Interposed)
    }

    /// Calls method `id` with its arguments already on the operand stack.
    pub(crate) fn call(&mut self, exec: &mut Exec, id: MethodId, kind: FrameKind) -> Flow {
        let m = self.classes.method(id).clone();
        let lock = if m.is_synchronized() {
            let obj = if m.is_static() {
                self.mirror(m.class)
            } else {
                exec.peek(usize::from(m.arg_entries) - 1).as_ref()
            };
            if !self.enter_monitor(exec, obj) {
                return Err(Stop::Blocked);
            }
            obj
        } else {
            Ref::NULL
        };
        match m.body() {
            Body::Code(code) => {
                if self.frame_overflows(exec, &m, code) {
                    self.release_lock(exec, lock);
                    return self.throw_stack_overflow(exec);
                }
                self.push_frame(exec, &m, code.max_locals, code.max_stack, kind, lock);
                Ok(())
            }
            Body::Native(f) => self.call_native(exec, &m, f, kind, lock),
            Body::None if m.is_native() && self.classes.get(m.class).system => {
                // A native of the class library rpf does not implement: rpf's gap, not the
                // program's error (an application's own native gets `UnsatisfiedLinkError`,
                // as in `java`).
                self.release_lock(exec, lock);
                let what = format!("native method {}", self.method_signature(&m));
                M::unsupported(self, exec, Unsupported::Feature(what))
            }
            Body::None => {
                self.release_lock(exec, lock);
                let (class, message) = if m.is_abstract() {
                    ("java/lang/AbstractMethodError", self.describe_method(&m))
                } else {
                    (
                        "java/lang/UnsatisfiedLinkError",
                        format!("'{}'", self.describe_method(&m)),
                    )
                };
                self.throw_new(exec, class, Some(message))
            }
        }
    }

    fn release_lock(&mut self, exec: &Exec, lock: Ref) {
        if !lock.is_null() {
            self.exit_monitor(exec, lock);
        }
    }

    fn push_frame(
        &mut self,
        exec: &mut Exec,
        m: &Method,
        max_locals: u16,
        max_stack: u16,
        kind: FrameKind,
        lock: Ref,
    ) {
        exec.push_frame(m, max_locals, max_stack, kind, lock);
        self.report_method(exec, true, m.id);
    }

    fn call_native(
        &mut self,
        exec: &mut Exec,
        m: &Rc<Method>,
        native: crate::linkage::NativeId,
        kind: FrameKind,
        lock: Ref,
    ) -> Flow {
        if M::EXPLORES {
            M::native_call(self, m);
        }
        let f = self.natives[native as usize];
        let base = exec.stack.len().saturating_sub(usize::from(m.arg_entries));
        let mut args = std::mem::take(&mut self.scratch);
        args.clear();
        args.extend_from_slice(&exec.stack[base..]);
        let result = f(self, exec, &args);
        self.scratch = args;
        match result {
            Ok(v) => {
                exec.stack.truncate(base);
                if m.ret.is_some() {
                    exec.push(v);
                }
                self.release_lock(exec, lock);
                self.complete_call(exec, kind, v)
            }
            Err(NativeExit::Block) => {
                self.release_lock(exec, lock);
                Err(Stop::Blocked)
            }
            Err(NativeExit::Reexecute) => {
                self.release_lock(exec, lock);
                Ok(())
            }
            Err(NativeExit::Choice) => {
                self.release_lock(exec, lock);
                Err(Stop::Break)
            }
            Err(NativeExit::Prune) => {
                self.release_lock(exec, lock);
                Err(Stop::Prune)
            }
            Err(NativeExit::Unsupported(what)) => {
                self.release_lock(exec, lock);
                let what = what.in_method(&self.method_signature(m));
                M::unsupported(self, exec, what)
            }
            Err(NativeExit::Bytecode) => {
                self.release_lock(exec, lock);
                match m.code.as_ref() {
                    Some(code) => {
                        let lock = if m.is_synchronized() {
                            // Re-take the monitor for the bytecode body.
                            let obj = if m.is_static() {
                                self.mirror(m.class)
                            } else {
                                exec.peek(usize::from(m.arg_entries) - 1).as_ref()
                            };
                            if !self.enter_monitor(exec, obj) {
                                return Err(Stop::Blocked);
                            }
                            obj
                        } else {
                            Ref::NULL
                        };
                        if self.frame_overflows(exec, m, code) {
                            self.release_lock(exec, lock);
                            return self.throw_stack_overflow(exec);
                        }
                        self.push_frame(exec, m, code.max_locals, code.max_stack, kind, lock);
                        Ok(())
                    }
                    None => self.throw_new(
                        exec,
                        "java/lang/InternalError",
                        Some(format!("{} has no bytecode", m.name)),
                    ),
                }
            }
            Err(NativeExit::Throw(ex)) => {
                exec.stack.truncate(base);
                self.release_lock(exec, lock);
                self.throw(exec, ex)
            }
            Err(NativeExit::ThrowNew(class, message)) => {
                exec.stack.truncate(base);
                self.release_lock(exec, lock);
                // The native's own frame appears on top of the exception's stack trace, as
                // in HotSpot (and keeps NPE messages from describing the caller).
                self.regs.pending_native_frame = Some(m.id);
                self.throw_new(exec, class, message)
            }
            Err(NativeExit::Call(target, call_args)) => {
                exec.stack.truncate(base);
                self.release_lock(exec, lock);
                exec.stack.extend_from_slice(&call_args);
                self.call(exec, target, kind)
            }
            Err(NativeExit::Halt(status)) => {
                self.state.exit_status = Some(status);
                Err(Stop::Halt(status))
            }
            Err(NativeExit::Yield) => {
                exec.stack.truncate(base);
                self.release_lock(exec, lock);
                self.complete_call(exec, kind, Value::Void)?;
                Err(Stop::Yield)
            }
        }
    }

    /// What happens after a call completes without a frame of its own.
    fn complete_call(&mut self, exec: &mut Exec, kind: FrameKind, v: Value) -> Flow {
        match kind {
            FrameKind::Call => {
                exec.advance();
                Ok(())
            }
            FrameKind::Discard => {
                if !matches!(v, Value::Void) {
                    exec.stack.pop();
                }
                exec.advance();
                Ok(())
            }
            FrameKind::Interposed => Ok(()),
            FrameKind::Upcall => {
                if !matches!(v, Value::Void) {
                    exec.stack.pop();
                }
                self.regs.upcall_result = v;
                Err(Stop::UpcallDone)
            }
            FrameKind::ClassInit(c) => {
                self.finish_init(c, true);
                Ok(())
            }
        }
    }

    /// Returns from the top frame; with `value`, the top entry of its operand stack is the
    /// method's result.
    pub(crate) fn op_return(&mut self, exec: &mut Exec, value: bool) -> Flow {
        if let Some(f) = exec.top() {
            let method = f.method;
            self.report_method(exec, false, method);
        }
        let Some(frame) = exec.frames.pop() else {
            return Err(Stop::FramesEmpty);
        };
        let base = frame.locals as usize;
        match frame.kind {
            FrameKind::Call | FrameKind::Interposed if value => exec.collapse_to(base),
            FrameKind::Upcall => {
                let result = exec.stack.last().copied().filter(|_| value);
                self.regs.upcall_result = result.unwrap_or_default();
                exec.stack.truncate(base);
            }
            _ => exec.stack.truncate(base),
        }
        self.release_lock(exec, frame.lock);
        match frame.kind {
            FrameKind::Call | FrameKind::Discard => {
                exec.advance();
                Ok(())
            }
            FrameKind::Interposed => Ok(()),
            FrameKind::ClassInit(c) => {
                self.finish_init(c, true);
                Ok(())
            }
            FrameKind::Upcall => Err(Stop::UpcallDone),
        }
    }

    pub(crate) fn op_new(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let target = match self.classes.resolve_class(class.id, index) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let t = self.classes.get(target);
        if !t.is_instantiable() {
            let name = t.java_name();
            return self.throw_new(exec, "java/lang/InstantiationError", Some(name));
        }
        if !self.ensure_initialized(exec, target)? {
            return Ok(());
        }
        let defaults = self.defaults(target);
        if let Err(oom) = self.make_room(exec, instance_footprint(defaults.len())) {
            return self.throw_out_of_memory(exec, oom);
        }
        let r = self.alloc(target, ObjData::Fields(Box::from(&defaults[..])));
        exec.push(Value::Ref(r));
        exec.advance();
        Ok(())
    }

    /// The array class whose elements are of class `component`.
    pub fn array_class_of(&mut self, component: ClassId) -> Result<ClassId, LinkError> {
        let c = self.classes.get(component);
        let name = match &c.kind {
            ClassKind::Array { .. } => format!("[{}", c.name),
            ClassKind::Primitive(p) => format!("[{p}"),
            ClassKind::Instance => format!("[L{};", c.name),
        };
        self.classes.load(&name)
    }

    fn checked_length(&mut self, exec: &mut Exec, count: i32) -> Result<Option<usize>, Stop> {
        if count < 0 {
            self.throw_new(
                exec,
                "java/lang/NegativeArraySizeException",
                Some(count.to_string()),
            )?;
            return Ok(None);
        }
        Ok(Some(count as usize))
    }

    pub(crate) fn op_newarray(&mut self, exec: &mut Exec, atype: u8) -> Flow {
        let count = exec.peek(0).as_int();
        let Some(len) = self.checked_length(exec, count)? else {
            return Ok(());
        };
        let kind = ElemKind::from_atype(atype).unwrap_or(ElemKind::Int);
        let array_class = match self.classes.load(kind.array_descriptor()) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let r = match self.alloc_array(exec, array_class, kind, len) {
            Ok(r) => r,
            Err(oom) => return self.throw_out_of_memory(exec, oom),
        };
        exec.pop();
        exec.push(Value::Ref(r));
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_anewarray(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let count = exec.peek(0).as_int();
        let component = match self.classes.resolve_class(class.id, index) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let Some(len) = self.checked_length(exec, count)? else {
            return Ok(());
        };
        let array_class = match self.array_class_of(component) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let kind = self.classes.get(array_class).elem_kind();
        let r = match self.alloc_array(exec, array_class, kind, len) {
            Ok(r) => r,
            Err(oom) => return self.throw_out_of_memory(exec, oom),
        };
        exec.pop();
        exec.push(Value::Ref(r));
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_multianewarray(
        &mut self,
        exec: &mut Exec,
        class: &Rc<Class>,
        index: u16,
        dims: u8,
    ) -> Flow {
        let array_class = match self.classes.resolve_class(class.id, index) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let dims = usize::from(dims);
        let counts: Vec<i32> = (0..dims).rev().map(|d| exec.peek(d).as_int()).collect();
        if let Some(&negative) = counts.iter().find(|&&c| c < 0) {
            return self.throw_new(
                exec,
                "java/lang/NegativeArraySizeException",
                Some(negative.to_string()),
            );
        }
        let r = match self.build_multi_array(exec, array_class, &counts) {
            Ok(r) => r,
            Err(oom) => return self.throw_out_of_memory(exec, oom),
        };
        for _ in 0..dims {
            exec.pop();
        }
        exec.push(Value::Ref(r));
        exec.advance();
        Ok(())
    }

    /// The arrays of a `multianewarray` (`counts` non-negative), each within the heap
    /// limit; the arrays built so far stay reachable from `exec` while the rest are made.
    pub(crate) fn build_multi_array(
        &mut self,
        exec: &mut Exec,
        array_class: ClassId,
        counts: &[i32],
    ) -> Result<Ref, OutOfMemory> {
        let len = counts[0] as usize;
        let kind = self.classes.get(array_class).elem_kind();
        let r = self.alloc_array(exec, array_class, kind, len)?;
        let ClassKind::Array { component, .. } = self.classes.get(array_class).kind else {
            return Ok(r);
        };
        if counts.len() > 1 && len > 0 {
            exec.push(Value::Ref(r));
            let filled = (0..len).try_for_each(|i| {
                let sub = self.build_multi_array(exec, component, &counts[1..])?;
                self.state.heap.store_element(r, i, Value::Ref(sub));
                Ok(())
            });
            exec.pop();
            filled?;
        }
        Ok(r)
    }

    pub(crate) fn op_checkcast(
        &mut self,
        exec: &mut Exec,
        class: &Rc<Class>,
        index: u16,
        obj: Ref,
    ) -> Flow {
        let target = match self.classes.resolve_class(class.id, index) {
            Ok(c) => c,
            Err(e) => return self.throw_link_error(exec, e),
        };
        let source = self.class_of(obj).unwrap_or(self.known.object);
        if self.classes.is_assignable(source, target) {
            exec.advance();
            return Ok(());
        }
        let message = self.cast_message(source, target);
        self.throw_new(exec, "java/lang/ClassCastException", Some(message))
    }

    pub(crate) fn op_instanceof(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let obj = exec.peek(0).as_ref();
        let result = if obj.is_null() {
            false
        } else {
            let target = match self.classes.resolve_class(class.id, index) {
                Ok(c) => c,
                Err(e) => return self.throw_link_error(exec, e),
            };
            let source = self.class_of(obj).unwrap_or(self.known.object);
            self.classes.is_assignable(source, target)
        };
        exec.pop();
        exec.push(Value::Int(i32::from(result)));
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_monitorenter(&mut self, exec: &mut Exec, in_system: bool) -> Flow {
        let obj = exec.peek(0).as_ref();
        if obj.is_null() {
            return self.throw_new(exec, "java/lang/NullPointerException", None);
        }
        if M::EXPLORES && M::before_monitor_enter(self, obj, in_system) {
            return Err(Stop::Break);
        }
        if !self.enter_monitor(exec, obj) {
            return Err(Stop::Blocked);
        }
        exec.pop();
        exec.advance();
        Ok(())
    }

    pub(crate) fn op_monitorexit(&mut self, exec: &mut Exec) -> Flow {
        let obj = exec.peek(0).as_ref();
        if obj.is_null() {
            return self.throw_new(exec, "java/lang/NullPointerException", None);
        }
        if !self.owns_monitor(obj) {
            return self.throw_new(exec, "java/lang/IllegalMonitorStateException", None);
        }
        self.exit_monitor(exec, obj);
        exec.pop();
        exec.advance();
        Ok(())
    }

    /// Starts a VM-initiated call of `id` with `args` on the thread whose state is `exec`.
    pub fn push_upcall(&mut self, exec: &mut Exec, id: MethodId, args: &[Value]) -> Flow {
        exec.stack.extend_from_slice(args);
        self.call(exec, id, FrameKind::Upcall)
    }
}
