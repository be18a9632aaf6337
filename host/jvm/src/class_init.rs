//! Class initialization (JVMS §5.5): static constants, superclass and default-method
//! superinterface initialization, `<clinit>` frames, and threads waiting for another thread's
//! initialization to finish.

use super::class::ClassId;
use super::thread::{Exec, FrameKind, Status};
use super::value::Value;
use crate::classfile::Constant;
use crate::flow::Stop;
use crate::machine::Machine;
use crate::state::InitState;
use crate::vm::Vm;

impl<M: Machine> Vm<M> {
    /// Whether `class` is initialized (in this state).
    #[inline(always)]
    pub(crate) fn initialized(&self, class: ClassId) -> bool {
        crate::state::initialized(&self.state.class_states, class)
    }

    /// Makes sure `class` is initialized before its use by the current instruction.
    ///
    /// `Ok(true)`: ready, proceed. `Ok(false)`: initializer frames were pushed or an error
    /// was thrown; the instruction re-executes or unwinds. `Err`: the thread must wait
    /// (`Stop::Blocked`), or the machine ends the transition before the initialization
    /// starts (`Stop::Break`).
    #[inline(always)]
    pub(crate) fn ensure_initialized(
        &mut self,
        exec: &mut Exec,
        class: ClassId,
    ) -> Result<bool, Stop> {
        if self.initialized(class) {
            return Ok(true);
        }
        self.initialize_for_use(exec, class)
    }

    /// [`ensure_initialized`](Self::ensure_initialized) of a class not initialized yet.
    #[inline(never)]
    fn initialize_for_use(&mut self, exec: &mut Exec, class: ClassId) -> Result<bool, Stop> {
        let me = self.state.current as u32;
        match self.class_state_of(class).init {
            InitState::Done => return Ok(true),
            InitState::InProgress(t) if t == me => return Ok(true),
            _ => {}
        }
        let mut order = Vec::new();
        self.init_order(class, &mut order);
        for &c in &order {
            match self.class_state_of(c).init {
                InitState::InProgress(t) if t != me => {
                    let me = self.state.current;
                    self.state.threads[me].status = Status::ClassInit(c);
                    return Err(Stop::Blocked);
                }
                InitState::Failed => {
                    let name = self.classes.get(c).java_name();
                    self.throw_new(
                        exec,
                        "java/lang/NoClassDefFoundError",
                        Some(format!("Could not initialize class {name}")),
                    )?;
                    return Ok(false);
                }
                _ => {}
            }
        }
        if M::EXPLORES && M::before_initializing(self, exec, &order) {
            return Err(Stop::Break);
        }
        for &c in order.iter().rev() {
            if self.class_state_of(c).init != InitState::Uninit {
                continue;
            }
            self.class_state(c).init = InitState::InProgress(me);
            self.apply_constants(c);
            match self.classes.get(c).clinit {
                Some(clinit) => self.call(exec, clinit, FrameKind::ClassInit(c))?,
                None => self.finish_init(c, true),
            }
        }
        Ok(false)
    }

    /// Classes to initialize for `class`, in execution order: superclasses and superinterfaces
    /// with default methods first. Classes already done (or being done by us) are left out.
    fn init_order(&mut self, class: ClassId, order: &mut Vec<ClassId>) {
        let me = self.state.current as u32;
        let state = self.class_state_of(class).init;
        if state == InitState::Done || state == InitState::InProgress(me) || order.contains(&class)
        {
            return;
        }
        let c = self.classes.get(class).clone();
        if !c.is_interface() {
            if let Some(s) = c.super_class {
                self.init_order(s, order);
            }
            for &i in c.interfaces.iter() {
                self.interface_init_order(i, order);
            }
        }
        order.push(class);
    }

    fn interface_init_order(&mut self, iface: ClassId, order: &mut Vec<ClassId>) {
        let c = self.classes.get(iface).clone();
        for &i in c.interfaces.iter() {
            self.interface_init_order(i, order);
        }
        let has_defaults = c.methods.iter().any(|&m| {
            let m = self.classes.method(m);
            !m.is_static() && !m.is_abstract() && !m.name.starts_with('<')
        });
        if has_defaults {
            self.init_order(iface, order);
        }
    }

    /// Sets `static final` fields that have a ConstantValue attribute.
    fn apply_constants(&mut self, class: ClassId) {
        let c = self.classes.get(class).clone();
        for f in c.fields.iter().filter(|f| f.is_static()) {
            let Some(index) = f.constant else { continue };
            let value = match c.pool.get(usize::from(index)) {
                Some(Constant::Int(v)) => Value::Int(*v),
                Some(Constant::Long(v)) => Value::Long(*v),
                Some(Constant::Float(v)) => Value::Float(*v),
                Some(Constant::Double(v)) => Value::Double(*v),
                Some(Constant::String(units)) => Value::Ref(self.intern(units)),
                _ => continue,
            };
            let statics = self.statics(class);
            self.set_field(statics, f.slot, value);
        }
    }

    /// Records the end of `class`'s initialization and releases threads waiting for it.
    pub(crate) fn finish_init(&mut self, class: ClassId, success: bool) {
        self.class_state(class).init = if success {
            InitState::Done
        } else {
            InitState::Failed
        };
        for t in 0..self.state.threads.len() {
            if self.state.threads[t].status == Status::ClassInit(class) {
                self.state.threads[t].status = Status::Runnable;
            }
        }
    }

    /// Marks a class initialized without running anything (VM bootstrap of trivial classes).
    pub fn mark_initialized(&mut self, class: ClassId) {
        self.apply_constants(class);
        self.class_state(class).init = InitState::Done;
    }
}
