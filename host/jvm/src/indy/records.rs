//! `ObjectMethods.bootstrap`: a record's `toString`, `hashCode` and `equals`, generated with
//! the same semantics as the JDK's method-handle trees (`Name[a=1, b=x]`, `31 * h + hash(c)`,
//! component-wise equality with `Float.compare`/`Double.compare` for floating point).

use crate::assembler::{wrapper_of, Asm};
use crate::class::CallSite;
use crate::classfile::{access, descriptor, Cond, Constant, FieldType, Insn, MemberRef};
use crate::classpath::Loader;
use crate::indy::{Bind, Bootstrap};
use crate::loader::SyntheticClass;
use crate::machine::Machine;
use crate::vm::Vm;

const SB: &str = "java/lang/StringBuilder";

fn getter_field(asm: &mut Asm, m: &MemberRef) -> Insn {
    Insn::GetField(asm.field(&m.class, &m.name, &m.desc))
}

impl<M: Machine> Vm<M> {
    pub(super) fn bind_object_method(&mut self, b: &Bootstrap<'_>) -> Bind {
        let Some(Constant::Class(record)) = b.args.first().cloned() else {
            return Err("ObjectMethods without the record class".into());
        };
        let names: Vec<String> = match b.args.get(1) {
            Some(Constant::String(s)) => {
                let text = String::from_utf16_lossy(s);
                if text.is_empty() {
                    Vec::new()
                } else {
                    text.split(';').map(String::from).collect()
                }
            }
            _ => return Err("ObjectMethods without component names".into()),
        };
        let getters: Vec<MemberRef> = b.args[2..]
            .iter()
            .map(|c| match c {
                Constant::MethodHandle { member, .. } => Ok(member.clone()),
                _ => Err("ObjectMethods getter is not a method handle".to_string()),
            })
            .collect::<Result<_, _>>()?;
        let mut asm = Asm::new();
        match &*b.name {
            "toString" => {
                let simple = record
                    .rsplit(['/', '$'])
                    .next()
                    .unwrap_or(&record)
                    .to_string();
                let sb = asm.class(SB);
                asm.emit(Insn::New(sb));
                asm.emit(Insn::Dup);
                asm.invokespecial(SB, "<init>", "()V", false);
                for (i, g) in getters.iter().enumerate() {
                    let prefix = format!(
                        "{}{}=",
                        if i == 0 {
                            format!("{simple}[")
                        } else {
                            ", ".to_string()
                        },
                        names.get(i).map(String::as_str).unwrap_or("?")
                    );
                    let s = asm.string(&prefix.encode_utf16().collect::<Vec<_>>());
                    asm.emit(Insn::Ldc(s));
                    asm.invokevirtual(
                        SB,
                        "append",
                        "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                    );
                    asm.load(0);
                    let get = getter_field(&mut asm, g);
                    asm.emit(get);
                    let t = descriptor::parse_field(&g.desc).ok_or("bad component type")?;
                    let append = match t {
                        FieldType::Object(ref n) if &**n == "java/lang/String" => {
                            "(Ljava/lang/String;)Ljava/lang/StringBuilder;".to_string()
                        }
                        ref r if r.is_reference() => {
                            "(Ljava/lang/Object;)Ljava/lang/StringBuilder;".to_string()
                        }
                        FieldType::Byte | FieldType::Short => {
                            "(I)Ljava/lang/StringBuilder;".to_string()
                        }
                        ref p => format!("({})Ljava/lang/StringBuilder;", p.descriptor()),
                    };
                    asm.invokevirtual(SB, "append", &append);
                }
                let close = if getters.is_empty() {
                    format!("{simple}[]")
                } else {
                    "]".to_string()
                };
                let s = asm.string(&close.encode_utf16().collect::<Vec<_>>());
                asm.emit(Insn::Ldc(s));
                asm.invokevirtual(
                    SB,
                    "append",
                    "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                );
                asm.invokevirtual(SB, "toString", "()Ljava/lang/String;");
                asm.emit(Insn::ReturnValue);
            }
            "hashCode" => {
                asm.emit(Insn::Iconst(0));
                for g in &getters {
                    asm.emit(Insn::Iconst(31));
                    asm.emit(Insn::Imul);
                    asm.load(0);
                    let get = getter_field(&mut asm, g);
                    asm.emit(get);
                    let t = descriptor::parse_field(&g.desc).ok_or("bad component type")?;
                    if t.is_reference() {
                        asm.invokestatic(
                            "java/util/Objects",
                            "hashCode",
                            "(Ljava/lang/Object;)I",
                            false,
                        );
                    } else {
                        let (wrapper, prim) = wrapper_of(&t);
                        asm.invokestatic(wrapper, "hashCode", &format!("({prim})I"), false);
                    }
                    asm.emit(Insn::Iadd);
                }
                asm.emit(Insn::ReturnValue);
            }
            "equals" => {
                // this == other -> true; !(other instanceof R) -> false; then each component.
                let mut to_false = Vec::new();
                asm.load(0);
                asm.load(1);
                let same = asm.emit(Insn::Nop);
                asm.load(1);
                let rc = asm.class(&record);
                asm.emit(Insn::InstanceOf(rc));
                to_false.push(asm.emit(Insn::Nop));
                for g in &getters {
                    let t = descriptor::parse_field(&g.desc).ok_or("bad component type")?;
                    asm.load(0);
                    let get = getter_field(&mut asm, g);
                    asm.emit(get);
                    asm.load(1);
                    asm.checkcast(&record);
                    let get = getter_field(&mut asm, g);
                    asm.emit(get);
                    match t {
                        FieldType::Float => {
                            asm.invokestatic("java/lang/Float", "compare", "(FF)I", false);
                            to_false.push(asm.emit(Insn::Nop));
                        }
                        FieldType::Double => {
                            asm.invokestatic("java/lang/Double", "compare", "(DD)I", false);
                            to_false.push(asm.emit(Insn::Nop));
                        }
                        FieldType::Long => {
                            asm.emit(Insn::Lcmp);
                            to_false.push(asm.emit(Insn::Nop));
                        }
                        ref r if r.is_reference() => {
                            asm.invokestatic(
                                "java/util/Objects",
                                "equals",
                                "(Ljava/lang/Object;Ljava/lang/Object;)Z",
                                false,
                            );
                            asm.emit(Insn::Iconst(1));
                            asm.emit(Insn::Ixor);
                            to_false.push(asm.emit(Insn::Nop));
                        }
                        _ => {
                            asm.emit(Insn::Isub);
                            to_false.push(asm.emit(Insn::Nop));
                        }
                    }
                }
                let true_at = asm.here();
                asm.emit(Insn::Iconst(1));
                asm.emit(Insn::ReturnValue);
                let false_at = asm.here();
                asm.emit(Insn::Iconst(0));
                asm.emit(Insn::ReturnValue);
                asm.patch(same, Insn::IfAcmpEq(true_at));
                let (first, rest) = to_false.split_first().ok_or("no instanceof check")?;
                asm.patch(*first, Insn::If(Cond::Eq, false_at));
                for &at in rest {
                    asm.patch(at, Insn::If(Cond::Ne, false_at));
                }
            }
            other => return Err(format!("ObjectMethods cannot generate {other}")),
        }
        let method = asm.finish(&b.name, &b.desc, access::PUBLIC | access::STATIC);
        let object = self
            .classes
            .load("java/lang/Object")
            .map_err(|e| e.to_string())?;
        let spec = SyntheticClass {
            name: format!("{record}$$RecordMethods${}", b.index),
            super_class: object,
            interfaces: Vec::new(),
            fields: Vec::new(),
            methods: vec![method],
            pool: asm.pool,
            loader: Loader::Boot,
        };
        let entry = b.name.to_string();
        let (class, m) = self.define_with_entry(spec, &entry)?;
        self.mark_initialized(class);
        Ok(CallSite::Method(m))
    }
}
