//! `LambdaMetafactory`: each lambda or method reference call site gets a generated class
//! implementing the functional interface. Captured values become final fields; the interface
//! method loads them and the call's arguments, adapts types (casts, boxing, unboxing,
//! widening) and invokes the implementation method. Non-capturing lambdas are singletons, as
//! in HotSpot.

use crate::assembler::Asm;
use crate::class::CallSite;
use crate::classfile::{
    access, descriptor, Constant, FieldType, Insn, MemberRef, MethodDescriptor,
};
use crate::indy::{Bind, Bootstrap};
use crate::loader::SyntheticClass;
use crate::machine::Machine;
use crate::vm::Vm;

const FLAG_SERIALIZABLE: i32 = 1;
const FLAG_MARKERS: i32 = 2;
const FLAG_BRIDGES: i32 = 4;

/// Reference kinds of method handles (JVMS 5.4.3.5).
const REF_INVOKE_VIRTUAL: u8 = 5;
const REF_INVOKE_STATIC: u8 = 6;
const REF_INVOKE_SPECIAL: u8 = 7;
const REF_NEW_INVOKE_SPECIAL: u8 = 8;
const REF_INVOKE_INTERFACE: u8 = 9;

fn method_type(c: Option<&Constant>) -> Result<MethodDescriptor, String> {
    match c {
        Some(Constant::MethodType(d)) => {
            descriptor::parse_method(d).ok_or_else(|| format!("bad method type {d}"))
        }
        _ => Err("expected a MethodType bootstrap argument".into()),
    }
}

fn method_type_text(c: Option<&Constant>) -> Result<String, String> {
    match c {
        Some(Constant::MethodType(d)) => Ok(d.to_string()),
        _ => Err("expected a MethodType bootstrap argument".into()),
    }
}

impl<M: Machine> Vm<M> {
    pub(super) fn bind_lambda(&mut self, b: &Bootstrap<'_>, alt: bool) -> Bind {
        let site = descriptor::parse_method(&b.desc).ok_or("bad lambda call site descriptor")?;
        let Some(FieldType::Object(iface)) = site.ret.clone() else {
            return Err("lambda call site does not return an interface".into());
        };
        let sam_desc = method_type_text(b.args.first())?;
        let instantiated = method_type(b.args.get(2))?;
        let Some(Constant::MethodHandle { kind, member }) = b.args.get(1).cloned() else {
            return Err("lambda bootstrap without an implementation method handle".into());
        };
        let mut interfaces = vec![iface.to_string()];
        let mut bridges: Vec<String> = Vec::new();
        if alt {
            let flags = match b.args.get(3) {
                Some(Constant::Int(f)) => *f,
                _ => 0,
            };
            if flags & FLAG_SERIALIZABLE != 0 {
                interfaces.push("java/io/Serializable".to_string());
            }
            let mut i = 4;
            let count_at = |i: usize| match b.args.get(i) {
                Some(Constant::Int(n)) => *n as usize,
                _ => 0,
            };
            if flags & FLAG_MARKERS != 0 {
                let n = count_at(i);
                for k in 0..n {
                    if let Some(Constant::Class(c)) = b.args.get(i + 1 + k) {
                        interfaces.push(c.to_string());
                    }
                }
                i += 1 + n;
            }
            if flags & FLAG_BRIDGES != 0 {
                let n = count_at(i);
                for k in 0..n {
                    bridges.push(method_type_text(b.args.get(i + 1 + k))?);
                }
            }
        }
        let host = b.class.name.to_string();
        let name = format!("{host}$$Lambda${}", b.index);
        let captures = site.params.clone();
        let mut asm = Asm::new();
        let mut methods = Vec::new();

        // Constructor storing the captured values.
        let ctor_desc = format!(
            "({})V",
            captures
                .iter()
                .map(FieldType::descriptor)
                .collect::<String>()
        );
        asm.load(0);
        asm.invokespecial("java/lang/Object", "<init>", "()V", false);
        let mut slot = 1u16;
        for (i, t) in captures.iter().enumerate() {
            asm.load(0);
            asm.load(slot);
            let f = asm.field(&name, &format!("cap{i}"), &t.descriptor());
            asm.emit(Insn::PutField(f));
            slot += t.slots();
        }
        asm.emit(Insn::Return);
        methods.push(asm.finish("<init>", &ctor_desc, access::PRIVATE));

        // Factory: a singleton when nothing is captured.
        let factory_desc = b.desc.to_string();
        let this_class = asm.class(&name);
        if captures.is_empty() {
            let instance = asm.field(&name, "INSTANCE", &format!("L{name};"));
            asm.emit(Insn::GetStatic(instance));
            asm.emit(Insn::Dup);
            let branch = asm.emit(Insn::Nop);
            asm.emit(Insn::Pop);
            asm.emit(Insn::New(this_class));
            asm.emit(Insn::Dup);
            asm.invokespecial(&name, "<init>", "()V", false);
            asm.emit(Insn::Dup);
            asm.emit(Insn::PutStatic(instance));
            let done = asm.here();
            asm.patch(branch, Insn::IfNonNull(done));
            asm.emit(Insn::ReturnValue);
        } else {
            asm.emit(Insn::New(this_class));
            asm.emit(Insn::Dup);
            let mut slot = 0u16;
            for t in &captures {
                asm.load(slot);
                slot += t.slots();
            }
            asm.invokespecial(&name, "<init>", &ctor_desc, false);
            asm.emit(Insn::ReturnValue);
        }
        methods.push(asm.finish("create", &factory_desc, access::PUBLIC | access::STATIC));

        // The functional method and its bridges.
        for desc in std::iter::once(sam_desc.clone()).chain(bridges) {
            let sam = descriptor::parse_method(&desc).ok_or("bad functional descriptor")?;
            self.emit_forwarder(
                &mut asm,
                &name,
                &captures,
                &sam,
                &instantiated,
                kind,
                &member,
            )?;
            methods.push(asm.finish(&b.name, &desc, access::PUBLIC));
        }

        let object = self
            .classes
            .load("java/lang/Object")
            .map_err(|e| e.to_string())?;
        let mut interface_ids = Vec::new();
        for i in &interfaces {
            interface_ids.push(self.classes.load(i).map_err(|e| e.to_string())?);
        }
        let mut fields: Vec<(String, FieldType, u16)> = captures
            .iter()
            .enumerate()
            .map(|(i, t)| {
                (
                    format!("cap{i}"),
                    t.clone(),
                    access::PRIVATE | access::FINAL,
                )
            })
            .collect();
        if captures.is_empty() {
            fields.push((
                "INSTANCE".to_string(),
                FieldType::Object(name.as_str().into()),
                access::PRIVATE | access::STATIC,
            ));
        }
        let spec = SyntheticClass {
            name: name.clone(),
            super_class: object,
            interfaces: interface_ids,
            fields,
            methods,
            pool: asm.pool,
            loader: b.class.loader,
        };
        let (class, create) = self.define_with_entry(spec, "create")?;
        self.mark_initialized(class);
        Ok(CallSite::Method(create))
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_forwarder(
        &mut self,
        asm: &mut Asm,
        class: &str,
        captures: &[FieldType],
        sam: &MethodDescriptor,
        instantiated: &MethodDescriptor,
        kind: u8,
        member: &MemberRef,
    ) -> Result<(), String> {
        let imp = descriptor::parse_method(&member.desc).ok_or("bad implementation descriptor")?;
        let has_receiver = matches!(
            kind,
            REF_INVOKE_VIRTUAL | REF_INVOKE_SPECIAL | REF_INVOKE_INTERFACE
        );
        let mut targets: Vec<FieldType> = Vec::new();
        if has_receiver {
            targets.push(FieldType::Object(member.class.clone()));
        }
        targets.extend(imp.params.iter().cloned());
        if captures.len() + sam.params.len() != targets.len() {
            return Err(format!(
                "lambda arity mismatch: {} captured + {} parameters for {}.{}{}",
                captures.len(),
                sam.params.len(),
                member.class,
                member.name,
                member.desc
            ));
        }
        if kind == REF_NEW_INVOKE_SPECIAL {
            let c = asm.class(&member.class);
            asm.emit(Insn::New(c));
            asm.emit(Insn::Dup);
        }
        let mut target = targets.iter();
        for (i, t) in captures.iter().enumerate() {
            asm.load(0);
            let f = asm.field(class, &format!("cap{i}"), &t.descriptor());
            asm.emit(Insn::GetField(f));
            asm.convert(Some(t), target.next());
        }
        let mut slot = 1u16;
        for (i, t) in sam.params.iter().enumerate() {
            asm.load(slot);
            slot += t.slots();
            let via = instantiated.params.get(i).unwrap_or(t);
            let to = target.next();
            if t.is_reference() && via.is_reference() {
                asm.checkcast(&via.class_name());
                asm.convert(Some(via), to);
            } else {
                asm.convert(Some(t), to);
            }
        }
        let returned = match kind {
            REF_INVOKE_STATIC => {
                asm.invokestatic(&member.class, &member.name, &member.desc, member.interface);
                imp.ret.clone()
            }
            REF_INVOKE_VIRTUAL | REF_INVOKE_INTERFACE if member.interface => {
                asm.invokeinterface(&member.class, &member.name, &member.desc);
                imp.ret.clone()
            }
            REF_INVOKE_VIRTUAL => {
                asm.invokevirtual(&member.class, &member.name, &member.desc);
                imp.ret.clone()
            }
            REF_INVOKE_SPECIAL => {
                asm.invokespecial(&member.class, &member.name, &member.desc, member.interface);
                imp.ret.clone()
            }
            REF_NEW_INVOKE_SPECIAL => {
                asm.invokespecial(&member.class, "<init>", &member.desc, false);
                Some(FieldType::Object(member.class.clone()))
            }
            other => return Err(format!("unsupported lambda implementation kind {other}")),
        };
        asm.convert(returned.as_ref(), sam.ret.as_ref());
        asm.emit(if sam.ret.is_some() {
            Insn::ReturnValue
        } else {
            Insn::Return
        });
        Ok(())
    }
}
