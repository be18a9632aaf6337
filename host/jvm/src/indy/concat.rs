//! `StringConcatFactory`: each recipe is joined directly into a new String where its
//! arguments allow (see [`CallSite::Concat`]), and otherwise by a generated static method that
//! appends its parts to a StringBuilder, which formats every type exactly as `String.valueOf`
//! does.

use crate::assembler::Asm;
use crate::class::{CallSite, ConcatArg, ConcatPart, MethodId};
use crate::classfile::{access, descriptor, Constant, FieldType};
use crate::classpath::Loader;
use crate::flow::Flow;
use crate::indy::{Bind, Bootstrap};
use crate::loader::SyntheticClass;
use crate::machine::Machine;
use crate::natives::string::concat;
use crate::thread::{Exec, FrameKind};
use crate::vm::Vm;

const TAG_ARG: u16 = 1;
const TAG_CONST: u16 = 2;
const SB: &str = "java/lang/StringBuilder";

/// How [`CallSite::Concat`] formats an argument of type `t`; `None` for a float or double,
/// whose digits (`Double.toString`'s) only the generated method writes.
fn concat_arg(t: &FieldType) -> Option<ConcatArg> {
    Some(match t {
        FieldType::Boolean => ConcatArg::Boolean,
        FieldType::Char => ConcatArg::Char,
        FieldType::Byte | FieldType::Short | FieldType::Int => ConcatArg::Int,
        FieldType::Long => ConcatArg::Long,
        FieldType::Float | FieldType::Double => return None,
        _ => ConcatArg::Reference,
    })
}

/// The `append` overload StringBuilder uses for an argument of type `t`.
fn append_desc(t: &FieldType) -> &'static str {
    match t {
        FieldType::Boolean => "(Z)Ljava/lang/StringBuilder;",
        FieldType::Char => "(C)Ljava/lang/StringBuilder;",
        FieldType::Byte | FieldType::Short | FieldType::Int => "(I)Ljava/lang/StringBuilder;",
        FieldType::Long => "(J)Ljava/lang/StringBuilder;",
        FieldType::Float => "(F)Ljava/lang/StringBuilder;",
        FieldType::Double => "(D)Ljava/lang/StringBuilder;",
        FieldType::Object(n) if &**n == "java/lang/String" => {
            "(Ljava/lang/String;)Ljava/lang/StringBuilder;"
        }
        _ => "(Ljava/lang/Object;)Ljava/lang/StringBuilder;",
    }
}

impl<M: Machine> Vm<M> {
    pub(super) fn bind_concat(&mut self, b: &Bootstrap<'_>, with_recipe: bool) -> Bind {
        let desc = descriptor::parse_method(&b.desc).ok_or("bad concat descriptor")?;
        let recipe: Vec<u16> = if with_recipe {
            match b.args.first() {
                Some(Constant::String(s)) => s.to_vec(),
                _ => return Err("makeConcatWithConstants without a recipe".into()),
            }
        } else {
            vec![TAG_ARG; desc.params.len()]
        };
        let mut constants = b.args.iter().skip(1);
        let mut asm = Asm::new();
        let sb = asm.class(SB);
        asm.emit(crate::classfile::Insn::New(sb));
        asm.emit(crate::classfile::Insn::Dup);
        asm.invokespecial(SB, "<init>", "()V", false);
        let mut literal: Vec<u16> = Vec::new();
        let mut arg = 0usize;
        let mut slot = 0u16;
        let mut parts = Vec::new();
        let mut direct = true;
        let flush = |asm: &mut Asm, literal: &mut Vec<u16>, parts: &mut Vec<ConcatPart>| {
            if !literal.is_empty() {
                parts.push(ConcatPart::Text {
                    units: literal.as_slice().into(),
                    latin1: literal.iter().all(|&u| u <= 0xFF),
                });
                let s = asm.string(literal);
                asm.emit(crate::classfile::Insn::Ldc(s));
                asm.invokevirtual(
                    SB,
                    "append",
                    "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                );
                literal.clear();
            }
        };
        for &unit in &recipe {
            match unit {
                TAG_ARG => {
                    flush(&mut asm, &mut literal, &mut parts);
                    let t = desc
                        .params
                        .get(arg)
                        .ok_or("recipe has more arguments than the call site")?;
                    match concat_arg(t) {
                        Some(kind) => parts.push(ConcatPart::Arg {
                            entry: arg as u16,
                            kind,
                        }),
                        // A site with a float or double argument always runs the method.
                        None => direct = false,
                    }
                    asm.load(slot);
                    asm.invokevirtual(SB, "append", append_desc(t));
                    slot += t.slots();
                    arg += 1;
                }
                TAG_CONST => match constants.next() {
                    Some(Constant::String(s)) => literal.extend_from_slice(s),
                    Some(Constant::Int(v)) => literal.extend(v.to_string().encode_utf16()),
                    Some(Constant::Long(v)) => literal.extend(v.to_string().encode_utf16()),
                    Some(other) => return Err(format!("unsupported concat constant {other:?}")),
                    None => return Err("recipe has more constants than the bootstrap".into()),
                },
                other => literal.push(other),
            }
        }
        flush(&mut asm, &mut literal, &mut parts);
        asm.invokevirtual(SB, "toString", "()Ljava/lang/String;");
        asm.emit(crate::classfile::Insn::ReturnValue);
        let method = asm.finish("concat", &b.desc, access::PUBLIC | access::STATIC);
        let object = self
            .classes
            .load("java/lang/Object")
            .map_err(|e| e.to_string())?;
        let spec = SyntheticClass {
            name: Self::site_class_name(b, "jdk/internal/rpf/Concat$"),
            super_class: object,
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: vec![method],
            pool: asm.pool,
            loader: Loader::Boot,
        };
        let (class, fallback) = self.define_with_entry(spec, "concat")?;
        self.mark_initialized(class);
        Ok(match direct {
            true => CallSite::Concat {
                parts: parts.into(),
                fallback,
            },
            false => CallSite::Method(fallback),
        })
    }

    /// The call of a concatenation site, whose arguments are on the stack: `parts` joined
    /// directly, or, where that declines, a call of the generated method `fallback`.
    pub(super) fn op_concat(
        &mut self,
        exec: &mut Exec,
        parts: &[ConcatPart],
        fallback: MethodId,
    ) -> Flow {
        let entries = usize::from(self.classes.method(fallback).arg_entries);
        let Some(base) = exec.stack.len().checked_sub(entries) else {
            return self.call(exec, fallback, FrameKind::Call);
        };
        match concat(self, exec, parts, base) {
            Some(joined) => {
                exec.stack.truncate(base);
                exec.push(joined);
                exec.advance();
                Ok(())
            }
            None => self.call(exec, fallback, FrameKind::Call),
        }
    }
}
