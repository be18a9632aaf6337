//! Generalized symbolic execution (`symbolic.lazy`): reference inputs — the receiver of an
//! analysed method, its `sym` reference parameters, and every field of an input object —
//! take their values when the program first reads them, as a choice between `null`, a new
//! input object of the declared class (its fields inputs again), and each input object of a
//! compatible class made before on the path (an alias). Primitive fields become symbolic
//! inputs. A field is an unread input while it carries the [`UNREAD`] attribute; a write
//! replaces that attribute, so a field written before it is read is no input.

use rpf_plugin_api::{code_location, ChoiceKind, ClassReady, Execution, FrameInfo};
use rpf_plugin_api::{HostRef, InsnInfo, JValue};

use crate::expr::{arena, attr_of, expr_of, path_attr_of, Slot, Step, Taken};
use crate::machine::{prune, replace_operand, Decision, Symbolic};
use crate::structure::{input_objects, object_name};

/// The field attribute of an input field not read yet (expression attributes are positive).
pub const UNREAD: i64 = -1;

/// The ChoiceGenerator id of lazy initialization (its values index the alternatives).
const CHOICE: &str = "symbolic.lazy";

/// Whether loaded class `class` belongs to the program (`Some(true)`) or the Java class
/// library (`Some(false)`); only the program's classes are built by lazy initialization.
fn program_class_of(host: &HostRef<'_, '_>, class: &str) -> Option<bool> {
    host.class_methods(class.into())
        .first()
        .and_then(|&m| host.method_info(m).into_option())
        .map(|m| !m.system)
}

/// Whether `class` is a loaded class of the program.
fn program_class(host: &HostRef<'_, '_>, class: &str) -> bool {
    program_class_of(host, class) == Some(true)
}

/// Whether `class` is a loaded class of the Java class library.
fn library_class(host: &HostRef<'_, '_>, class: &str) -> bool {
    program_class_of(host, class) == Some(false)
}

/// A value a reference input may take.
#[derive(Debug, Clone, Copy)]
enum Alternative {
    /// `null`.
    Null,
    /// A new input object of the declared class.
    New,
    /// An input object made before on the path.
    Alias(u32),
}

/// `pkg.Class` of a reference type descriptor, `None` for arrays and primitives.
fn class_of_descriptor(descriptor: &str) -> Option<String> {
    descriptor
        .strip_prefix('L')
        .and_then(|d| d.strip_suffix(';'))
        .map(|d| d.replace('/', "."))
}

impl Symbolic {
    /// Makes `object` an input object of the current path: its instance fields declared by
    /// the program's classes become unread inputs.
    fn add_input_object(&mut self, host: &mut HostRef<'_, '_>, object: u32) {
        let class = host.class_name(object).into_string();
        let path = Self::path(host);
        let extended = arena().extend_path(
            path,
            Step::Object {
                id: object,
                class: class.clone(),
            },
        );
        host.set_path_attr(path_attr_of(Some(extended)));
        for f in host.class_fields(class.as_str().into()) {
            if !f.is_static && program_class(host, &f.class) {
                host.set_field_attr(object, f.name.as_str().into(), UNREAD);
            }
        }
    }

    /// The value of a reference input at `slot` of declared type `descriptor`: `Ok` once it
    /// is decided (the path records it), `Err` with what the factory returns meanwhile (a
    /// choice registered, a class being initialized).
    fn reference_input(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        slot: Slot,
        descriptor: &str,
        what: &str,
    ) -> Result<Option<u32>, Execution> {
        let Some(lazy) = self.lazy.clone() else {
            return Ok(None);
        };
        let path = Self::path(host);
        let objects = input_objects(&arena(), path);
        let class = class_of_descriptor(descriptor);
        let location = code_location(host, at.method, at.pc);
        // The alternatives: null, a new object, then each compatible input object.
        let mut alternatives = vec![Alternative::Null];
        let refused = |host: &mut HostRef<'_, '_>, why: &str| {
            let reason = format!(
                "lazy initialization of {what} at {location} made no new object ({why}); only null and aliases were explored"
            );
            host.incomplete(reason.as_str().into());
        };
        match &class {
            Some(_) if objects.len() as u32 >= lazy.max_objects => {
                let reason = format!(
                    "lazy initialization made at most {} input objects (symbolic.lazy.max_objects); larger structures were not explored",
                    lazy.max_objects
                );
                host.incomplete(reason.as_str().into());
            }
            // Re-executed with a choice made: the class was ready then.
            Some(_)
                if host
                    .current_choice(CHOICE.into(), ChoiceKind::Int)
                    .is_some() =>
            {
                alternatives.push(Alternative::New);
            }
            // Only the program's classes: the class library's objects need their constructors.
            Some(c) if library_class(host, c) => {
                refused(host, &format!("{c} belongs to the class library"));
            }
            Some(c) => match host.prepare_class(c.as_str().into()) {
                ClassReady::Ready if library_class(host, c) => {
                    refused(host, &format!("{c} belongs to the class library"));
                }
                ClassReady::Ready => alternatives.push(Alternative::New),
                ClassReady::Initializing => return Err(Execution::Reexecute),
                ClassReady::Failed(reason) => refused(host, reason.as_str()),
            },
            None => refused(
                host,
                &format!("{} is an array type", crate::methods::java_name(descriptor)),
            ),
        }
        if let Some(c) = &class {
            alternatives.extend(
                objects
                    .iter()
                    .filter(|(id, _)| host.instance_of(*id, c.as_str().into()))
                    .map(|(id, _)| Alternative::Alias(*id)),
            );
        }
        let replayed = self.replay_value(&arena(), path);
        let chosen = match replayed {
            Some(v) => v as usize,
            None => match host
                .current_choice(CHOICE.into(), ChoiceKind::Int)
                .into_option()
            {
                Some(JValue::Int(i)) => i as usize,
                _ if alternatives.len() == 1 => 0,
                _ => {
                    let values = (0..alternatives.len() as i32).map(JValue::Int).collect();
                    host.register_choice(CHOICE.into(), values);
                    return Err(Execution::Reexecute);
                }
            },
        };
        let Some(&alternative) = alternatives.get(chosen) else {
            // A replay whose structure no longer fits: not this path.
            prune(host);
            return Err(Execution::Next);
        };
        let value = match (alternative, &class) {
            (Alternative::Null, _) => None,
            (Alternative::Alias(id), _) => Some(id),
            (Alternative::New, Some(c)) => match host.new_object(c.as_str().into()).into_option() {
                Some(id) => {
                    self.add_input_object(host, id);
                    Some(id)
                }
                None => {
                    prune(host);
                    return Err(Execution::Next);
                }
            },
            (Alternative::New, None) => None,
        };
        let taken = value.map_or(Taken::Null, Taken::Object);
        let extended = arena().extend_path(
            Self::path(host),
            Step::Slot {
                slot,
                taken,
                choice: chosen as u32,
            },
        );
        host.set_path_attr(path_attr_of(Some(extended)));
        Ok(value)
    }

    /// `getfield` of an unread input field: the field takes its input value first.
    pub(crate) fn lazy_getfield(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Execution {
        let JValue::Ref(holder) = host.stack_value(host.current_thread(), 0) else {
            return Execution::Default;
        };
        let name = insn
            .member
            .rsplit_once('.')
            .map_or(insn.member.as_str(), |(_, n)| n)
            .to_string();
        if host.field_attr(holder, name.as_str().into()) != UNREAD {
            return Execution::Default;
        }
        let class = host.class_name(holder).into_string();
        let Some(field) = host
            .class_fields(class.as_str().into())
            .into_iter()
            .find(|f| f.name.as_str() == name && !f.is_static)
        else {
            return Execution::Default;
        };
        let descriptor = field.descriptor.as_str();
        let path = Self::path(host);
        let objects = input_objects(&arena(), path);
        if !objects.iter().any(|(id, _)| *id == holder) {
            // A clone of an input object: its field is the original's input, which no read
            // has taken yet.
            let reason = format!(
                "a copy of a lazily initialized input object read field {name} at {}, before the original did; it saw the field's default value",
                code_location(host, at.method, at.pc)
            );
            host.incomplete(reason.as_str().into());
            return Execution::Default;
        }
        let holder_name = object_name(&objects, holder);
        let slot = Slot::Field {
            holder,
            field: name.clone(),
        };
        let what = format!("field {holder_name}.{name}");
        if descriptor.starts_with('L') || descriptor.starts_with('[') {
            let value = match self.reference_input(host, at, slot, descriptor, &what) {
                Ok(v) => v,
                Err(execution) => return execution,
            };
            let java = value.map_or(JValue::Null, JValue::Ref);
            host.set_field(holder, name.as_str().into(), java);
            host.set_field_attr(holder, name.as_str().into(), 0);
            return Execution::Default;
        }
        let origin = format!(
            "a field of input object {holder_name} ({class}), read at {}",
            code_location(host, at.method, at.pc)
        );
        let mut a = arena();
        let (extended, _, e) = self.new_input(
            &mut a,
            path,
            format!("{holder_name}.{name}"),
            descriptor,
            origin,
        );
        let extended = a.extend_path(
            Some(extended),
            Step::Slot {
                slot,
                taken: Taken::Value(e),
                choice: 0,
            },
        );
        let constant = a.constant_value(e).map(|c| Self::value(a.width(e), c));
        drop(a);
        host.set_path_attr(path_attr_of(Some(extended)));
        match constant {
            Some(v) => {
                host.set_field(holder, name.as_str().into(), v);
                host.set_field_attr(holder, name.as_str().into(), 0);
            }
            None => host.set_field_attr(holder, name.as_str().into(), attr_of(e)),
        }
        Execution::Default
    }

    /// At a call of an analysed method: its receiver becomes an input object and each
    /// `sym` reference parameter (`(index, operand from the top, descriptor)`) takes its
    /// input value, one per execution of the call instruction. `Err`: what the factory
    /// returns until all are decided.
    pub(crate) fn lazy_entry(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        params: &[(u32, u32, String)],
        receiver_from_top: Option<u32>,
    ) -> Result<(), Execution> {
        if self.lazy.is_none() {
            return Ok(());
        }
        if let Some(from_top) = receiver_from_top {
            if let JValue::Ref(r) = host.stack_value(host.current_thread(), from_top) {
                let known = input_objects(&arena(), Self::path(host))
                    .iter()
                    .any(|(id, _)| *id == r);
                if !known {
                    self.add_input_object(host, r);
                }
            }
        }
        for (index, from_top, descriptor) in params {
            let decided = arena()
                .steps(Self::path(host))
                .iter()
                .rev()
                .take_while(|(_, s)| !matches!(s, Step::Call { .. }))
                .any(|(_, s)| matches!(s, Step::Slot { slot: Slot::Param(i), .. } if i == index));
            if decided {
                continue;
            }
            let what = format!("reference parameter {index}");
            let value = self.reference_input(host, at, Slot::Param(*index), descriptor, &what)?;
            replace_operand(host, *from_top, value.map_or(JValue::Null, JValue::Ref));
        }
        Ok(())
    }

    /// Whether a precondition call began and its result is now on the operand stack.
    pub(crate) fn precondition_pending(&self, host: &HostRef<'_, '_>) -> bool {
        if self.lazy.as_ref().is_none_or(|l| l.precondition.is_none()) {
            return false;
        }
        arena()
            .steps(Self::path(host))
            .iter()
            .rev()
            .find_map(|(_, s)| match s {
                Step::Call { .. } => Some(false),
                Step::Precondition { done } => Some(!done),
                _ => None,
            })
            .unwrap_or(false)
    }

    /// Calls the precondition on the analysed method's first reference input (the operand
    /// `from_top`), if one is configured; `Err(Reexecute)` once it is called.
    pub(crate) fn call_precondition(
        &mut self,
        host: &mut HostRef<'_, '_>,
        analysed_class: &str,
        from_top: Option<u32>,
    ) -> Result<(), Execution> {
        let Some((class, name)) = self.lazy.as_ref().and_then(|l| l.precondition.clone()) else {
            return Ok(());
        };
        let Some(from_top) = from_top else {
            self.methods.warnings.insert(format!(
                "the precondition {class}.{name} needs a receiver or sym reference parameter of {analysed_class}; not called"
            ));
            return Ok(());
        };
        let argument = host.stack_value(host.current_thread(), from_top);
        // An instance method `boolean m()` or a static `boolean m(T)`.
        let method = host
            .class_methods(class.as_str().into())
            .into_iter()
            .find(|&m| {
                host.method_info(m).into_option().is_some_and(|info| {
                    info.name.as_str() == name
                        && info.descriptor.as_str().ends_with(")Z")
                        && parameter_count(info.descriptor.as_str()) == usize::from(info.is_static)
                })
            });
        let Some(method) = method else {
            self.methods.warnings.insert(format!(
                "symbolic.lazy.precondition: no method boolean {name}() or static boolean {name}(x) in {class}; inputs were not filtered"
            ));
            return Ok(());
        };
        if argument == JValue::Null {
            // No structure to check (a null input): the precondition does not apply.
            return Ok(());
        }
        host.push(argument);
        if !host.invoke(method) {
            host.pop();
            return Ok(());
        }
        let extended = arena().extend_path(Self::path(host), Step::Precondition { done: false });
        host.set_path_attr(path_attr_of(Some(extended)));
        Err(Execution::Reexecute)
    }

    /// The precondition returned (its result on top of the operand stack): the path goes on
    /// to call the analysed method only where it returned true.
    pub(crate) fn precondition_result(
        &mut self,
        host: &mut HostRef<'_, '_>,
    ) -> Result<(), Execution> {
        let holds = match expr_of(host.stack_attr(0)) {
            None => host.stack_value(host.current_thread(), 0) != JValue::Int(0),
            Some(_) => match self.truth(host) {
                Decision::Take(outcome) => outcome == 0,
                Decision::Choose => return Err(Execution::Reexecute),
                Decision::Infeasible => return Err(Execution::Next),
            },
        };
        if !holds {
            prune(host);
            return Err(Execution::Next);
        }
        host.pop();
        let extended = arena().extend_path(Self::path(host), Step::Precondition { done: true });
        host.set_path_attr(path_attr_of(Some(extended)));
        Ok(())
    }
}

/// How many parameters a method descriptor declares.
fn parameter_count(descriptor: &str) -> usize {
    rpf_plugin_api::parameter_types(descriptor).len()
}
