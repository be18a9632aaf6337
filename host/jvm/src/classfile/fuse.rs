//! The register forms plain execution runs.
//!
//! A stack machine passes every operand through the operand stack: `x = y * y` is four
//! instructions, each dispatched on its own, and each value makes a trip through memory that
//! the next instruction has to wait for. [`Code::register_form`] replaces the first instruction of
//! frequent sequences with one instruction that reads its operands from locals or constants
//! and writes its result where the sequence would have left it (`BinLLStore(Dmul, y, y, x)`).
//! The rest of the sequence stays in place, so a branch into its middle still runs the
//! original instructions, and the interpreter runs the original first instruction instead
//! whenever the fused one cannot complete as a whole (a division by zero, a null, a budget
//! that ends inside the sequence, a driver that steps one instruction at a time). A machine
//! that explores runs the decoded instructions instead.

use super::bytecode::{BinOp, Code, Insn};
use super::constant::Constant;

impl Code {
    /// The instructions in register form (made on the first call; `pool` is the constant pool
    /// of the method's class).
    pub fn register_form(&self, pool: &[Constant]) -> &[Insn] {
        self.run.get_or_init(|| register_form(&self.insns, pool))
    }
}

/// `insns` with the first instruction of each fusable sequence replaced by its register form,
/// and [`Insn::End`] after the last one (so that running off the end needs no test of its
/// own). Long constants of `ldc2_w` are read from `pool`.
fn register_form(insns: &[Insn], pool: &[Constant]) -> Box<[Insn]> {
    (0..insns.len())
        .map(|i| fused(&insns[i..], pool).map_or(insns[i], specialized))
        .chain([Insn::End])
        .collect()
}

/// `form` with its operation in the variant, where there is such a variant.
fn specialized(form: Insn) -> Insn {
    use BinOp::{Dadd, Dmul, Dsub};
    use Insn::*;
    match form {
        BinPutField(Dadd, f) => DaddPutField(f),
        BinPutField(Dsub, f) => DsubPutField(f),
        BinPutField(Dmul, f) => DmulPutField(f),
        other => other,
    }
}

/// A small constant an instruction pushes, as the right operand of `op` (int or long as the
/// operation takes it).
fn constant(insn: Insn, op: BinOp, pool: &[Constant]) -> Option<i16> {
    let v = match insn {
        Insn::Iconst(v) if op.int_right() => i64::from(v),
        Insn::Lconst(v) if op.long_right() => i64::from(v),
        Insn::Ldc2(i) if op.long_right() => match pool.get(usize::from(i)) {
            Some(&Constant::Long(v)) => v,
            _ => return None,
        },
        _ => return None,
    };
    i16::try_from(v).ok()
}

/// The register form of the sequence at the start of `w`, if it has one (the longest).
fn fused(w: &[Insn], pool: &[Constant]) -> Option<Insn> {
    use Insn::*;
    let op = |i: usize| w.get(i).copied().and_then(BinOp::of);
    let k = |i: usize, op: BinOp| w.get(i).and_then(|&c| constant(c, op, pool));
    let k8 = |i: usize, op: BinOp| k(i, op).and_then(|k| i8::try_from(k).ok());
    let narrow = |l: u16| u8::try_from(l).ok();
    let compare = |op| {
        matches!(
            op,
            Some(BinOp::Lcmp | BinOp::Fcmpl | BinOp::Fcmpg | BinOp::Dcmpl | BinOp::Dcmpg)
        )
    };
    Some(match (w, op(0), op(1), op(2)) {
        (&[Load(b), Load(j), Load(a), Load(i), ArrayLoad, ArrayStore, ..], ..)
            if [b, j, a, i].iter().all(|&l| narrow(l).is_some()) =>
        {
            ArrayMoveLLLL(narrow(b)?, narrow(j)?, narrow(a)?, narrow(i)?)
        }
        (&[Load(a), Load(i), ArrayLoad, Store(c), ..], ..) => ArrayLoadLLStore(a, i, c),
        (&[Load(a), Load(i), ArrayLoad, ArrayStore, ..], ..) => ArrayMoveLL(a, i),
        (&[Load(a), GetField(f), _, ..], _, _, Some(op)) => BinSF(op, a, f),
        (&[Load(x), Load(a), GetField(f), _, ..], ..) if op(3).is_some() => BinLF(op(3)?, x, a, f),
        (&[Load(a), Load(i), Load(v), ArrayStore, ..], ..) => ArrayStoreLLL(a, i, v),
        (&[Load(a), Load(b), _, Store(c), ..], _, _, Some(op)) => BinLLStore(op, a, b, c),
        (&[Load(a), _, _, Store(c), ..], _, _, Some(op)) if k(1, op).is_some() => {
            BinLKStore(op, a, k(1, op)?, c)
        }
        (&[Load(a), Load(b), IfIcmp(cond, t), ..], ..) if narrow(a).zip(narrow(b)).is_some() => {
            IfLL(cond, narrow(a)?, narrow(b)?, t)
        }
        (&[Load(a), Iconst(k), IfIcmp(cond, t), ..], ..)
            if narrow(a).is_some() && i8::try_from(k).is_ok() =>
        {
            IfLK(cond, narrow(a)?, i8::try_from(k).ok()?, t)
        }
        (&[Load(a), If(cond, t), ..], ..) => IfL(cond, a, t),
        (&[Load(a), Load(b), ArrayLoad, ..], ..) => ArrayLoadLL(a, b),
        (&[Load(a), Load(b), ..], _, _, Some(op)) => BinLL(op, a, b),
        (&[Load(a), ..], _, _, Some(op)) if k(1, op).is_some() => BinLK(op, a, k(1, op)?),
        (&[Load(b), _, Store(c), ..], _, Some(op), _) => BinSLStore(op, b, c),
        (&[Load(a), GetField(f), ..], ..) => GetFieldL(a, f),
        (&[Load(a), Dup, GetField(f), ..], ..) => GetFieldDupL(a, f),
        (&[Iinc(i, d), Goto(t), ..], ..) if narrow(i).is_some() && i8::try_from(d).is_ok() => {
            IincGoto(narrow(i)?, i8::try_from(d).ok()?, t)
        }
        (&[Load(b), _, If(cond, t), ..], _, op @ Some(_), _)
            if compare(op) && narrow(b).is_some() =>
        {
            CmpLIf(op?, narrow(b)?, cond, t)
        }
        (&[_, _, If(cond, t), ..], _, op @ Some(_), _) if compare(op) && k8(0, op?).is_some() => {
            CmpKIf(op?, k8(0, op?)?, cond, t)
        }
        (&[Load(b), ..], _, Some(op), _) => BinSL(op, b),
        (_, _, Some(op), _) if k(0, op).is_some() => BinSK(op, k(0, op)?),
        (&[_, Store(c), ..], Some(op), ..) => BinStore(op, c),
        (&[_, PutField(f), ..], Some(op), ..) => BinPutField(op, f),
        (&[Iconst(k), Store(c), ..], ..) => StoreK(c, k),
        (&[_, If(cond, t), ..], op @ Some(_), ..) if compare(op) => CmpIf(op?, cond, t),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classfile::Cond;

    #[test]
    fn sequences_get_their_register_forms() {
        use Insn::*;
        let pool = [
            Constant::Unusable,
            Constant::Long(2),
            Constant::Long(1 << 40),
        ];
        let cases: &[(&[Insn], Option<Insn>)] = &[
            (
                &[Load(1), Load(2), Dmul, Store(3)],
                Some(BinLLStore(BinOp::Dmul, 1, 2, 3)),
            ),
            (
                &[Load(1), Load(2), Dmul, Pop],
                Some(BinLL(BinOp::Dmul, 1, 2)),
            ),
            (
                &[Load(1), Ldc2(1), Ladd, Store(1)],
                Some(BinLKStore(BinOp::Ladd, 1, 2, 1)),
            ),
            // Out of range for the form, or a long constant for an int operation.
            (&[Load(1), Ldc2(2), Ladd, Store(1)], None),
            (&[Load(1), Iconst(2), Ladd], None),
            (&[Load(1), Iconst(3), Lshl], Some(BinLK(BinOp::Lshl, 1, 3))),
            (
                &[Load(4), Load(5), IfIcmp(Cond::Lt, 9)],
                Some(IfLL(Cond::Lt, 4, 5, 9)),
            ),
            (&[Load(300), Load(5), IfIcmp(Cond::Lt, 9)], None),
            (
                &[Load(4), Iconst(50), IfIcmp(Cond::Ge, 9)],
                Some(IfLK(Cond::Ge, 4, 50, 9)),
            ),
            (&[Load(4), If(Cond::Eq, 7)], Some(IfL(Cond::Eq, 4, 7))),
            (&[Load(4), Load(5), ArrayLoad], Some(ArrayLoadLL(4, 5))),
            (&[Load(0), GetField(12), Load(1)], Some(GetFieldL(0, 12))),
            (&[Load(0), Dup, GetField(12)], Some(GetFieldDupL(0, 12))),
            (
                &[Load(4), Load(5), ArrayLoad, Store(6)],
                Some(ArrayLoadLLStore(4, 5, 6)),
            ),
            (
                &[Load(4), Load(5), Load(6), ArrayStore],
                Some(ArrayStoreLLL(4, 5, 6)),
            ),
            (&[Iinc(3, -1), Goto(0)], Some(IincGoto(3, -1, 0))),
            (&[Iinc(3, 200), Goto(0)], None),
            (&[Dsub, PutField(9)], Some(BinPutField(BinOp::Dsub, 9))),
            (
                &[Load(7), Load(1), GetField(9), Dmul],
                Some(BinLF(BinOp::Dmul, 7, 1, 9)),
            ),
            (&[Ddiv, PutField(9)], Some(BinPutField(BinOp::Ddiv, 9))),
            (
                &[Load(1), GetField(9), Dmul],
                Some(BinSF(BinOp::Dmul, 1, 9)),
            ),
            (
                &[Load(1), Load(2), Load(1), Load(3), ArrayLoad, ArrayStore],
                Some(ArrayMoveLLLL(1, 2, 1, 3)),
            ),
            (
                &[Load(1), Load(2), Load(300), Load(3), ArrayLoad, ArrayStore],
                None,
            ),
            (
                &[Load(4), Load(5), ArrayLoad, ArrayStore],
                Some(ArrayMoveLL(4, 5)),
            ),
            (&[Iconst(-70000), Store(2)], Some(StoreK(2, -70000))),
            (
                &[Load(6), Dadd, Store(13)],
                Some(BinSLStore(BinOp::Dadd, 6, 13)),
            ),
            (&[Load(6), Dmul, Load(2)], Some(BinSL(BinOp::Dmul, 6))),
            (&[Iconst(7), Iand], Some(BinSK(BinOp::Iand, 7))),
            (&[Iconst(70000), Iand], None),
            (&[Dsub, Store(3)], Some(BinStore(BinOp::Dsub, 3))),
            (
                &[Dcmpg, If(Cond::Gt, 2)],
                Some(CmpIf(BinOp::Dcmpg, Cond::Gt, 2)),
            ),
            (&[Iadd, If(Cond::Gt, 2)], None),
            (
                &[Load(2), Lcmp, If(Cond::Gt, 9)],
                Some(CmpLIf(BinOp::Lcmp, 2, Cond::Gt, 9)),
            ),
            (
                &[Load(2), Fcmpl, If(Cond::Ge, 9)],
                Some(CmpLIf(BinOp::Fcmpl, 2, Cond::Ge, 9)),
            ),
            (
                &[Load(300), Lcmp, If(Cond::Gt, 9)],
                Some(BinSL(BinOp::Lcmp, 300)),
            ),
            (
                &[Lconst(0), Lcmp, If(Cond::Ne, 4)],
                Some(CmpKIf(BinOp::Lcmp, 0, Cond::Ne, 4)),
            ),
            (
                &[Ldc2(1), Lcmp, If(Cond::Le, 4)],
                Some(CmpKIf(BinOp::Lcmp, 2, Cond::Le, 4)),
            ),
            (&[Ldc2(2), Lcmp, If(Cond::Le, 4)], None),
            (&[Lconst(1), Lcmp, Pop], Some(BinSK(BinOp::Lcmp, 1))),
            (&[Load(1)], None),
            (&[Load(1), Load(2)], None),
        ];
        for (seq, want) in cases {
            assert_eq!(fused(seq, &pool), *want, "{seq:?}");
        }
        // The double forms of `o.f op= x` carry their operation in the variant.
        let run = register_form(&[Dsub, PutField(9), Dmul, PutField(9), Return], &pool);
        assert_eq!(
            *run,
            [
                DsubPutField(9),
                PutField(9),
                DmulPutField(9),
                PutField(9),
                Return,
                End
            ]
        );
        let run = register_form(&[Load(1), Load(2), Iadd, Store(3), Return], &pool);
        assert_eq!(
            *run,
            [
                BinLLStore(BinOp::Iadd, 1, 2, 3),
                BinSLStore(BinOp::Iadd, 2, 3),
                BinStore(BinOp::Iadd, 3),
                Store(3),
                Return,
                End
            ]
        );
    }
}
