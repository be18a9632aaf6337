//! invokedynamic: rpf implements the bootstraps javac uses (string concatenation, lambdas and
//! method references, records' ObjectMethods, switch patterns) by generating ordinary
//! methods and classes, so no method-handle machinery is interpreted.

mod concat;
mod lambda;
mod records;
mod switches;

use std::rc::Rc;

use super::class::{Class, ClassId, MethodId};
use super::loader::SyntheticClass;
use super::thread::{Exec, FrameKind};
use crate::class::CallSite;
use crate::class::Resolved;
use crate::classfile::{Constant, MemberRef};
use crate::flow::Flow;
use crate::machine::Machine;
use crate::vm::Vm;

/// A linkage failure of a call site, reported as BootstrapMethodError.
pub(crate) type Bind = Result<CallSite, String>;

/// A bootstrap method handle and its static arguments, as read from the constant pool.
pub(crate) struct Bootstrap<'a> {
    pub class: &'a Rc<Class>,
    /// The call site's constant pool index (which, with the class, names what rpf
    /// generates for it).
    pub index: u16,
    pub handle: MemberRef,
    pub args: Vec<Constant>,
    pub name: Rc<str>,
    pub desc: Rc<str>,
}

impl<M: Machine> Vm<M> {
    pub(crate) fn op_invokedynamic(
        &mut self,
        exec: &mut Exec,
        class: &Rc<Class>,
        index: u16,
    ) -> Flow {
        let site = match class.cache.get(usize::from(index)).and_then(|c| c.get()) {
            Some(Resolved::CallSite(site)) => site.clone(),
            _ => match self.bind_call_site_noted(class, index) {
                Ok(site) => {
                    if let Some(cell) = class.cache.get(usize::from(index)) {
                        let _ = cell.set(Resolved::CallSite(site.clone()));
                    }
                    site
                }
                Err(message) => {
                    return self.throw_new(exec, "java/lang/BootstrapMethodError", Some(message));
                }
            },
        };
        // A generated class is initialized on first use in each state, as any class is
        // (class states are part of the program state), even where its method does not run.
        let generated = match site {
            CallSite::Method(m) | CallSite::Concat { fallback: m, .. } => {
                Some(self.classes.method(m).class)
            }
            CallSite::Switch(_) => None,
        };
        if let Some(class) = generated {
            if !self.ensure_initialized(exec, class)? {
                return Ok(());
            }
        }
        match site {
            CallSite::Method(m) => self.call(exec, m, FrameKind::Call),
            CallSite::Switch(labels) => self.run_switch(exec, &labels),
            CallSite::Concat { parts, fallback } => self.op_concat(exec, &parts, fallback),
        }
    }

    /// [`bind_call_site`](Self::bind_call_site) in a transition, which footprints cannot
    /// describe (binding runs bootstrap code and caches the call site for every state).
    fn bind_call_site_noted(&mut self, class: &Rc<Class>, index: u16) -> Bind {
        M::untracked(self);
        self.bind_call_site(class, index)
    }

    fn bind_call_site(&mut self, class: &Rc<Class>, index: u16) -> Bind {
        let Some(Constant::InvokeDynamic {
            bootstrap,
            name,
            desc,
        }) = class.pool.get(usize::from(index)).cloned()
        else {
            return Err("bad invokedynamic constant".into());
        };
        let entry = class
            .attrs
            .bootstrap_methods
            .get(usize::from(bootstrap))
            .ok_or("bootstrap method index out of range")?;
        let Some(Constant::MethodHandle { member, .. }) =
            class.pool.get(usize::from(entry.method)).cloned()
        else {
            return Err("bootstrap method is not a method handle".into());
        };
        let args = entry
            .args
            .iter()
            .map(|&a| {
                class
                    .pool
                    .get(usize::from(a))
                    .cloned()
                    .unwrap_or(Constant::Unusable)
            })
            .collect();
        let b = Bootstrap {
            class,
            index,
            handle: member,
            args,
            name,
            desc,
        };
        match (&*b.handle.class, &*b.handle.name) {
            ("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants") => {
                self.bind_concat(&b, true)
            }
            ("java/lang/invoke/StringConcatFactory", "makeConcat") => self.bind_concat(&b, false),
            ("java/lang/invoke/LambdaMetafactory", "metafactory") => self.bind_lambda(&b, false),
            ("java/lang/invoke/LambdaMetafactory", "altMetafactory") => self.bind_lambda(&b, true),
            ("java/lang/runtime/ObjectMethods", "bootstrap") => self.bind_object_method(&b),
            ("java/lang/runtime/SwitchBootstraps", "typeSwitch" | "enumSwitch") => {
                self.bind_switch(&b)
            }
            (c, n) => Err(format!(
                "rpf does not support the bootstrap method {}.{} (call site {}{})",
                c.replace('/', "."),
                n,
                b.name,
                b.desc
            )),
        }
    }

    /// Defines a synthetic class and returns it with the id of its method named `entry`.
    pub(crate) fn define_with_entry(
        &mut self,
        spec: SyntheticClass,
        entry: &str,
    ) -> Result<(ClassId, MethodId), String> {
        let name = spec.name.clone();
        let id = self.classes.define_synthetic(spec);
        let method = self
            .classes
            .get(id)
            .methods
            .iter()
            .copied()
            .find(|&m| &*self.classes.method(m).name == entry)
            .ok_or_else(|| format!("synthesized class {name} lacks {entry}"))?;
        Ok((id, method))
    }

    /// The name of the class rpf synthesizes for call site `b`: `base` plus what identifies
    /// the site, so that the name (and the class's key) is the same in every VM whatever
    /// order call sites were bound in.
    pub(crate) fn site_class_name(b: &Bootstrap<'_>, base: &str) -> String {
        format!("{base}{}${}", b.class.name.replace('/', "$"), b.index)
    }

    /// `ldc` of MethodType, MethodHandle or a dynamic constant.
    pub(crate) fn ldc_dynamic(&mut self, exec: &mut Exec, class: &Rc<Class>, index: u16) -> Flow {
        let what = match class.pool.get(usize::from(index)) {
            Some(Constant::MethodType(d)) => format!("MethodType {d}"),
            Some(Constant::MethodHandle { member, .. }) => {
                format!("MethodHandle {}.{}", member.class, member.name)
            }
            Some(Constant::Dynamic { name, .. }) => format!("dynamic constant {name}"),
            _ => "constant".to_string(),
        };
        self.throw_new(
            exec,
            "java/lang/UnsupportedOperationException",
            Some(format!("rpf does not support ldc of {what}")),
        )
    }
}
