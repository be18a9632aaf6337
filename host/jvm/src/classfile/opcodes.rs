//! The instruction table: every JVM opcode with its mnemonic, operand format, stack effect,
//! attribute movement, control flow and decoded form, listed once in `for_each_opcode!`.
//!
//! Everything rpf knows about an opcode as such comes from here: the stack height verifier
//! ([`super::stackcheck`]) and helpful NullPointerException messages count slots with
//! [`OpcodeInfo::slot_effect`], the attribute tracker moves attributes as [`Effect`] says, the
//! plugin-facing disassembly ([`text`], [`opcode`]) reads mnemonics and formats, and generated
//! code gets its opcodes from [`encode`]. The interpreter executes the decoded [`Insn`] and does
//! not look here.

use super::bytecode::{Code, Cond, Insn, Switch};
use super::constant::Constant;
use super::descriptor::{parse_field, parse_method, BasicType};

/// Lists every opcode 0x00..=0xc9 in order, one row each, by calling `$m!` with the rows:
///
/// `opcode mnemonic Format (effect) Flow => pattern of the decoded Insn,`
///
/// The effect is one of
/// - `pops -> pushes; Moves`: fixed operand types (JVMS order, top last: `I J F D A`, `R` a
///   return address, `C1`/`C2` a constant of category 1/2) and how attributes move;
/// - `shuffle n -> order`: the top `n` slots rearranged, `order` naming for each result slot
///   (bottom first) the slot it copies, 0 being the deepest;
/// - `get static`, `get field`, `put static`, `put field`: a field access, the value's type
///   given by the field descriptor;
/// - `invoke receiver`, `invoke`: a call, arguments and result given by the method descriptor;
/// - `multianewarray`: pops one int per dimension the instruction names, pushes the array;
/// - `prefix`: `wide`, which has no effect of its own.
///
/// `wide` has no decoded form: the decoder records the opcode it widens.
macro_rules! for_each_opcode {
    ($m:ident) => { $m! {
        0x00 nop             None            ( -> ; Fresh)         Next   => Nop,
        0x01 aconst_null     None            ( -> A; Fresh)        Next   => AconstNull,
        0x02 iconst_m1       None            ( -> I; Fresh)        Next   => Iconst(-1),
        0x03 iconst_0        None            ( -> I; Fresh)        Next   => Iconst(0),
        0x04 iconst_1        None            ( -> I; Fresh)        Next   => Iconst(1),
        0x05 iconst_2        None            ( -> I; Fresh)        Next   => Iconst(2),
        0x06 iconst_3        None            ( -> I; Fresh)        Next   => Iconst(3),
        0x07 iconst_4        None            ( -> I; Fresh)        Next   => Iconst(4),
        0x08 iconst_5        None            ( -> I; Fresh)        Next   => Iconst(5),
        0x09 lconst_0        None            ( -> J; Fresh)        Next   => Lconst(0),
        0x0a lconst_1        None            ( -> J; Fresh)        Next   => Lconst(1),
        0x0b fconst_0        None            ( -> F; Fresh)        Next   => Fconst(0.0),
        0x0c fconst_1        None            ( -> F; Fresh)        Next   => Fconst(1.0),
        0x0d fconst_2        None            ( -> F; Fresh)        Next   => Fconst(2.0),
        0x0e dconst_0        None            ( -> D; Fresh)        Next   => Dconst(0.0),
        0x0f dconst_1        None            ( -> D; Fresh)        Next   => Dconst(1.0),
        0x10 bipush          Byte            ( -> I; Fresh)        Next   => Iconst(-128..=127),
        0x11 sipush          Short           ( -> I; Fresh)        Next   => Iconst(-32768..=32767),
        0x12 ldc             Pool1           ( -> C1; Fresh)       Next   => Ldc(0..=255),
        0x13 ldc_w           Pool2           ( -> C1; Fresh)       Next   => Ldc(_),
        0x14 ldc2_w          Pool2           ( -> C2; Fresh)       Next   => Ldc2(_),
        0x15 iload           Local           ( -> I; Load)         Next   => Load(_),
        0x16 lload           Local           ( -> J; Load)         Next   => Load(_),
        0x17 fload           Local           ( -> F; Load)         Next   => Load(_),
        0x18 dload           Local           ( -> D; Load)         Next   => Load(_),
        0x19 aload           Local           ( -> A; Load)         Next   => Load(_),
        0x1a iload_0         None            ( -> I; Load)         Next   => Load(0),
        0x1b iload_1         None            ( -> I; Load)         Next   => Load(1),
        0x1c iload_2         None            ( -> I; Load)         Next   => Load(2),
        0x1d iload_3         None            ( -> I; Load)         Next   => Load(3),
        0x1e lload_0         None            ( -> J; Load)         Next   => Load(0),
        0x1f lload_1         None            ( -> J; Load)         Next   => Load(1),
        0x20 lload_2         None            ( -> J; Load)         Next   => Load(2),
        0x21 lload_3         None            ( -> J; Load)         Next   => Load(3),
        0x22 fload_0         None            ( -> F; Load)         Next   => Load(0),
        0x23 fload_1         None            ( -> F; Load)         Next   => Load(1),
        0x24 fload_2         None            ( -> F; Load)         Next   => Load(2),
        0x25 fload_3         None            ( -> F; Load)         Next   => Load(3),
        0x26 dload_0         None            ( -> D; Load)         Next   => Load(0),
        0x27 dload_1         None            ( -> D; Load)         Next   => Load(1),
        0x28 dload_2         None            ( -> D; Load)         Next   => Load(2),
        0x29 dload_3         None            ( -> D; Load)         Next   => Load(3),
        0x2a aload_0         None            ( -> A; Load)         Next   => Load(0),
        0x2b aload_1         None            ( -> A; Load)         Next   => Load(1),
        0x2c aload_2         None            ( -> A; Load)         Next   => Load(2),
        0x2d aload_3         None            ( -> A; Load)         Next   => Load(3),
        0x2e iaload          None            (A I -> I; ArrayGet)  Next   => ArrayLoad,
        0x2f laload          None            (A I -> J; ArrayGet)  Next   => ArrayLoad,
        0x30 faload          None            (A I -> F; ArrayGet)  Next   => ArrayLoad,
        0x31 daload          None            (A I -> D; ArrayGet)  Next   => ArrayLoad,
        0x32 aaload          None            (A I -> A; ArrayGet)  Next   => ArrayLoad,
        0x33 baload          None            (A I -> I; ArrayGet)  Next   => ArrayLoad,
        0x34 caload          None            (A I -> I; ArrayGet)  Next   => ArrayLoad,
        0x35 saload          None            (A I -> I; ArrayGet)  Next   => ArrayLoad,
        0x36 istore          Local           (I -> ; Store)        Next   => Store(_),
        0x37 lstore          Local           (J -> ; Store)        Next   => Store(_),
        0x38 fstore          Local           (F -> ; Store)        Next   => Store(_),
        0x39 dstore          Local           (D -> ; Store)        Next   => Store(_),
        0x3a astore          Local           (A -> ; Store)        Next   => Store(_),
        0x3b istore_0        None            (I -> ; Store)        Next   => Store(0),
        0x3c istore_1        None            (I -> ; Store)        Next   => Store(1),
        0x3d istore_2        None            (I -> ; Store)        Next   => Store(2),
        0x3e istore_3        None            (I -> ; Store)        Next   => Store(3),
        0x3f lstore_0        None            (J -> ; Store)        Next   => Store(0),
        0x40 lstore_1        None            (J -> ; Store)        Next   => Store(1),
        0x41 lstore_2        None            (J -> ; Store)        Next   => Store(2),
        0x42 lstore_3        None            (J -> ; Store)        Next   => Store(3),
        0x43 fstore_0        None            (F -> ; Store)        Next   => Store(0),
        0x44 fstore_1        None            (F -> ; Store)        Next   => Store(1),
        0x45 fstore_2        None            (F -> ; Store)        Next   => Store(2),
        0x46 fstore_3        None            (F -> ; Store)        Next   => Store(3),
        0x47 dstore_0        None            (D -> ; Store)        Next   => Store(0),
        0x48 dstore_1        None            (D -> ; Store)        Next   => Store(1),
        0x49 dstore_2        None            (D -> ; Store)        Next   => Store(2),
        0x4a dstore_3        None            (D -> ; Store)        Next   => Store(3),
        0x4b astore_0        None            (A -> ; Store)        Next   => Store(0),
        0x4c astore_1        None            (A -> ; Store)        Next   => Store(1),
        0x4d astore_2        None            (A -> ; Store)        Next   => Store(2),
        0x4e astore_3        None            (A -> ; Store)        Next   => Store(3),
        0x4f iastore         None            (A I I -> ; ArrayPut) Next   => ArrayStore,
        0x50 lastore         None            (A I J -> ; ArrayPut) Next   => ArrayStore,
        0x51 fastore         None            (A I F -> ; ArrayPut) Next   => ArrayStore,
        0x52 dastore         None            (A I D -> ; ArrayPut) Next   => ArrayStore,
        0x53 aastore         None            (A I A -> ; ArrayPut) Next   => ArrayStore,
        0x54 bastore         None            (A I I -> ; ArrayPut) Next   => ArrayStore,
        0x55 castore         None            (A I I -> ; ArrayPut) Next   => ArrayStore,
        0x56 sastore         None            (A I I -> ; ArrayPut) Next   => ArrayStore,
        0x57 pop             None            (shuffle 1 -> )       Next   => Pop,
        0x58 pop2            None            (shuffle 2 -> )       Next   => Pop2,
        0x59 dup             None            (shuffle 1 -> 0 0)    Next   => Dup,
        0x5a dup_x1          None            (shuffle 2 -> 1 0 1)  Next   => DupX1,
        0x5b dup_x2          None            (shuffle 3 -> 2 0 1 2) Next   => DupX2,
        0x5c dup2            None            (shuffle 2 -> 0 1 0 1) Next   => Dup2,
        0x5d dup2_x1         None            (shuffle 3 -> 1 2 0 1 2) Next   => Dup2X1,
        0x5e dup2_x2         None            (shuffle 4 -> 2 3 0 1 2 3) Next   => Dup2X2,
        0x5f swap            None            (shuffle 2 -> 1 0)    Next   => Swap,
        0x60 iadd            None            (I I -> I; Fresh)     Next   => Iadd,
        0x61 ladd            None            (J J -> J; Fresh)     Next   => Ladd,
        0x62 fadd            None            (F F -> F; Fresh)     Next   => Fadd,
        0x63 dadd            None            (D D -> D; Fresh)     Next   => Dadd,
        0x64 isub            None            (I I -> I; Fresh)     Next   => Isub,
        0x65 lsub            None            (J J -> J; Fresh)     Next   => Lsub,
        0x66 fsub            None            (F F -> F; Fresh)     Next   => Fsub,
        0x67 dsub            None            (D D -> D; Fresh)     Next   => Dsub,
        0x68 imul            None            (I I -> I; Fresh)     Next   => Imul,
        0x69 lmul            None            (J J -> J; Fresh)     Next   => Lmul,
        0x6a fmul            None            (F F -> F; Fresh)     Next   => Fmul,
        0x6b dmul            None            (D D -> D; Fresh)     Next   => Dmul,
        0x6c idiv            None            (I I -> I; Fresh)     Next   => Idiv,
        0x6d ldiv            None            (J J -> J; Fresh)     Next   => Ldiv,
        0x6e fdiv            None            (F F -> F; Fresh)     Next   => Fdiv,
        0x6f ddiv            None            (D D -> D; Fresh)     Next   => Ddiv,
        0x70 irem            None            (I I -> I; Fresh)     Next   => Irem,
        0x71 lrem            None            (J J -> J; Fresh)     Next   => Lrem,
        0x72 frem            None            (F F -> F; Fresh)     Next   => Frem,
        0x73 drem            None            (D D -> D; Fresh)     Next   => Drem,
        0x74 ineg            None            (I -> I; Fresh)       Next   => Ineg,
        0x75 lneg            None            (J -> J; Fresh)       Next   => Lneg,
        0x76 fneg            None            (F -> F; Fresh)       Next   => Fneg,
        0x77 dneg            None            (D -> D; Fresh)       Next   => Dneg,
        0x78 ishl            None            (I I -> I; Fresh)     Next   => Ishl,
        0x79 lshl            None            (J I -> J; Fresh)     Next   => Lshl,
        0x7a ishr            None            (I I -> I; Fresh)     Next   => Ishr,
        0x7b lshr            None            (J I -> J; Fresh)     Next   => Lshr,
        0x7c iushr           None            (I I -> I; Fresh)     Next   => Iushr,
        0x7d lushr           None            (J I -> J; Fresh)     Next   => Lushr,
        0x7e iand            None            (I I -> I; Fresh)     Next   => Iand,
        0x7f land            None            (J J -> J; Fresh)     Next   => Land,
        0x80 ior             None            (I I -> I; Fresh)     Next   => Ior,
        0x81 lor             None            (J J -> J; Fresh)     Next   => Lor,
        0x82 ixor            None            (I I -> I; Fresh)     Next   => Ixor,
        0x83 lxor            None            (J J -> J; Fresh)     Next   => Lxor,
        0x84 iinc            Iinc            ( -> ; Fresh)         Next   => Iinc(..),
        0x85 i2l             None            (I -> J; Fresh)       Next   => I2l,
        0x86 i2f             None            (I -> F; Fresh)       Next   => I2f,
        0x87 i2d             None            (I -> D; Fresh)       Next   => I2d,
        0x88 l2i             None            (J -> I; Fresh)       Next   => L2i,
        0x89 l2f             None            (J -> F; Fresh)       Next   => L2f,
        0x8a l2d             None            (J -> D; Fresh)       Next   => L2d,
        0x8b f2i             None            (F -> I; Fresh)       Next   => F2i,
        0x8c f2l             None            (F -> J; Fresh)       Next   => F2l,
        0x8d f2d             None            (F -> D; Fresh)       Next   => F2d,
        0x8e d2i             None            (D -> I; Fresh)       Next   => D2i,
        0x8f d2l             None            (D -> J; Fresh)       Next   => D2l,
        0x90 d2f             None            (D -> F; Fresh)       Next   => D2f,
        0x91 i2b             None            (I -> I; Fresh)       Next   => I2b,
        0x92 i2c             None            (I -> I; Fresh)       Next   => I2c,
        0x93 i2s             None            (I -> I; Fresh)       Next   => I2s,
        0x94 lcmp            None            (J J -> I; Fresh)     Next   => Lcmp,
        0x95 fcmpl           None            (F F -> I; Fresh)     Next   => Fcmpl,
        0x96 fcmpg           None            (F F -> I; Fresh)     Next   => Fcmpg,
        0x97 dcmpl           None            (D D -> I; Fresh)     Next   => Dcmpl,
        0x98 dcmpg           None            (D D -> I; Fresh)     Next   => Dcmpg,
        0x99 ifeq            Branch          (I -> ; Fresh)        Branch => If(Cond::Eq, _),
        0x9a ifne            Branch          (I -> ; Fresh)        Branch => If(Cond::Ne, _),
        0x9b iflt            Branch          (I -> ; Fresh)        Branch => If(Cond::Lt, _),
        0x9c ifge            Branch          (I -> ; Fresh)        Branch => If(Cond::Ge, _),
        0x9d ifgt            Branch          (I -> ; Fresh)        Branch => If(Cond::Gt, _),
        0x9e ifle            Branch          (I -> ; Fresh)        Branch => If(Cond::Le, _),
        0x9f if_icmpeq       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Eq, _),
        0xa0 if_icmpne       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Ne, _),
        0xa1 if_icmplt       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Lt, _),
        0xa2 if_icmpge       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Ge, _),
        0xa3 if_icmpgt       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Gt, _),
        0xa4 if_icmple       Branch          (I I -> ; Fresh)      Branch => IfIcmp(Cond::Le, _),
        0xa5 if_acmpeq       Branch          (A A -> ; Fresh)      Branch => IfAcmpEq(_),
        0xa6 if_acmpne       Branch          (A A -> ; Fresh)      Branch => IfAcmpNe(_),
        0xa7 goto            Branch          ( -> ; Fresh)         Jump   => Goto(_),
        0xa8 jsr             Branch          ( -> R; Fresh)        Subroutine => Jsr(_),
        0xa9 ret             Local           ( -> ; Fresh)         End    => Ret(_),
        0xaa tableswitch     TableSwitch     (I -> ; Fresh)        Jump   => TableSwitch(_),
        0xab lookupswitch    LookupSwitch    (I -> ; Fresh)        Jump   => LookupSwitch(_),
        0xac ireturn         None            (I -> ; Return)       End    => ReturnValue,
        0xad lreturn         None            (J -> ; Return)       End    => ReturnValue,
        0xae freturn         None            (F -> ; Return)       End    => ReturnValue,
        0xaf dreturn         None            (D -> ; Return)       End    => ReturnValue,
        0xb0 areturn         None            (A -> ; Return)       End    => ReturnValue,
        0xb1 return          None            ( -> ; Return)        End    => Return,
        0xb2 getstatic       Pool2           (get static)          Next   => GetStatic(_),
        0xb3 putstatic       Pool2           (put static)          Next   => PutStatic(_),
        0xb4 getfield        Pool2           (get field)           Next   => GetField(_),
        0xb5 putfield        Pool2           (put field)           Next   => PutField(_),
        0xb6 invokevirtual   Pool2           (invoke receiver)     Next   => InvokeVirtual(_),
        0xb7 invokespecial   Pool2           (invoke receiver)     Next   => InvokeSpecial(_),
        0xb8 invokestatic    Pool2           (invoke)              Next   => InvokeStatic(_),
        0xb9 invokeinterface InvokeInterface (invoke receiver)     Next   => InvokeInterface(_),
        0xba invokedynamic   InvokeDynamic   (invoke)              Next   => InvokeDynamic(_),
        0xbb new             Pool2           ( -> A; Fresh)        Next   => New(_),
        0xbc newarray        ArrayType       (I -> A; Fresh)       Next   => NewArray(_),
        0xbd anewarray       Pool2           (I -> A; Fresh)       Next   => ANewArray(_),
        0xbe arraylength     None            (A -> I; Fresh)       Next   => ArrayLength,
        0xbf athrow          None            (A -> ; Fresh)        End    => Athrow,
        0xc0 checkcast       Pool2           (A -> A; Keep)        Next   => CheckCast(_),
        0xc1 instanceof      Pool2           (A -> I; Fresh)       Next   => InstanceOf(_),
        0xc2 monitorenter    None            (A -> ; Fresh)        Next   => MonitorEnter,
        0xc3 monitorexit     None            (A -> ; Fresh)        Next   => MonitorExit,
        0xc4 wide            Wide            (prefix)              Next,
        0xc5 multianewarray  MultiANewArray  (multianewarray)      Next   => MultiANewArray(..),
        0xc6 ifnull          Branch          (A -> ; Fresh)        Branch => IfNull(_),
        0xc7 ifnonnull       Branch          (A -> ; Fresh)        Branch => IfNonNull(_),
        0xc8 goto_w          BranchWide      ( -> ; Fresh)         Jump   => Goto(_),
        0xc9 jsr_w           BranchWide      ( -> R; Fresh)        Subroutine => Jsr(_),
    } };
}

/// The type of an operand stack value in a fixed stack effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    /// int (and boolean, byte, char, short).
    I,
    /// long: two slots, one entry.
    J,
    /// float.
    F,
    /// double: two slots, one entry.
    D,
    /// A reference.
    A,
    /// A return address (`jsr`).
    R,
    /// A category 1 constant (int, float or reference, as the pool entry says): the decoder
    /// accepts nothing else for `ldc` and `ldc_w`.
    C1,
    /// A category 2 constant (long or double): the decoder accepts nothing else for `ldc2_w`.
    C2,
}

impl Ty {
    /// JVMS slots the value takes.
    pub const fn slots(self) -> u16 {
        match self {
            Ty::J | Ty::D | Ty::C2 => 2,
            _ => 1,
        }
    }

    /// How the interpreter holds the value, for the types that name one.
    const fn basic(self) -> Option<BasicType> {
        match self {
            Ty::I => Some(BasicType::Int),
            Ty::J => Some(BasicType::Long),
            Ty::F => Some(BasicType::Float),
            Ty::D => Some(BasicType::Double),
            Ty::A => Some(BasicType::Ref),
            Ty::R | Ty::C1 | Ty::C2 => None,
        }
    }
}

/// How plugin attributes move with the values of an instruction with a fixed stack effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {
    /// Pops its operands; what it pushes is a new value without attribute.
    Fresh,
    /// Pushes the attribute of the local variable it reads.
    Load,
    /// The local variable it writes takes the attribute of the value it pops.
    Store,
    /// The value it pushes keeps the attribute of the value it pops (`checkcast`).
    Keep,
    /// The value it pushes takes the attribute of the array element it reads.
    ArrayGet,
    /// The array element it writes takes the attribute of the value it pops.
    ArrayPut,
    /// The value it returns (if any) keeps its attribute in the caller.
    Return,
}

/// What an instruction does to the operand stack and to the attributes of its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Pops and pushes values of these types, bottom first.
    Values {
        /// Types popped.
        pop: &'static [Ty],
        /// Types pushed.
        push: &'static [Ty],
        /// How attributes move.
        moves: Moves,
    },
    /// Rearranges the top `slots` slots (`pop`, `dup`s, `swap`): result slot `k` (bottom
    /// first) copies slot `order[k]`, 0 being the deepest. Attributes move with their values;
    /// how many entries that is depends on the categories of the values at run time.
    Shuffle {
        /// Slots taken.
        slots: u8,
        /// Source slot of each result slot.
        order: &'static [u8],
    },
    /// A field access; the field descriptor gives the value's type. `get` pushes the field's
    /// attribute with the value, `put` stores the value's attribute with the field.
    Field {
        /// Whether it writes the field.
        put: bool,
        /// Whether it pops an object reference (`getfield`, `putfield`).
        instance: bool,
    },
    /// A call; the method descriptor gives arguments and result. Arguments become the callee's
    /// locals with their attributes; the result comes back through a return.
    Invoke {
        /// Whether it pops a receiver below the arguments.
        receiver: bool,
    },
    /// `multianewarray`: pops one int per dimension the instruction names and pushes a new
    /// array.
    MultiNewArray,
    /// `wide`: no effect of its own; the decoder records the opcode it widens.
    Prefix,
}

impl Effect {
    /// `(popped, pushed)` in JVMS slots, if the table alone fixes them.
    const fn slots(self) -> Option<(u16, u16)> {
        match self {
            Effect::Values { pop, push, .. } => Some((slots_of(pop), slots_of(push))),
            Effect::Shuffle { slots, order } => Some((slots as u16, order.len() as u16)),
            _ => None,
        }
    }

    /// `(popped, pushed)` in operand stack entries, if the table alone fixes them.
    const fn entries(self) -> Option<(u16, u16)> {
        match self {
            Effect::Values { pop, push, .. } => Some((pop.len() as u16, push.len() as u16)),
            _ => None,
        }
    }
}

const fn slots_of(values: &[Ty]) -> u16 {
    let mut sum = 0;
    let mut i = 0;
    while i < values.len() {
        sum += values[i].slots();
        i += 1;
    }
    sum
}

/// The operand bytes that follow an opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// None (an operand may be part of the opcode: `iconst_2`, `aload_0`).
    None,
    /// A signed byte value (`bipush`).
    Byte,
    /// A signed 16-bit value (`sipush`).
    Short,
    /// An array type code (`newarray`).
    ArrayType,
    /// A local variable index: one byte, two after `wide`.
    Local,
    /// A local variable index and a signed increment: one byte each, two after `wide`.
    Iinc,
    /// A one-byte constant pool index (`ldc`).
    Pool1,
    /// A two-byte constant pool index.
    Pool2,
    /// A two-byte constant pool index, an argument count and a zero byte.
    InvokeInterface,
    /// A two-byte constant pool index and two zero bytes.
    InvokeDynamic,
    /// A two-byte constant pool index and a dimension count.
    MultiANewArray,
    /// A signed 16-bit branch offset.
    Branch,
    /// A signed 32-bit branch offset.
    BranchWide,
    /// Padding to a 4-byte boundary, default offset, low and high keys, offsets.
    TableSwitch,
    /// Padding to a 4-byte boundary, default offset, pair count, (key, offset) pairs.
    LookupSwitch,
    /// An opcode with a `Local` or `Iinc` format and its operands in their wide form.
    Wide,
}

/// Where control goes after an instruction, besides its jump targets
/// ([`Code::jump_targets`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// On to the next instruction.
    Next,
    /// To its target or on to the next instruction.
    Branch,
    /// To its target(s) only (`goto`, switches).
    Jump,
    /// To a subroutine, whose `ret` comes back to the next instruction (`jsr`).
    Subroutine,
    /// Out of the method or subroutine (returns, `athrow`, `ret`).
    End,
}

/// The facts about one opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpcodeInfo {
    /// The opcode.
    pub opcode: u8,
    /// Its JVMS mnemonic.
    pub mnemonic: &'static str,
    /// Its operand bytes.
    pub format: Format,
    /// What it does to the operand stack and to attributes.
    pub effect: Effect,
    /// `(popped, pushed)` in JVMS slots (longs and doubles take two), if fixed by the table;
    /// `None` where the constant pool or the instruction's operands decide
    /// ([`OpcodeInfo::slot_effect`]).
    pub slots: Option<(u16, u16)>,
    /// `(popped, pushed)` in the interpreter's operand stack entries (one per value), if fixed
    /// by the table; `None` also for shuffles, where the categories of the values decide.
    pub entries: Option<(u16, u16)>,
    /// Where control goes next.
    pub flow: Flow,
}

macro_rules! effect {
    (shuffle $slots:literal -> $($from:literal)*) => {
        Effect::Shuffle { slots: $slots, order: &[$($from),*] }
    };
    (get static) => { Effect::Field { put: false, instance: false } };
    (get field) => { Effect::Field { put: false, instance: true } };
    (put static) => { Effect::Field { put: true, instance: false } };
    (put field) => { Effect::Field { put: true, instance: true } };
    (invoke receiver) => { Effect::Invoke { receiver: true } };
    (invoke) => { Effect::Invoke { receiver: false } };
    (multianewarray) => { Effect::MultiNewArray };
    (prefix) => { Effect::Prefix };
    ($($pop:ident)* -> $($push:ident)*; $moves:ident) => {
        Effect::Values { pop: &[$(Ty::$pop),*], push: &[$(Ty::$push),*], moves: Moves::$moves }
    };
}

macro_rules! define_table {
    ($($opcode:literal $name:ident $format:ident ($($effect:tt)*) $flow:ident
        $(=> $decoded:pat)?,)*) => {
        /// Every opcode's facts, indexed by opcode.
        static TABLE: [OpcodeInfo; 0xca] = [$(OpcodeInfo::row(
            $opcode,
            stringify!($name),
            Format::$format,
            effect!($($effect)*),
            Flow::$flow,
        )),*];

        /// The opcode that encodes `insn` in its shortest form, for code rpf generates itself;
        /// `value` picks the typed variant of loads, stores, array accesses and returns.
        pub fn encode(insn: Insn, value: Option<BasicType>) -> Option<u8> {
            use Insn::*;
            $($(
                if matches!(insn, $decoded) && TABLE[$opcode].carries(value) {
                    return Some($opcode);
                }
            )?)*
            None
        }

        /// Whether `insn` is what the decoder makes of `opcode`.
        #[cfg(test)]
        pub(super) fn decodes_to(opcode: u8, insn: Insn) -> bool {
            use Insn::*;
            match opcode {
                $($opcode => decoded!(insn $(, $decoded)?),)*
                _ => false,
            }
        }
    };
}

#[cfg(test)]
macro_rules! decoded {
    ($insn:ident) => {
        false
    };
    ($insn:ident, $decoded:pat) => {
        matches!($insn, $decoded)
    };
}

for_each_opcode!(define_table);

const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(TABLE[i].opcode as usize == i, "rows out of order");
        i += 1;
    }
};

/// The facts about `opcode`, if it is one.
pub fn info(opcode: u8) -> Option<&'static OpcodeInfo> {
    TABLE.get(usize::from(opcode))
}

/// The opcode with mnemonic `name` (case-insensitive), if there is one.
pub fn opcode(name: &str) -> Option<u8> {
    let name = name.trim();
    TABLE
        .iter()
        .find(|i| i.mnemonic.eq_ignore_ascii_case(name))
        .map(|i| i.opcode)
}

impl OpcodeInfo {
    const fn row(
        opcode: u8,
        mnemonic: &'static str,
        format: Format,
        effect: Effect,
        flow: Flow,
    ) -> Self {
        OpcodeInfo {
            opcode,
            mnemonic,
            format,
            effect,
            slots: effect.slots(),
            entries: effect.entries(),
            flow,
        }
    }

    /// `(slots popped, slots pushed)` by `insn`, decoded from this opcode, in code with
    /// constant pool `pool`.
    pub fn slot_effect(&self, insn: Insn, pool: &[Constant]) -> (u16, u16) {
        if let Some(fixed) = self.slots {
            return fixed;
        }
        let index = insn.pool_index().unwrap_or(0);
        match self.effect {
            Effect::Field { put, instance } => {
                let value = field_slots(pool, index);
                let object = u16::from(instance);
                if put {
                    (object + value, 0)
                } else {
                    (object, value)
                }
            }
            Effect::Invoke { receiver } => {
                let (args, result) = method_slots(pool, index);
                (args + u16::from(receiver), result)
            }
            Effect::MultiNewArray => match insn {
                Insn::MultiANewArray(_, dims) => (u16::from(dims), 1),
                _ => (0, 1),
            },
            Effect::Values { .. } | Effect::Shuffle { .. } | Effect::Prefix => (0, 0),
        }
    }

    /// Whether this opcode moves a value of type `value` (any opcode does for `None`).
    fn carries(&self, value: Option<BasicType>) -> bool {
        let moved = match self.effect {
            Effect::Values { pop, push, .. } => push.last().or(pop.last()).copied(),
            _ => None,
        };
        value.is_none_or(|v| moved.and_then(Ty::basic) == Some(v))
    }
}

fn field_slots(pool: &[Constant], index: u16) -> u16 {
    match pool.get(usize::from(index)) {
        Some(Constant::FieldRef(m)) => parse_field(&m.desc).map_or(1, |t| t.slots()),
        _ => 1,
    }
}

/// `(argument slots, result slots)` of a method reference or call site.
fn method_slots(pool: &[Constant], index: u16) -> (u16, u16) {
    let desc = match pool.get(usize::from(index)) {
        Some(Constant::MethodRef(m)) => &m.desc,
        Some(Constant::InvokeDynamic { desc, .. }) => desc,
        _ => return (0, 0),
    };
    parse_method(desc).map_or((0, 0), |d| {
        (d.param_slots(), d.ret.map_or(0, |r| r.slots()))
    })
}

/// Instruction `index` of `code` as text: its mnemonic and operands, javap-style, with branch
/// targets as instruction indices (`iload 4`, `getfield #12`, `if_icmplt 17`).
pub fn text(code: &Code, index: u32) -> String {
    let i = index as usize;
    let (Some(&insn), Some(info)) = (
        code.insns.get(i),
        code.opcodes.get(i).and_then(|&op| info(op)),
    ) else {
        return String::new();
    };
    let operands = match (info.format, insn) {
        (Format::Byte | Format::Short, Insn::Iconst(v)) => Some(v.to_string()),
        (Format::ArrayType, Insn::NewArray(t)) => Some(array_type(t).to_string()),
        (Format::Local, _) => insn.local().map(|l| l.to_string()),
        (Format::Iinc, Insn::Iinc(local, delta)) => Some(format!("{local}, {delta}")),
        (Format::MultiANewArray, Insn::MultiANewArray(class, dims)) => {
            Some(format!("#{class}, {dims}"))
        }
        (Format::Pool1 | Format::Pool2 | Format::InvokeInterface | Format::InvokeDynamic, _) => {
            insn.pool_index().map(|p| format!("#{p}"))
        }
        (Format::Branch | Format::BranchWide, _) => insn.target().map(|t| t.to_string()),
        (
            Format::TableSwitch | Format::LookupSwitch,
            Insn::TableSwitch(s) | Insn::LookupSwitch(s),
        ) => code.switches.get(s as usize).map(switch_text),
        _ => None,
    };
    match operands {
        Some(operands) => format!("{} {operands}", info.mnemonic),
        None => info.mnemonic.to_string(),
    }
}

/// The element type a `newarray` type code names (JVMS table 6.5.newarray-A).
fn array_type(code: u8) -> &'static str {
    match code {
        4 => "boolean",
        5 => "char",
        6 => "float",
        7 => "double",
        8 => "byte",
        9 => "short",
        10 => "int",
        11 => "long",
        _ => "?",
    }
}

/// `{key: target, ..., default: target}`.
fn switch_text(switch: &Switch) -> String {
    let (cases, default): (Vec<(i64, u32)>, u32) = match switch {
        Switch::Table {
            low,
            default,
            targets,
        } => (
            (i64::from(*low)..).zip(targets.iter().copied()).collect(),
            *default,
        ),
        Switch::Lookup { default, pairs } => (
            pairs.iter().map(|&(k, t)| (i64::from(k), t)).collect(),
            *default,
        ),
    };
    let mut text = String::from("{");
    for (key, target) in cases {
        text.push_str(&format!("{key}: {target}, "));
    }
    text.push_str(&format!("default: {default}}}"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classfile::constant::MemberRef;

    fn named(mnemonic: &str) -> &'static OpcodeInfo {
        opcode(mnemonic).and_then(info).expect(mnemonic)
    }

    #[test]
    fn every_opcode_has_one_row_and_its_mnemonic() {
        assert_eq!(TABLE.len(), 202);
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(usize::from(row.opcode), i);
            assert_eq!(opcode(row.mnemonic), Some(row.opcode), "{}", row.mnemonic);
        }
        assert!(info(0xca).is_none());
        assert_eq!(named("nop").opcode, 0x00);
        assert_eq!(named("iinc").opcode, 0x84);
        assert_eq!(named("if_icmpge").opcode, 0xa2);
        assert_eq!(named("invokedynamic").opcode, 0xba);
        assert_eq!(named("wide").format, Format::Wide);
        assert_eq!(named("jsr_w").opcode, 0xc9);
        assert_eq!(opcode(" GETFIELD"), Some(0xb4));
        assert_eq!(opcode("nosuch"), None);
    }

    /// Slots and entries are both stated for fixed effects, differing exactly by the wide values.
    #[test]
    fn slot_and_entry_effects_agree() {
        let wide = |values: &[Ty]| values.iter().filter(|t| t.slots() == 2).count() as u16;
        for row in &TABLE {
            match row.effect {
                Effect::Values { pop, push, .. } => {
                    let (slots, entries) = (row.slots.unwrap(), row.entries.unwrap());
                    assert_eq!(slots.0, entries.0 + wide(pop), "{}", row.mnemonic);
                    assert_eq!(slots.1, entries.1 + wide(push), "{}", row.mnemonic);
                    let narrow = wide(pop) + wide(push) == 0;
                    assert_eq!(slots == entries, narrow, "{}", row.mnemonic);
                }
                Effect::Shuffle { .. } => {
                    assert!(
                        row.slots.is_some() && row.entries.is_none(),
                        "{}",
                        row.mnemonic
                    )
                }
                _ => assert!(
                    row.slots.is_none() && row.entries.is_none(),
                    "{}",
                    row.mnemonic
                ),
            }
        }
    }

    /// Spot checks against JVMS §6.5, in slots and in entries.
    #[test]
    fn effects_match_the_jvms() {
        type Counts = Option<(u16, u16)>;
        let cases: &[(&str, Counts, Counts)] = &[
            ("iadd", Some((2, 1)), Some((2, 1))),
            ("ladd", Some((4, 2)), Some((2, 1))),
            ("lshl", Some((3, 2)), Some((2, 1))),
            ("lcmp", Some((4, 1)), Some((2, 1))),
            ("dcmpg", Some((4, 1)), Some((2, 1))),
            ("i2l", Some((1, 2)), Some((1, 1))),
            ("d2f", Some((2, 1)), Some((1, 1))),
            ("lload", Some((0, 2)), Some((0, 1))),
            ("dstore_3", Some((2, 0)), Some((1, 0))),
            ("laload", Some((2, 2)), Some((2, 1))),
            ("lastore", Some((4, 0)), Some((3, 0))),
            ("aastore", Some((3, 0)), Some((3, 0))),
            ("ldc", Some((0, 1)), Some((0, 1))),
            ("ldc2_w", Some((0, 2)), Some((0, 1))),
            ("jsr", Some((0, 1)), Some((0, 1))),
            ("lreturn", Some((2, 0)), Some((1, 0))),
            ("if_acmpne", Some((2, 0)), Some((2, 0))),
            ("lookupswitch", Some((1, 0)), Some((1, 0))),
            ("pop2", Some((2, 0)), None),
            ("dup2_x2", Some((4, 6)), None),
            ("getfield", None, None),
            ("invokestatic", None, None),
            ("multianewarray", None, None),
        ];
        for &(name, slots, entries) in cases {
            assert_eq!(
                (named(name).slots, named(name).entries),
                (slots, entries),
                "{name}"
            );
        }
    }

    #[test]
    fn descriptors_give_field_and_call_effects() {
        let member = |desc: &str| MemberRef {
            class: "C".into(),
            name: "m".into(),
            desc: desc.into(),
            interface: false,
        };
        let pool = [
            Constant::Unusable,
            Constant::FieldRef(member("J")),
            Constant::MethodRef(member("(JI)D")),
            Constant::InvokeDynamic {
                bootstrap: 0,
                name: "m".into(),
                desc: "(I)Ljava/lang/String;".into(),
            },
        ];
        let effect = |name: &str, insn: Insn| named(name).slot_effect(insn, &pool);
        assert_eq!(effect("getfield", Insn::GetField(1)), (1, 2));
        assert_eq!(effect("getstatic", Insn::GetStatic(1)), (0, 2));
        assert_eq!(effect("putfield", Insn::PutField(1)), (3, 0));
        assert_eq!(effect("putstatic", Insn::PutStatic(1)), (2, 0));
        assert_eq!(effect("invokevirtual", Insn::InvokeVirtual(2)), (4, 2));
        assert_eq!(effect("invokestatic", Insn::InvokeStatic(2)), (3, 2));
        assert_eq!(effect("invokedynamic", Insn::InvokeDynamic(3)), (1, 1));
        assert_eq!(effect("multianewarray", Insn::MultiANewArray(0, 3)), (3, 1));
        assert_eq!(effect("ladd", Insn::Ladd), (4, 2));
    }

    #[test]
    fn flow_follows_the_format() {
        for row in &TABLE {
            let branches = matches!(row.format, Format::Branch | Format::BranchWide);
            let switches = matches!(row.format, Format::TableSwitch | Format::LookupSwitch);
            match row.flow {
                Flow::Branch | Flow::Subroutine => assert!(branches, "{}", row.mnemonic),
                Flow::Jump => assert!(branches || switches, "{}", row.mnemonic),
                Flow::Next | Flow::End => assert!(!branches && !switches, "{}", row.mnemonic),
            }
        }
    }

    #[test]
    fn encoding_picks_the_shortest_typed_form() {
        let code = |insn, value| encode(insn, value).and_then(info).map(|i| i.mnemonic);
        assert_eq!(code(Insn::Iconst(3), None), Some("iconst_3"));
        assert_eq!(code(Insn::Iconst(-100), None), Some("bipush"));
        assert_eq!(code(Insn::Iconst(1000), None), Some("sipush"));
        assert_eq!(code(Insn::Iconst(100_000), None), None);
        assert_eq!(code(Insn::Fconst(2.0), None), Some("fconst_2"));
        assert_eq!(code(Insn::Ldc(7), None), Some("ldc"));
        assert_eq!(code(Insn::Ldc(300), None), Some("ldc_w"));
        assert_eq!(code(Insn::Load(3), Some(BasicType::Long)), Some("lload"));
        assert_eq!(code(Insn::Store(0), Some(BasicType::Ref)), Some("astore"));
        assert_eq!(code(Insn::ArrayLoad, Some(BasicType::Ref)), Some("aaload"));
        assert_eq!(
            code(Insn::ArrayStore, Some(BasicType::Double)),
            Some("dastore")
        );
        assert_eq!(
            code(Insn::ReturnValue, Some(BasicType::Float)),
            Some("freturn")
        );
        assert_eq!(code(Insn::Return, None), Some("return"));
        assert_eq!(code(Insn::Goto(4), None), Some("goto"));
        assert_eq!(code(Insn::If(Cond::Ge, 4), None), Some("ifge"));
        assert_eq!(
            code(Insn::InvokeInterface(9), None),
            Some("invokeinterface")
        );
    }

    #[test]
    fn text_shows_mnemonic_and_operands() {
        let insns = [
            (Insn::Load(4), "iload"),
            (Insn::Load(0), "aload_0"),
            (Insn::Iconst(100), "bipush"),
            (Insn::Iinc(1, -1), "iinc"),
            (Insn::GetField(12), "getfield"),
            (Insn::IfIcmp(Cond::Lt, 0), "if_icmplt"),
            (Insn::TableSwitch(0), "tableswitch"),
            (Insn::LookupSwitch(1), "lookupswitch"),
            (Insn::NewArray(10), "newarray"),
            (Insn::MultiANewArray(7, 2), "multianewarray"),
            (Insn::ReturnValue, "lreturn"),
        ];
        let n = insns.len();
        let code = Code {
            max_stack: 4,
            max_locals: 5,
            insns: insns.iter().map(|(i, _)| *i).collect(),
            run: Default::default(),
            offsets: (0..n as u32).collect(),
            opcodes: insns.iter().map(|(_, m)| opcode(m).unwrap()).collect(),
            switches: Box::new([
                Switch::Table {
                    low: -1,
                    default: 3,
                    targets: Box::new([1, 2]),
                },
                Switch::Lookup {
                    default: 0,
                    pairs: Box::new([(7, 9)]),
                },
            ]),
            handlers: Box::new([]),
            lines: Box::new([]),
            local_names: Box::new([]),
        };
        let texts: Vec<String> = (0..n as u32).map(|i| text(&code, i)).collect();
        assert_eq!(
            texts,
            [
                "iload 4",
                "aload_0",
                "bipush 100",
                "iinc 1, -1",
                "getfield #12",
                "if_icmplt 0",
                "tableswitch {-1: 1, 0: 2, default: 3}",
                "lookupswitch {7: 9, default: 0}",
                "newarray int",
                "multianewarray #7, 2",
                "lreturn",
            ]
        );
    }
}
