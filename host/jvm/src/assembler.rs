//! A small assembler for methods rpf generates itself (string concatenation, lambda proxies,
//! record methods): instructions in rpf's decoded form plus the constant pool they refer to.

use std::rc::Rc;

use crate::classfile::{
    access, descriptor, opcodes, BasicType, Code, Constant, FieldType, Handler, Insn, MemberRef,
    MethodDef,
};

/// Builds one method's code and collects constants into a pool shared by a class.
#[derive(Debug, Default)]
pub struct Asm {
    /// The constant pool being built (index 0 unusable).
    pub pool: Vec<Constant>,
    insns: Vec<Insn>,
    handlers: Vec<Handler>,
}

impl Asm {
    /// A fresh assembler with an empty pool.
    pub fn new() -> Asm {
        Asm {
            pool: vec![Constant::Unusable],
            insns: Vec::new(),
            handlers: Vec::new(),
        }
    }

    fn add(&mut self, c: Constant) -> u16 {
        if let Some(i) = self.pool.iter().position(|e| *e == c) {
            return i as u16;
        }
        self.pool.push(c);
        (self.pool.len() - 1) as u16
    }

    /// Pool index of a method reference.
    pub fn method(&mut self, class: &str, name: &str, desc: &str, interface: bool) -> u16 {
        self.add(Constant::MethodRef(MemberRef {
            class: Rc::from(class),
            name: Rc::from(name),
            desc: Rc::from(desc),
            interface,
        }))
    }

    /// Pool index of a field reference.
    pub fn field(&mut self, class: &str, name: &str, desc: &str) -> u16 {
        self.add(Constant::FieldRef(MemberRef {
            class: Rc::from(class),
            name: Rc::from(name),
            desc: Rc::from(desc),
            interface: false,
        }))
    }

    /// Pool index of a class reference.
    pub fn class(&mut self, name: &str) -> u16 {
        self.add(Constant::Class(Rc::from(name)))
    }

    /// Pool index of a string literal.
    pub fn string(&mut self, units: &[u16]) -> u16 {
        self.add(Constant::String(Rc::from(units)))
    }

    /// Appends an instruction; returns its index (for branch patching).
    pub fn emit(&mut self, insn: Insn) -> u32 {
        self.insns.push(insn);
        (self.insns.len() - 1) as u32
    }

    /// Index the next instruction will get.
    pub fn here(&self) -> u32 {
        self.insns.len() as u32
    }

    /// Replaces the instruction at `at` (to fill in a forward branch target).
    pub fn patch(&mut self, at: u32, insn: Insn) {
        self.insns[at as usize] = insn;
    }

    /// Adds an exception handler over instructions `start..end` (`catch_class` None = any).
    pub fn handler(&mut self, start: u32, end: u32, handler: u32, catch_class: Option<&str>) {
        let catch_type = catch_class.map(|c| self.class(c)).unwrap_or(0);
        self.handlers.push(Handler {
            start,
            end,
            handler,
            catch_type,
        });
    }

    /// Emits the load of local `slot` (any type).
    pub fn load(&mut self, slot: u16) {
        self.emit(Insn::Load(slot));
    }

    /// Emits `invokestatic`.
    pub fn invokestatic(&mut self, class: &str, name: &str, desc: &str, interface: bool) {
        let i = self.method(class, name, desc, interface);
        self.emit(Insn::InvokeStatic(i));
    }

    /// Emits `invokevirtual`.
    pub fn invokevirtual(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.method(class, name, desc, false);
        self.emit(Insn::InvokeVirtual(i));
    }

    /// Emits `invokespecial`.
    pub fn invokespecial(&mut self, class: &str, name: &str, desc: &str, interface: bool) {
        let i = self.method(class, name, desc, interface);
        self.emit(Insn::InvokeSpecial(i));
    }

    /// Emits `invokeinterface`.
    pub fn invokeinterface(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.method(class, name, desc, true);
        self.emit(Insn::InvokeInterface(i));
    }

    /// Emits `checkcast` unless the target is `java/lang/Object`.
    pub fn checkcast(&mut self, class: &str) {
        if class != "java/lang/Object" {
            let i = self.class(class);
            self.emit(Insn::CheckCast(i));
        }
    }

    /// Finishes the current method and starts a new one with the same pool.
    pub fn finish(&mut self, name: &str, desc: &str, access_flags: u16) -> MethodDef {
        let parsed = descriptor::parse_method(desc).unwrap_or(descriptor::MethodDescriptor {
            params: Vec::new(),
            ret: None,
        });
        let is_static = access_flags & access::STATIC != 0;
        let insns = std::mem::take(&mut self.insns);
        // Room for the arguments, two scratch slots and every local the code names (the
        // interpreter relies on locals being in range, as the decoder checks for class files).
        let named = insns.iter().filter_map(|i| i.local()).max();
        let max_locals = (parsed.param_slots() + u16::from(!is_static) + 2)
            .max(named.map_or(0, |l| l.saturating_add(2)));
        let n = insns.len();
        let opcodes = opcodes_of(&insns, &parsed, is_static);
        let code = Code {
            max_stack: 512,
            max_locals,
            run: Default::default(),
            insns: insns.into(),
            offsets: (0..n as u32).collect(),
            opcodes,
            switches: Box::new([]),
            handlers: std::mem::take(&mut self.handlers).into(),
            lines: Box::new([]),
            local_names: Box::new([]),
        };
        MethodDef {
            access: access_flags,
            name: Rc::from(name),
            desc: Rc::from(desc),
            parsed,
            code: Some(code),
            exceptions: Vec::new(),
            signature: None,
        }
    }

    /// Emits the conversion of a value of type `from` on the stack to type `to`, as method
    /// handle adaptation does: boxing, unboxing, primitive widening and casts.
    pub fn convert(&mut self, from: Option<&FieldType>, to: Option<&FieldType>) {
        match (from, to) {
            (None, None) => {}
            (Some(f), None) => {
                self.emit(if f.slots() == 2 {
                    Insn::Pop2
                } else {
                    Insn::Pop
                });
            }
            (None, Some(t)) => {
                if t.is_reference() {
                    self.emit(Insn::AconstNull);
                } else {
                    self.emit(Insn::Iconst(0));
                    self.widen(&FieldType::Int, t);
                }
            }
            (Some(f), Some(t)) => match (f.is_reference(), t.is_reference()) {
                (false, false) => self.widen(f, t),
                (false, true) => {
                    let (wrapper, prim) = wrapper_of(f);
                    let desc = format!("({prim})L{wrapper};");
                    self.invokestatic(wrapper, "valueOf", &desc, false);
                    self.checkcast(&t.class_name());
                }
                (true, false) => {
                    let source = f.class_name();
                    let (wrapper, prim) = match wrapper_prim(&source) {
                        Some(p) => (source.to_string(), p),
                        None => {
                            let (w, p) = wrapper_of(t);
                            (w.to_string(), p)
                        }
                    };
                    self.checkcast(&wrapper);
                    let unboxed = descriptor::parse_field(prim).unwrap_or(FieldType::Int);
                    let method = format!("{}Value", unboxed.primitive_name().unwrap_or("int"));
                    self.invokevirtual(&wrapper, &method, &format!("(){prim}"));
                    self.widen(&unboxed, t);
                }
                (true, true) => self.checkcast(&t.class_name()),
            },
        }
    }

    /// Primitive widening conversion (JLS 5.1.2) from `f` to `t`.
    fn widen(&mut self, f: &FieldType, t: &FieldType) {
        use crate::classfile::BasicType as B;
        let insn = match (f.basic(), t.basic()) {
            (B::Int, B::Long) => Some(Insn::I2l),
            (B::Int, B::Float) => Some(Insn::I2f),
            (B::Int, B::Double) => Some(Insn::I2d),
            (B::Long, B::Float) => Some(Insn::L2f),
            (B::Long, B::Double) => Some(Insn::L2d),
            (B::Float, B::Double) => Some(Insn::F2d),
            _ => None,
        };
        if let Some(i) = insn {
            self.emit(i);
        }
    }
}

/// The opcodes of generated instructions, for plugins and the instruction table: the types of
/// locals and of the returned value come from the method descriptor; temporaries beyond the
/// parameters and array elements are references in all code rpf generates.
fn opcodes_of(insns: &[Insn], desc: &descriptor::MethodDescriptor, is_static: bool) -> Box<[u8]> {
    let this = (!is_static).then_some(BasicType::Ref);
    let params = desc
        .params
        .iter()
        .flat_map(|p| std::iter::repeat_n(p.basic(), usize::from(p.slots())));
    let locals: Vec<BasicType> = this.into_iter().chain(params).collect();
    insns
        .iter()
        .map(|&insn| {
            let value = match insn {
                Insn::Load(slot) | Insn::Store(slot) => Some(
                    locals
                        .get(usize::from(slot))
                        .copied()
                        .unwrap_or(BasicType::Ref),
                ),
                Insn::ReturnValue => desc.ret.as_ref().map(FieldType::basic),
                Insn::ArrayLoad | Insn::ArrayStore => Some(BasicType::Ref),
                _ => None,
            };
            let opcode = opcodes::encode(insn, value);
            debug_assert!(opcode.is_some(), "no opcode encodes {insn:?}");
            opcode.unwrap_or_default()
        })
        .collect()
}

/// The wrapper class and descriptor character of a primitive type.
pub fn wrapper_of(t: &FieldType) -> (&'static str, &'static str) {
    match t {
        FieldType::Boolean => ("java/lang/Boolean", "Z"),
        FieldType::Byte => ("java/lang/Byte", "B"),
        FieldType::Char => ("java/lang/Character", "C"),
        FieldType::Short => ("java/lang/Short", "S"),
        FieldType::Long => ("java/lang/Long", "J"),
        FieldType::Float => ("java/lang/Float", "F"),
        FieldType::Double => ("java/lang/Double", "D"),
        _ => ("java/lang/Integer", "I"),
    }
}

/// The primitive descriptor a wrapper class unboxes to.
pub fn wrapper_prim(class: &str) -> Option<&'static str> {
    Some(match class {
        "java/lang/Boolean" => "Z",
        "java/lang/Byte" => "B",
        "java/lang/Character" => "C",
        "java/lang/Short" => "S",
        "java/lang/Integer" => "I",
        "java/lang/Long" => "J",
        "java/lang/Float" => "F",
        "java/lang/Double" => "D",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_code_gets_typed_opcodes() {
        let mut asm = Asm::new();
        for insn in [
            Insn::Load(0),
            Insn::Load(2),
            Insn::Load(3),
            Insn::Load(4),
            Insn::Iconst(2),
            Insn::ArrayLoad,
            Insn::Store(5),
            Insn::ReturnValue,
        ] {
            asm.emit(insn);
        }
        let method = asm.finish("m", "(JI[Ljava/lang/Object;)D", access::STATIC);
        let code = method.code.unwrap();
        let mnemonics: Vec<&str> = code
            .opcodes
            .iter()
            .map(|&op| opcodes::info(op).unwrap().mnemonic)
            .collect();
        assert_eq!(
            mnemonics,
            ["lload", "iload", "aload", "aload", "iconst_2", "aaload", "astore", "dreturn"]
        );
    }
}
