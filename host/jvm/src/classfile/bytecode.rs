//! Decoding the Code attribute into rpf's instruction form.
//!
//! classfile-parser decodes single instructions; this module drives it over the whole code
//! array (checking that decoding consumes it exactly), turns byte offsets into instruction
//! indices, checks every operand (branch targets, local slots, constant pool kinds), converts
//! the exception and line tables, and verifies operand stack heights by data flow so that the
//! interpreter can never underflow or overflow a frame.

use std::cell::OnceCell;

use classfile_parser::attribute_info::CodeAttribute;
use classfile_parser::code_attribute::{instruction_parser, Instruction as I};

use super::constant::Constant;
use super::descriptor::{parse_field, parse_method};

/// A comparison of an `if` instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>=`
    Ge,
    /// `>`
    Gt,
    /// `<=`
    Le,
}

impl Cond {
    /// Applies the comparison to `a` against `b`.
    #[inline(always)]
    pub fn test(self, a: i32, b: i32) -> bool {
        match self {
            Cond::Eq => a == b,
            Cond::Ne => a != b,
            Cond::Lt => a < b,
            Cond::Ge => a >= b,
            Cond::Gt => a > b,
            Cond::Le => a <= b,
        }
    }
}

/// One decoded instruction. Branch targets are instruction indices; typed loads and stores of
/// the same shape share a variant because the operand stack holds typed values.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Insn {
    Nop,
    AconstNull,
    Iconst(i32),
    /// lconst_0 / lconst_1 (narrow payloads keep every instruction in 8 bytes).
    Lconst(i32),
    Fconst(f32),
    /// dconst_0 / dconst_1 (exact as f32).
    Dconst(f32),
    /// ldc / ldc_w of an int, float, String, Class, MethodType, MethodHandle or Dynamic.
    Ldc(u16),
    /// ldc2_w of a long or double.
    Ldc2(u16),
    /// Any of iload/lload/fload/dload/aload.
    Load(u16),
    /// Any of istore/lstore/fstore/dstore/astore.
    Store(u16),
    /// Any of the xaload instructions.
    ArrayLoad,
    /// Any of the xastore instructions.
    ArrayStore,
    Pop,
    Pop2,
    Dup,
    DupX1,
    DupX2,
    Dup2,
    Dup2X1,
    Dup2X2,
    Swap,
    Iadd,
    Ladd,
    Fadd,
    Dadd,
    Isub,
    Lsub,
    Fsub,
    Dsub,
    Imul,
    Lmul,
    Fmul,
    Dmul,
    Idiv,
    Ldiv,
    Fdiv,
    Ddiv,
    Irem,
    Lrem,
    Frem,
    Drem,
    Ineg,
    Lneg,
    Fneg,
    Dneg,
    Ishl,
    Lshl,
    Ishr,
    Lshr,
    Iushr,
    Lushr,
    Iand,
    Land,
    Ior,
    Lor,
    Ixor,
    Lxor,
    Iinc(u16, i16),
    I2l,
    I2f,
    I2d,
    L2i,
    L2f,
    L2d,
    F2i,
    F2l,
    F2d,
    D2i,
    D2l,
    D2f,
    I2b,
    I2c,
    I2s,
    Lcmp,
    Fcmpl,
    Fcmpg,
    Dcmpl,
    Dcmpg,
    If(Cond, u32),
    IfIcmp(Cond, u32),
    IfAcmpEq(u32),
    IfAcmpNe(u32),
    IfNull(u32),
    IfNonNull(u32),
    Goto(u32),
    Jsr(u32),
    Ret(u16),
    /// Index into [`Code::switches`].
    TableSwitch(u32),
    /// Index into [`Code::switches`].
    LookupSwitch(u32),
    Return,
    /// Any of ireturn/lreturn/freturn/dreturn/areturn.
    ReturnValue,
    GetStatic(u16),
    PutStatic(u16),
    GetField(u16),
    PutField(u16),
    InvokeVirtual(u16),
    InvokeSpecial(u16),
    InvokeStatic(u16),
    InvokeInterface(u16),
    InvokeDynamic(u16),
    New(u16),
    /// Primitive array with the JVMS `atype` code (4 = boolean ... 11 = long).
    NewArray(u8),
    ANewArray(u16),
    ArrayLength,
    Athrow,
    CheckCast(u16),
    InstanceOf(u16),
    MonitorEnter,
    MonitorExit,
    MultiANewArray(u16, u8),

    // Register forms: what the interpreter runs in place of the first instruction of a
    // frequent sequence (made by `fuse`, never by the decoder; the sequence's instructions stay
    // in place after it). L is a local, K a small constant, S the operand stack.
    /// `load a; load b; op`: pushes `a op b`.
    BinLL(BinOp, u16, u16),
    /// `load a; load b; op; store c`.
    BinLLStore(BinOp, u16, u16, u16),
    /// `load b; op`: replaces the top entry `t` with `t op b`.
    BinSL(BinOp, u16),
    /// `load b; op; store c`: pops `t`, stores `t op b`.
    BinSLStore(BinOp, u16, u16),
    /// `load a; const k; op`: pushes `a op k`.
    BinLK(BinOp, u16, i16),
    /// `load a; const k; op; store c`.
    BinLKStore(BinOp, u16, i16, u16),
    /// `const k; op`: replaces the top entry `t` with `t op k`.
    BinSK(BinOp, i16),
    /// `op; store c`: pops two entries, stores their result.
    BinStore(BinOp, u16),
    /// `load a; load b; if_icmp<cond>`.
    IfLL(Cond, u8, u8, u32),
    /// `load a; const k; if_icmp<cond>`.
    IfLK(Cond, u8, i8, u32),
    /// `load a; if<cond>`.
    IfL(Cond, u16, u32),
    /// `xcmp; if<cond>` (the comparison as a [`BinOp`]).
    CmpIf(BinOp, Cond, u32),
    /// `load b; xcmp; if<cond>`: compares the top entry with local `b`.
    CmpLIf(BinOp, u8, Cond, u32),
    /// `const k; xcmp; if<cond>`: compares the top entry with `k`.
    CmpKIf(BinOp, i8, Cond, u32),
    /// `load a; getfield f`.
    GetFieldL(u16, u16),
    /// `load a; load i; xaload`.
    ArrayLoadLL(u16, u16),
    /// `load a; load i; xaload; store c`.
    ArrayLoadLLStore(u16, u16, u16),
    /// `load a; load i; load v; xastore`.
    ArrayStoreLLL(u16, u16, u16),
    /// `iinc l d; goto t`.
    IincGoto(u8, i8, u32),
    /// `load a; dup; getfield f`: pushes `a` and its field.
    GetFieldDupL(u16, u16),
    /// `op; putfield f`: pops an object and two values, stores their result in its field.
    BinPutField(BinOp, u16),
    /// `load a; getfield f; op`: replaces the top entry `t` with `t op a.f`.
    BinSF(BinOp, u16, u16),
    /// [`BinPutField`](Insn::BinPutField) of `dadd`, `dsub` and `dmul`, the operation in the
    /// variant: the generic form dispatches three times (on the form, on its operation and on
    /// the result's type as it writes the field).
    DaddPutField(u16),
    DsubPutField(u16),
    DmulPutField(u16),
    /// `load x; load a; getfield f; op`: pushes `x op a.f`.
    BinLF(BinOp, u16, u16, u16),
    /// `load b; load j; load a; load i; xaload; xastore`: `b[j] = a[i]`.
    ArrayMoveLLLL(u8, u8, u8, u8),
    /// `load a; load i; xaload; xastore`: stores `a[i]` into the array and index below.
    ArrayMoveLL(u16, u16),
    /// `const k; store c` of an int.
    StoreK(u16, i32),
    /// The end marker after the last instruction of [`Code::run`]: control that reaches it
    /// fell off the end of the code.
    End,
}

/// The binary operations of the register forms: typed as the instruction they stand for
/// (shifts of a long take an int count; the comparisons push an int). Not `frem` and `drem`,
/// which call the C library.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Iadd,
    Isub,
    Imul,
    Idiv,
    Irem,
    Iand,
    Ior,
    Ixor,
    Ishl,
    Ishr,
    Iushr,
    Ladd,
    Lsub,
    Lmul,
    Ldiv,
    Lrem,
    Land,
    Lor,
    Lxor,
    Lshl,
    Lshr,
    Lushr,
    Fadd,
    Fsub,
    Fmul,
    Fdiv,
    Dadd,
    Dsub,
    Dmul,
    Ddiv,
    Lcmp,
    Fcmpl,
    Fcmpg,
    Dcmpl,
    Dcmpg,
}

impl BinOp {
    /// The operation of a binary arithmetic, logic, shift or comparison instruction.
    pub fn of(insn: Insn) -> Option<BinOp> {
        use BinOp as B;
        use Insn as I;
        Some(match insn {
            I::Iadd => B::Iadd,
            I::Isub => B::Isub,
            I::Imul => B::Imul,
            I::Idiv => B::Idiv,
            I::Irem => B::Irem,
            I::Iand => B::Iand,
            I::Ior => B::Ior,
            I::Ixor => B::Ixor,
            I::Ishl => B::Ishl,
            I::Ishr => B::Ishr,
            I::Iushr => B::Iushr,
            I::Ladd => B::Ladd,
            I::Lsub => B::Lsub,
            I::Lmul => B::Lmul,
            I::Ldiv => B::Ldiv,
            I::Lrem => B::Lrem,
            I::Land => B::Land,
            I::Lor => B::Lor,
            I::Lxor => B::Lxor,
            I::Lshl => B::Lshl,
            I::Lshr => B::Lshr,
            I::Lushr => B::Lushr,
            I::Fadd => B::Fadd,
            I::Fsub => B::Fsub,
            I::Fmul => B::Fmul,
            I::Fdiv => B::Fdiv,
            I::Dadd => B::Dadd,
            I::Dsub => B::Dsub,
            I::Dmul => B::Dmul,
            I::Ddiv => B::Ddiv,
            I::Lcmp => B::Lcmp,
            I::Fcmpl => B::Fcmpl,
            I::Fcmpg => B::Fcmpg,
            I::Dcmpl => B::Dcmpl,
            I::Dcmpg => B::Dcmpg,
            _ => return None,
        })
    }

    /// Whether the right operand is a long (an int for shifts and int operations).
    pub fn long_right(self) -> bool {
        use BinOp::*;
        matches!(
            self,
            Ladd | Lsub | Lmul | Ldiv | Lrem | Land | Lor | Lxor | Lcmp
        )
    }

    /// Whether the right operand is an int.
    pub fn int_right(self) -> bool {
        use BinOp::*;
        matches!(
            self,
            Iadd | Isub
                | Imul
                | Idiv
                | Irem
                | Iand
                | Ior
                | Ixor
                | Ishl
                | Ishr
                | Iushr
                | Lshl
                | Lshr
                | Lushr
        )
    }
}

// The interpreter copies an instruction per step: keep it one machine word.
const _: () = assert!(std::mem::size_of::<Insn>() == 8);

impl Insn {
    /// The target of a conditional branch, `goto` or `jsr` (a switch's are in
    /// [`Code::switches`]).
    pub fn target(self) -> Option<u32> {
        use Insn::*;
        match self {
            If(_, t)
            | IfIcmp(_, t)
            | IfAcmpEq(t)
            | IfAcmpNe(t)
            | IfNull(t)
            | IfNonNull(t)
            | Goto(t)
            | Jsr(t) => Some(t),
            _ => None,
        }
    }

    /// The local variable slot it reads or writes.
    pub fn local(self) -> Option<u16> {
        use Insn::*;
        match self {
            Load(l) | Store(l) | Iinc(l, _) | Ret(l) => Some(l),
            _ => None,
        }
    }

    /// The constant pool index it refers to.
    #[inline]
    pub fn pool_index(self) -> Option<u16> {
        use Insn::*;
        match self {
            Ldc(i)
            | Ldc2(i)
            | GetStatic(i)
            | PutStatic(i)
            | GetField(i)
            | PutField(i)
            | InvokeVirtual(i)
            | InvokeSpecial(i)
            | InvokeStatic(i)
            | InvokeInterface(i)
            | InvokeDynamic(i)
            | New(i)
            | ANewArray(i)
            | CheckCast(i)
            | InstanceOf(i)
            | MultiANewArray(i, _) => Some(i),
            _ => None,
        }
    }
}

/// The table of a tableswitch or lookupswitch, targets as instruction indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Switch {
    /// Dense range `low..=low+targets.len()-1`.
    Table {
        /// Lowest key.
        low: i32,
        /// Target when out of range.
        default: u32,
        /// Targets in key order.
        targets: Box<[u32]>,
    },
    /// Sparse keys, sorted.
    Lookup {
        /// Target when no key matches.
        default: u32,
        /// `(key, target)` sorted by key.
        pairs: Box<[(i32, u32)]>,
    },
}

impl Switch {
    /// The target for `key`.
    #[inline]
    pub fn target(&self, key: i32) -> u32 {
        match self {
            Switch::Table {
                low,
                default,
                targets,
            } => {
                let offset = i64::from(key) - i64::from(*low);
                usize::try_from(offset)
                    .ok()
                    .and_then(|i| targets.get(i))
                    .copied()
                    .unwrap_or(*default)
            }
            Switch::Lookup { default, pairs } => pairs
                .binary_search_by_key(&key, |(k, _)| *k)
                .map(|i| pairs[i].1)
                .unwrap_or(*default),
        }
    }
}

/// An exception handler with instruction-index bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handler {
    /// First covered instruction.
    pub start: u32,
    /// One past the last covered instruction.
    pub end: u32,
    /// Handler entry.
    pub handler: u32,
    /// Constant pool index of the caught class, 0 for any (finally).
    pub catch_type: u16,
}

/// A method's decoded and checked code.
#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    /// JVMS max_stack (slots).
    pub max_stack: u16,
    /// JVMS max_locals (slots).
    pub max_locals: u16,
    /// The instructions.
    pub insns: Box<[Insn]>,
    /// The instructions as plain execution runs them, made when first asked for
    /// ([`Code::register_form`]): most decoded methods never run, and a search does not run
    /// them in this form.
    pub run: OnceCell<Box<[Insn]>>,
    /// Byte offset of each instruction (for listeners and javap-style traces).
    pub offsets: Box<[u32]>,
    /// Original opcode of each instruction (the widened one for `wide`).
    pub opcodes: Box<[u8]>,
    /// Switch tables referenced by `TableSwitch`/`LookupSwitch`.
    pub switches: Box<[Switch]>,
    /// Exception table in order.
    pub handlers: Box<[Handler]>,
    /// `(first instruction, source line)` sorted by instruction.
    pub lines: Box<[(u32, u16)]>,
    /// LocalVariableTable entries (present when compiled with `-g`).
    pub local_names: Box<[LocalName]>,
}

/// A LocalVariableTable entry with instruction-index bounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalName {
    /// First instruction where the variable is live.
    pub start: u32,
    /// One past the last instruction where it is live.
    pub end: u32,
    /// Local variable slot.
    pub slot: u16,
    /// Source name.
    pub name: std::rc::Rc<str>,
}

impl Code {
    /// The source name of local `slot` at instruction `index`, if known.
    pub fn local_name(&self, slot: u16, index: u32) -> Option<&str> {
        self.local_names
            .iter()
            .find(|l| l.slot == slot && l.start <= index && index < l.end)
            .map(|l| &*l.name)
    }

    /// Where instruction `index` may jump, sorted and without duplicates: the target of a
    /// branch, `goto` or `jsr`, the targets of a switch; none for other instructions.
    pub fn jump_targets(&self, index: u32) -> Vec<u32> {
        let mut targets: Vec<u32> = match self.insns.get(index as usize) {
            Some(Insn::TableSwitch(s) | Insn::LookupSwitch(s)) => {
                match self.switches.get(*s as usize) {
                    Some(Switch::Table {
                        default, targets, ..
                    }) => std::iter::once(*default)
                        .chain(targets.iter().copied())
                        .collect(),
                    Some(Switch::Lookup { default, pairs }) => std::iter::once(*default)
                        .chain(pairs.iter().map(|(_, t)| *t))
                        .collect(),
                    None => Vec::new(),
                }
            }
            Some(insn) => insn.target().into_iter().collect(),
            None => Vec::new(),
        };
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// The source line of instruction `index`, if the class has a LineNumberTable.
    pub fn line_at(&self, index: u32) -> Option<u16> {
        let i = self.lines.partition_point(|(start, _)| *start <= index);
        i.checked_sub(1).map(|i| self.lines[i].1)
    }
}

/// The raw debugging tables of a Code attribute.
#[derive(Debug, Default)]
pub struct DebugTables {
    /// Bodies of LineNumberTable attributes.
    pub lines: Vec<Vec<u8>>,
    /// Bodies of LocalVariableTable attributes.
    pub locals: Vec<Vec<u8>>,
}

/// Decodes a Code attribute together with its debugging tables, checking its structure (the
/// operand stack is checked by `stackcheck`).
pub fn decode(
    attr: &CodeAttribute,
    pool: &[Constant],
    tables: &DebugTables,
    is_static: bool,
    arg_slots: u16,
) -> Result<Code, String> {
    let bytes = &attr.code;
    if bytes.is_empty() {
        return Err("empty code array".to_string());
    }
    if bytes.len() > 65535 {
        return Err("code array longer than 65535 bytes".to_string());
    }
    let own_slots = arg_slots + u16::from(!is_static);
    if own_slots > attr.max_locals {
        return Err(format!(
            "max_locals {} is smaller than the {own_slots} argument slots",
            attr.max_locals
        ));
    }
    let raw = split_instructions(bytes)?;
    let mut index_of = vec![u32::MAX; bytes.len() + 1];
    for (i, (offset, _)) in raw.iter().enumerate() {
        index_of[*offset] = i as u32;
    }
    index_of[bytes.len()] = raw.len() as u32;
    let ctx = Decoder {
        pool,
        index_of: &index_of,
        max_locals: attr.max_locals,
    };
    let mut insns = Vec::with_capacity(raw.len());
    let mut switches = Vec::new();
    let mut opcodes = Vec::with_capacity(raw.len());
    for (offset, ins) in &raw {
        // For `wide` forms, record the widened opcode: it is the instruction's meaning.
        let opcode = match bytes[*offset] {
            0xc4 => bytes.get(offset + 1).copied().unwrap_or(0xc4),
            op => op,
        };
        opcodes.push(opcode);
        insns.push(ctx.convert(*offset, ins, &mut switches)?);
    }
    let handlers = attr
        .exception_table
        .iter()
        .map(|e| {
            let start = ctx.target_abs(usize::from(e.start_pc))?;
            let end = ctx.target_abs(usize::from(e.end_pc))?;
            let handler = ctx.target_abs(usize::from(e.handler_pc))?;
            if start >= end || handler as usize >= raw.len() {
                return Err(format!(
                    "bad exception table entry {}..{} -> {}",
                    e.start_pc, e.end_pc, e.handler_pc
                ));
            }
            if e.catch_type != 0
                && !matches!(
                    pool.get(usize::from(e.catch_type)),
                    Some(Constant::Class(_))
                )
            {
                return Err(format!(
                    "exception handler catch type {} is not a class",
                    e.catch_type
                ));
            }
            Ok(Handler {
                start,
                end,
                handler,
                catch_type: e.catch_type,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut local_names = Vec::new();
    for table in &tables.locals {
        let count = table
            .get(..2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            .ok_or("truncated LocalVariableTable")?;
        if table.len() != 2 + 10 * count {
            return Err("LocalVariableTable length does not match its count".to_string());
        }
        for entry in table[2..].chunks_exact(10) {
            let field = |i: usize| u16::from_be_bytes([entry[i], entry[i + 1]]);
            let start = usize::from(field(0));
            let end = start + usize::from(field(2));
            let Some(Constant::Utf8(name)) = pool.get(usize::from(field(4))) else {
                return Err("LocalVariableTable name is not a Utf8 constant".to_string());
            };
            local_names.push(LocalName {
                start: ctx.target_abs(start)?,
                end: ctx.target_abs(end)?,
                slot: field(8),
                name: name.clone(),
            });
        }
    }
    let mut lines = Vec::new();
    for table in &tables.lines {
        let count = table
            .get(..2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
            .ok_or("truncated LineNumberTable")?;
        if table.len() != 2 + 4 * count {
            return Err("LineNumberTable length does not match its count".to_string());
        }
        for entry in table[2..].chunks_exact(4) {
            let pc = usize::from(u16::from_be_bytes([entry[0], entry[1]]));
            let line = u16::from_be_bytes([entry[2], entry[3]]);
            let index = ctx.target_abs(pc)?;
            lines.push((index, line));
        }
    }
    lines.sort_by_key(|(index, _)| *index);
    let code = Code {
        max_stack: attr.max_stack,
        max_locals: attr.max_locals,
        run: OnceCell::new(),
        insns: insns.into(),
        offsets: raw.iter().map(|(o, _)| *o as u32).collect(),
        opcodes: opcodes.into(),
        switches: switches.into(),
        handlers: handlers.into(),
        lines: lines.into(),
        local_names: local_names.into(),
    };
    Ok(code)
}

/// Splits the code array into instructions, requiring it to be consumed exactly.
fn split_instructions(bytes: &[u8]) -> Result<Vec<(usize, I)>, String> {
    let mut out = Vec::new();
    let mut offset = 0;
    while offset < bytes.len() {
        let rest = &bytes[offset..];
        if rest[0] == 0xaa {
            precheck_tableswitch(bytes, offset)?;
        }
        let (remaining, ins) = instruction_parser(rest, offset).map_err(|_| {
            format!(
                "cannot decode instruction at byte {offset} (opcode 0x{:02x})",
                rest[0]
            )
        })?;
        out.push((offset, ins));
        offset = bytes.len() - remaining.len();
    }
    Ok(out)
}

/// classfile-parser computes `high - low + 1` unchecked; reject ranges that would overflow.
fn precheck_tableswitch(bytes: &[u8], offset: usize) -> Result<(), String> {
    let base = offset + 1 + (4 - (offset + 1) % 4) % 4;
    let word = |at: usize| -> Option<i32> {
        bytes
            .get(at..at + 4)
            .map(|b| i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    match (word(base + 4), word(base + 8)) {
        (Some(low), Some(high)) if low <= high && i64::from(high) - i64::from(low) < 65536 => {
            Ok(())
        }
        (Some(_), Some(_)) => Err(format!("tableswitch at byte {offset} has a bad range")),
        _ => Err(format!("truncated tableswitch at byte {offset}")),
    }
}

struct Decoder<'a> {
    pool: &'a [Constant],
    index_of: &'a [u32],
    max_locals: u16,
}

impl Decoder<'_> {
    fn target_abs(&self, pc: usize) -> Result<u32, String> {
        match self.index_of.get(pc) {
            Some(&i) if i != u32::MAX => Ok(i),
            _ => Err(format!("byte offset {pc} is not an instruction boundary")),
        }
    }

    fn target(&self, offset: usize, delta: i32) -> Result<u32, String> {
        let pc = offset as i64 + i64::from(delta);
        let last = self.index_of.len() as i64 - 1;
        if pc < 0 || pc >= last {
            return Err(format!("branch at byte {offset} leaves the code array"));
        }
        self.target_abs(pc as usize)
    }

    fn local(&self, index: u16, wide: bool) -> Result<u16, String> {
        let needed = u32::from(index) + if wide { 2 } else { 1 };
        if needed > u32::from(self.max_locals) {
            return Err(format!(
                "local variable {index} exceeds max_locals {}",
                self.max_locals
            ));
        }
        Ok(index)
    }

    fn cp(&self, index: u16, ok: impl Fn(&Constant) -> bool, what: &str) -> Result<u16, String> {
        match self.pool.get(usize::from(index)) {
            Some(c) if ok(c) => Ok(index),
            _ => Err(format!("constant pool index {index} is not {what}")),
        }
    }

    fn class(&self, index: u16) -> Result<u16, String> {
        self.cp(index, |c| matches!(c, Constant::Class(_)), "a class")
    }

    fn field(&self, index: u16) -> Result<u16, String> {
        self.cp(
            index,
            |c| matches!(c, Constant::FieldRef(m) if parse_field(&m.desc).is_some()),
            "a field reference",
        )
    }

    /// A method reference; `interface` constrains the ref kind, `init` allows `<init>`.
    fn method(&self, index: u16, interface: Option<bool>, init: bool) -> Result<u16, String> {
        self.cp(
            index,
            |c| match c {
                Constant::MethodRef(m) => {
                    let name_ok = !m.name.starts_with('<') || (init && &*m.name == "<init>");
                    interface.is_none_or(|want| want == m.interface)
                        && name_ok
                        && parse_method(&m.desc).is_some()
                }
                _ => false,
            },
            "a suitable method reference",
        )
    }

    fn convert(&self, offset: usize, ins: &I, switches: &mut Vec<Switch>) -> Result<Insn, String> {
        use Insn::*;
        let t = |d: i16| self.target(offset, i32::from(d));
        let l = |i: u8| self.local(u16::from(i), false);
        let l2 = |i: u8| self.local(u16::from(i), true);
        Ok(match *ins {
            I::Nop => Nop,
            I::Aconstnull => AconstNull,
            I::Iconstm1 => Iconst(-1),
            I::Iconst0 => Iconst(0),
            I::Iconst1 => Iconst(1),
            I::Iconst2 => Iconst(2),
            I::Iconst3 => Iconst(3),
            I::Iconst4 => Iconst(4),
            I::Iconst5 => Iconst(5),
            I::Lconst0 => Lconst(0),
            I::Lconst1 => Lconst(1),
            I::Fconst0 => Fconst(0.0),
            I::Fconst1 => Fconst(1.0),
            I::Fconst2 => Fconst(2.0),
            I::Dconst0 => Dconst(0.0),
            I::Dconst1 => Dconst(1.0),
            I::Bipush(v) => Iconst(i32::from(v)),
            I::Sipush(v) => Iconst(i32::from(v)),
            I::Ldc(i) => Ldc(self.loadable(u16::from(i))?),
            I::LdcW(i) => Ldc(self.loadable(i)?),
            I::Ldc2W(i) => Ldc2(self.cp(
                i,
                |c| {
                    matches!(c, Constant::Long(_) | Constant::Double(_))
                        || matches!(c, Constant::Dynamic { desc, .. } if matches!(&**desc, "J" | "D"))
                },
                "a long or double",
            )?),
            I::Iload(i) | I::Fload(i) | I::Aload(i) => Load(l(i)?),
            I::Lload(i) | I::Dload(i) => Load(l2(i)?),
            I::IloadWide(i) | I::FloadWide(i) | I::AloadWide(i) => Load(self.local(i, false)?),
            I::LloadWide(i) | I::DloadWide(i) => Load(self.local(i, true)?),
            I::Iload0 | I::Fload0 | I::Aload0 => Load(l(0)?),
            I::Iload1 | I::Fload1 | I::Aload1 => Load(l(1)?),
            I::Iload2 | I::Fload2 | I::Aload2 => Load(l(2)?),
            I::Iload3 | I::Fload3 | I::Aload3 => Load(l(3)?),
            I::Lload0 | I::Dload0 => Load(l2(0)?),
            I::Lload1 | I::Dload1 => Load(l2(1)?),
            I::Lload2 | I::Dload2 => Load(l2(2)?),
            I::Lload3 | I::Dload3 => Load(l2(3)?),
            I::Istore(i) | I::Fstore(i) | I::Astore(i) => Store(l(i)?),
            I::Lstore(i) | I::Dstore(i) => Store(l2(i)?),
            I::IstoreWide(i) | I::FstoreWide(i) | I::AstoreWide(i) => Store(self.local(i, false)?),
            I::LstoreWide(i) | I::DstoreWide(i) => Store(self.local(i, true)?),
            I::Istore0 | I::Fstore0 | I::Astore0 => Store(l(0)?),
            I::Istore1 | I::Fstore1 | I::Astore1 => Store(l(1)?),
            I::Istore2 | I::Fstore2 | I::Astore2 => Store(l(2)?),
            I::Istore3 | I::Fstore3 | I::Astore3 => Store(l(3)?),
            I::Lstore0 | I::Dstore0 => Store(l2(0)?),
            I::Lstore1 | I::Dstore1 => Store(l2(1)?),
            I::Lstore2 | I::Dstore2 => Store(l2(2)?),
            I::Lstore3 | I::Dstore3 => Store(l2(3)?),
            I::Iaload | I::Laload | I::Faload | I::Daload | I::Aaload | I::Baload | I::Caload
            | I::Saload => ArrayLoad,
            I::Iastore | I::Lastore | I::Fastore | I::Dastore | I::Aastore | I::Bastore
            | I::Castore | I::Sastore => ArrayStore,
            I::Pop => Pop,
            I::Pop2 => Pop2,
            I::Dup => Dup,
            I::Dupx1 => DupX1,
            I::Dupx2 => DupX2,
            I::Dup2 => Dup2,
            I::Dup2x1 => Dup2X1,
            I::Dup2x2 => Dup2X2,
            I::Swap => Swap,
            I::Iadd => Iadd,
            I::Ladd => Ladd,
            I::Fadd => Fadd,
            I::Dadd => Dadd,
            I::Isub => Isub,
            I::Lsub => Lsub,
            I::Fsub => Fsub,
            I::Dsub => Dsub,
            I::Imul => Imul,
            I::Lmul => Lmul,
            I::Fmul => Fmul,
            I::Dmul => Dmul,
            I::Idiv => Idiv,
            I::Ldiv => Ldiv,
            I::Fdiv => Fdiv,
            I::Ddiv => Ddiv,
            I::Irem => Irem,
            I::Lrem => Lrem,
            I::Frem => Frem,
            I::Drem => Drem,
            I::Ineg => Ineg,
            I::Lneg => Lneg,
            I::Fneg => Fneg,
            I::Dneg => Dneg,
            I::Ishl => Ishl,
            I::Lshl => Lshl,
            I::Ishr => Ishr,
            I::Lshr => Lshr,
            I::Iushr => Iushr,
            I::Lushr => Lushr,
            I::Iand => Iand,
            I::Land => Land,
            I::Ior => Ior,
            I::Lor => Lor,
            I::Ixor => Ixor,
            I::Lxor => Lxor,
            I::Iinc { index, value } => Iinc(l(index)?, i16::from(value)),
            I::IincWide { index, value } => Iinc(self.local(index, false)?, value),
            I::I2l => I2l,
            I::I2f => I2f,
            I::I2d => I2d,
            I::L2i => L2i,
            I::L2f => L2f,
            I::L2d => L2d,
            I::F2i => F2i,
            I::F2l => F2l,
            I::F2d => F2d,
            I::D2i => D2i,
            I::D2l => D2l,
            I::D2f => D2f,
            I::I2b => I2b,
            I::I2c => I2c,
            I::I2s => I2s,
            I::Lcmp => Lcmp,
            I::Fcmpl => Fcmpl,
            I::Fcmpg => Fcmpg,
            I::Dcmpl => Dcmpl,
            I::Dcmpg => Dcmpg,
            I::Ifeq(d) => If(Cond::Eq, t(d)?),
            I::Ifne(d) => If(Cond::Ne, t(d)?),
            I::Iflt(d) => If(Cond::Lt, t(d)?),
            I::Ifge(d) => If(Cond::Ge, t(d)?),
            I::Ifgt(d) => If(Cond::Gt, t(d)?),
            I::Ifle(d) => If(Cond::Le, t(d)?),
            I::IfIcmpeq(d) => IfIcmp(Cond::Eq, t(d)?),
            I::IfIcmpne(d) => IfIcmp(Cond::Ne, t(d)?),
            I::IfIcmplt(d) => IfIcmp(Cond::Lt, t(d)?),
            I::IfIcmpge(d) => IfIcmp(Cond::Ge, t(d)?),
            I::IfIcmpgt(d) => IfIcmp(Cond::Gt, t(d)?),
            I::IfIcmple(d) => IfIcmp(Cond::Le, t(d)?),
            I::IfAcmpeq(d) => IfAcmpEq(t(d)?),
            I::IfAcmpne(d) => IfAcmpNe(t(d)?),
            I::Ifnull(d) => IfNull(t(d)?),
            I::Ifnonnull(d) => IfNonNull(t(d)?),
            I::Goto(d) => Goto(t(d)?),
            I::GotoW(d) => Goto(self.target(offset, d)?),
            I::Jsr(d) => Jsr(t(d)?),
            I::JsrW(d) => Jsr(self.target(offset, d)?),
            I::Ret(i) => Ret(l(i)?),
            I::RetWide(i) => Ret(self.local(i, false)?),
            I::Tableswitch {
                default,
                low,
                ref offsets,
                ..
            } => {
                let targets = offsets
                    .iter()
                    .map(|d| self.target(offset, *d))
                    .collect::<Result<Vec<_>, _>>()?;
                switches.push(Switch::Table {
                    low,
                    default: self.target(offset, default)?,
                    targets: targets.into(),
                });
                TableSwitch(switches.len() as u32 - 1)
            }
            I::Lookupswitch { default, ref pairs } => {
                let mut resolved = pairs
                    .iter()
                    .map(|(k, d)| Ok((*k, self.target(offset, *d)?)))
                    .collect::<Result<Vec<_>, String>>()?;
                resolved.sort_by_key(|(k, _)| *k);
                if resolved.windows(2).any(|w| w[0].0 == w[1].0) {
                    return Err(format!("lookupswitch at byte {offset} has duplicate keys"));
                }
                switches.push(Switch::Lookup {
                    default: self.target(offset, default)?,
                    pairs: resolved.into(),
                });
                LookupSwitch(switches.len() as u32 - 1)
            }
            I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn => ReturnValue,
            I::Return => Return,
            I::Getstatic(i) => GetStatic(self.field(i)?),
            I::Putstatic(i) => PutStatic(self.field(i)?),
            I::Getfield(i) => GetField(self.field(i)?),
            I::Putfield(i) => PutField(self.field(i)?),
            I::Invokevirtual(i) => InvokeVirtual(self.method(i, Some(false), false)?),
            I::Invokespecial(i) => InvokeSpecial(self.method(i, None, true)?),
            I::Invokestatic(i) => InvokeStatic(self.method(i, None, false)?),
            I::Invokeinterface { index, count } => {
                self.method(index, Some(true), false)?;
                if count == 0 {
                    return Err(format!("invokeinterface at byte {offset} has count 0"));
                }
                InvokeInterface(index)
            }
            I::Invokedynamic(i) => InvokeDynamic(self.cp(
                i,
                |c| matches!(c, Constant::InvokeDynamic { desc, .. } if parse_method(desc).is_some()),
                "an invokedynamic call site",
            )?),
            I::New(i) => New(self.class(i)?),
            I::Newarray(t) => {
                if !(4..=11).contains(&t) {
                    return Err(format!("newarray at byte {offset} has bad type {t}"));
                }
                NewArray(t)
            }
            I::Anewarray(i) => ANewArray(self.class(i)?),
            I::Arraylength => ArrayLength,
            I::Athrow => Athrow,
            I::Checkcast(i) => CheckCast(self.class(i)?),
            I::Instanceof(i) => InstanceOf(self.class(i)?),
            I::Monitorenter => MonitorEnter,
            I::Monitorexit => MonitorExit,
            I::Multianewarray { index, dimensions } => {
                self.class(index)?;
                if dimensions == 0 {
                    return Err(format!("multianewarray at byte {offset} has 0 dimensions"));
                }
                MultiANewArray(index, dimensions)
            }
        })
    }

    fn loadable(&self, index: u16) -> Result<u16, String> {
        self.cp(
            index,
            |c| {
                matches!(
                    c,
                    Constant::Int(_)
                        | Constant::Float(_)
                        | Constant::String(_)
                        | Constant::Class(_)
                        | Constant::MethodType(_)
                        | Constant::MethodHandle { .. }
                ) || matches!(c, Constant::Dynamic { desc, .. } if !matches!(&**desc, "J" | "D"))
            },
            "a single-slot loadable constant",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classfile::constant::MemberRef;
    use crate::classfile::descriptor::BasicType;
    use crate::classfile::opcodes::{self, decodes_to, Format};

    fn pool() -> Vec<Constant> {
        let member = |class: &str, desc: &str, interface| MemberRef {
            class: class.into(),
            name: "m".into(),
            desc: desc.into(),
            interface,
        };
        vec![
            Constant::Unusable,
            Constant::Int(7),
            Constant::Long(8),
            Constant::Unusable,
            Constant::Class("C".into()),
            Constant::FieldRef(member("C", "J", false)),
            Constant::MethodRef(member("C", "(I)V", false)),
            Constant::MethodRef(member("I", "()V", true)),
            Constant::InvokeDynamic {
                bootstrap: 0,
                name: "m".into(),
                desc: "()V".into(),
            },
        ]
    }

    /// The bytes of one instruction with `opcode` in `format` at offset 0, referring to
    /// constant `pool_index`; branches go to the instruction itself.
    fn sample(opcode: u8, format: Format, pool_index: u8) -> Vec<u8> {
        let operands: &[u8] = match format {
            Format::None => &[],
            Format::Byte => &[100],
            Format::Short => &[3, 232],
            Format::ArrayType => &[10],
            Format::Local => &[1],
            Format::Iinc => &[1, 0xff],
            Format::Pool1 => &[pool_index],
            Format::Pool2 => &[0, pool_index],
            Format::InvokeInterface => &[0, pool_index, 1, 0],
            Format::InvokeDynamic => &[0, pool_index, 0, 0],
            Format::MultiANewArray => &[0, pool_index, 2],
            Format::Branch => &[0, 0],
            Format::BranchWide => &[0, 0, 0, 0],
            // Padding, default, low, high, one offset.
            Format::TableSwitch => &[0; 3 + 16],
            // Padding, default, no pairs.
            Format::LookupSwitch => &[0; 3 + 8],
            Format::Wide => unreachable!("wide has its own test"),
        };
        std::iter::once(opcode)
            .chain(operands.iter().copied())
            .collect()
    }

    /// Decodes one instruction that must take all of `bytes`.
    fn decode_one(bytes: &[u8], pool: &[Constant]) -> Result<Insn, String> {
        let raw = split_instructions(bytes)?;
        let [(0, ins)] = &raw[..] else {
            return Err(format!("{bytes:02x?} is not exactly one instruction"));
        };
        let mut index_of = vec![u32::MAX; bytes.len() + 1];
        index_of[0] = 0;
        index_of[bytes.len()] = 1;
        let decoder = Decoder {
            pool,
            index_of: &index_of,
            max_locals: 5,
        };
        decoder.convert(0, ins, &mut Vec::new())
    }

    /// classfile-parser reads each opcode with the operand format the table states, and the
    /// decoder turns it into the instruction the table states.
    #[test]
    fn every_opcode_decodes_as_the_table_says() {
        let pool = pool();
        for op in (0..=0xc9u8).filter(|&op| op != 0xc4) {
            let info = opcodes::info(op).unwrap();
            let decoded = (1..pool.len() as u8)
                .find_map(|p| decode_one(&sample(op, info.format, p), &pool).ok())
                .unwrap_or_else(|| panic!("{} does not decode", info.mnemonic));
            assert!(
                decodes_to(op, decoded),
                "{} gave {decoded:?}",
                info.mnemonic
            );
            // Generated code can encode it again with an opcode of the same effect.
            let values = [None, Some(BasicType::Int), Some(BasicType::Long)]
                .into_iter()
                .chain([BasicType::Float, BasicType::Double, BasicType::Ref].map(Some));
            let again = values
                .filter_map(|v| opcodes::encode(decoded, v))
                .find(|&e| {
                    let e = opcodes::info(e).unwrap();
                    (e.effect, e.flow) == (info.effect, info.flow)
                });
            assert!(again.is_some(), "{} does not encode back", info.mnemonic);
        }
    }

    /// `wide` applies exactly to the opcodes with a local variable operand, and the widened
    /// form decodes like the narrow one.
    #[test]
    fn wide_widens_exactly_the_local_formats() {
        let pool = pool();
        for op in (0..=0xc9u8).filter(|&op| op != 0xc4) {
            let info = opcodes::info(op).unwrap();
            let mut bytes = vec![0xc4, op, 0, 1];
            if info.format == Format::Iinc {
                bytes.extend([0xff, 0xff]);
            }
            let widened = decode_one(&bytes, &pool);
            match info.format {
                Format::Local | Format::Iinc => {
                    let narrow = decode_one(&sample(op, info.format, 0), &pool);
                    assert_eq!(widened, narrow, "wide {}", info.mnemonic);
                }
                _ => assert!(widened.is_err(), "wide {}", info.mnemonic),
            }
        }
    }
}
