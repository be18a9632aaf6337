//! `SwitchBootstraps.typeSwitch` and `enumSwitch` (pattern matching for switch): the call
//! site takes the selector and a restart index and returns the index of the first label at
//! or after the restart index that matches, the label count if none does, or -1 for null.

use crate::class::CallSite;
use crate::class::ClassId;
use crate::class::Label;
use crate::classfile::Constant;
use crate::flow::Flow;
use crate::indy::{Bind, Bootstrap};
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::Value;
use crate::vm::Vm;

impl<M: Machine> Vm<M> {
    pub(super) fn bind_switch(&mut self, b: &Bootstrap<'_>) -> Bind {
        let labels = b
            .args
            .iter()
            .map(|c| match c {
                Constant::Class(n) => Ok(Label::Type(n.clone())),
                Constant::Int(v) => Ok(Label::Int(*v)),
                Constant::String(s) if &*b.handle.name == "enumSwitch" => {
                    Ok(Label::EnumName(s.clone()))
                }
                Constant::String(s) => Ok(Label::Str(s.clone())),
                other => Err(format!("unsupported switch label {other:?}")),
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(CallSite::Switch(labels.into()))
    }

    pub(crate) fn run_switch(&mut self, exec: &mut Exec, labels: &[Label]) -> Flow {
        let restart = exec.pop().as_int();
        let selector = exec.pop().as_ref();
        let result = if selector.is_null() {
            -1
        } else {
            let class = self.class_of(selector).unwrap_or(self.known.object);
            let start = restart.max(0) as usize;
            let mut found = labels.len();
            for (i, label) in labels.iter().enumerate().skip(start) {
                if self.label_matches(label, selector, class) {
                    found = i;
                    break;
                }
            }
            found as i32
        };
        exec.push(Value::Int(result));
        exec.advance();
        Ok(())
    }

    fn label_matches(
        &mut self,
        label: &Label,
        selector: super::super::value::Ref,
        class: ClassId,
    ) -> bool {
        match label {
            Label::Type(name) => self
                .classes
                .load(name)
                .is_ok_and(|t| self.classes.is_assignable(class, t)),
            Label::Int(v) => {
                let name = self.classes.get(class).name.clone();
                matches!(
                    &*name,
                    "java/lang/Integer"
                        | "java/lang/Character"
                        | "java/lang/Short"
                        | "java/lang/Byte"
                ) && self.field_by_name(selector, "value").as_int() == *v
            }
            Label::Str(s) => self.string_units(selector).is_some_and(|u| u[..] == s[..]),
            Label::EnumName(s) => {
                let name = self.field_by_name(selector, "name").as_ref();
                self.string_units(name).is_some_and(|u| u[..] == s[..])
            }
        }
    }
}
