//! The decision procedure: Z3 with bit vectors and IEEE 754 floating point, so that every
//! path it calls feasible is feasible on a real JVM (wrap-around, truncating division,
//! masked shifts, rounding; see `float` for floats and doubles).
//!
//! The solver's assertion stack follows the search: one push per condition of the current
//! path, popped back to the common prefix when the search moves to another path, so a
//! query on a deep path costs only the conditions that changed.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use z3::ast::{Ast, Bool, Float, BV};
use z3::{Config, Context, SatResult};

use std::rc::Rc;

use crate::expr::{is_float, sign_extend, Arena, BinOp, Cmp, Expr, ExprId, Model, PathId, Step};
use crate::fp;
use crate::ieee;

/// A solver's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable.
    Sat,
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (time limit).
    Unknown,
}

/// A translated expression.
#[derive(Clone)]
enum Term {
    Cond(Bool<'static>),
    Bits(BV<'static>),
    Float(Float<'static>),
}

/// Z3 with the current path's conditions asserted.
pub struct Solver {
    ctx: &'static Context,
    z3: z3::Solver<'static>,
    terms: HashMap<ExprId, Term>,
    /// The path nodes whose conditions are asserted, one push each.
    asserted: Vec<PathId>,
    /// Models found, by the branch they satisfy: `(path, condition)` holds under the model
    /// (with every earlier condition of the path).
    models: HashMap<(Option<PathId>, ExprId), Rc<Model>>,
    /// Time spent in `check`.
    pub time: Duration,
    /// Queries asked.
    pub queries: u64,
}

impl Solver {
    /// A solver giving up after `timeout` per query (none: never).
    pub fn new(timeout: Option<Duration>) -> Solver {
        let mut config = Config::new();
        config.set_model_generation(true);
        // One context per solver for the whole run: Z3's terms borrow it.
        let ctx: &'static Context = Box::leak(Box::new(Context::new(&config)));
        let z3 = z3::Solver::new(ctx);
        if let Some(t) = timeout {
            let mut params = z3::Params::new(ctx);
            params.set_u32(
                "timeout",
                t.as_millis().clamp(1, u128::from(u32::MAX)) as u32,
            );
            z3.set_params(&params);
        }
        Solver {
            ctx,
            z3,
            terms: HashMap::new(),
            asserted: Vec::new(),
            models: HashMap::new(),
            time: Duration::ZERO,
            queries: 0,
        }
    }

    fn term(&mut self, arena: &Arena, e: ExprId) -> Term {
        if let Some(t) = self.terms.get(&e) {
            return t.clone();
        }
        let ctx = self.ctx;
        // The expressions are well sorted (the machine and `float` check operands' widths):
        // these conversions only keep a translation total.
        let bits = |s: &mut Self, x: ExprId| match s.term(arena, x) {
            Term::Bits(b) => b,
            Term::Cond(c) => c.ite(&BV::from_i64(ctx, 1, 32), &BV::from_i64(ctx, 0, 32)),
            Term::Float(f) => fp::ieee_bits(ctx, &f),
        };
        let cond = |s: &mut Self, x: ExprId| match s.term(arena, x) {
            Term::Cond(c) => c,
            Term::Bits(b) => {
                let zero = BV::from_i64(ctx, 0, b.get_size());
                b._eq(&zero).not()
            }
            Term::Float(f) => fp::is_nan(ctx, &f).not(),
        };
        let fp = |s: &mut Self, x: ExprId| match s.term(arena, x) {
            Term::Float(f) => f,
            Term::Bits(b) => {
                let width = if b.get_size() == 32 {
                    crate::expr::F32
                } else {
                    crate::expr::F64
                };
                fp::from_ieee(ctx, &b, width)
            }
            Term::Cond(c) => {
                let b = c.ite(&BV::from_i64(ctx, 1, 32), &BV::from_i64(ctx, 0, 32));
                fp::from_ieee(ctx, &b, crate::expr::F32)
            }
        };
        let floats = |x: ExprId| is_float(arena.width(x));
        let t = match arena.get(e).clone() {
            Expr::Var { name, width } if is_float(width) => Term::Float(fp::var(ctx, &name, width)),
            Expr::Const { value, width } if is_float(width) => {
                Term::Float(fp::constant(ctx, value, width))
            }
            Expr::Var { name, width } => Term::Bits(BV::new_const(ctx, name, width)),
            Expr::Const { value, width } => Term::Bits(BV::from_i64(ctx, value, width)),
            Expr::Neg(a) if floats(a) => Term::Float(fp(self, a).unary_neg()),
            Expr::Neg(a) => Term::Bits(bits(self, a).bvneg()),
            Expr::Bin(op, a, b) if floats(a) => {
                let (a, b) = (fp(self, a), fp(self, b));
                Term::Float(fp::binary(ctx, op, &a, &b))
            }
            Expr::Bin(op, a, b) => {
                let (a, b) = (bits(self, a), bits(self, b));
                Term::Bits(match op {
                    BinOp::Add => a.bvadd(&b),
                    BinOp::Sub => a.bvsub(&b),
                    BinOp::Mul => a.bvmul(&b),
                    BinOp::Div => a.bvsdiv(&b),
                    BinOp::Rem => a.bvsrem(&b),
                    BinOp::And => a.bvand(&b),
                    BinOp::Or => a.bvor(&b),
                    BinOp::Xor => a.bvxor(&b),
                    BinOp::Shl => a.bvshl(&b),
                    BinOp::Shr => a.bvashr(&b),
                    BinOp::Ushr => a.bvlshr(&b),
                })
            }
            Expr::Extend { of, signed, width } => {
                let a = bits(self, of);
                let by = width - a.get_size();
                Term::Bits(if signed {
                    a.sign_ext(by)
                } else {
                    a.zero_ext(by)
                })
            }
            Expr::Low { of, width } => Term::Bits(bits(self, of).extract(width - 1, 0)),
            Expr::Cmp(op, a, b) if floats(a) => {
                // The same value (see `Expr`): SMT equality, under which NaN is NaN.
                let same = fp(self, a)._eq(&fp(self, b));
                Term::Cond(if op == Cmp::Eq { same } else { same.not() })
            }
            Expr::Cmp(op, a, b) => {
                let (a, b) = (bits(self, a), bits(self, b));
                Term::Cond(match op {
                    Cmp::Eq => a._eq(&b),
                    Cmp::Ne => a._eq(&b).not(),
                    Cmp::Lt => a.bvslt(&b),
                    Cmp::Ge => a.bvsge(&b),
                    Cmp::Gt => a.bvsgt(&b),
                    Cmp::Le => a.bvsle(&b),
                })
            }
            Expr::Ite(c, a, b) if floats(a) => {
                let c = cond(self, c);
                Term::Float(c.ite(&fp(self, a), &fp(self, b)))
            }
            Expr::Ite(c, a, b) => {
                let c = cond(self, c);
                Term::Bits(c.ite(&bits(self, a), &bits(self, b)))
            }
            Expr::Not(c) => Term::Cond(cond(self, c).not()),
            Expr::Any(cs) => {
                let cs: Vec<Bool<'static>> = cs.iter().map(|&c| cond(self, c)).collect();
                let refs: Vec<&Bool<'static>> = cs.iter().collect();
                Term::Cond(Bool::or(ctx, &refs))
            }
            Expr::Convert { of, width } => match (floats(of), is_float(width)) {
                (true, true) => Term::Float(fp::to_float(ctx, &fp(self, of), width)),
                (true, false) => Term::Bits(fp::to_int(ctx, &fp(self, of), width)),
                _ => Term::Float(fp::from_int(ctx, &bits(self, of), width)),
            },
            Expr::FCompare { a, b, nan } => {
                let (a, b) = (fp(self, a), fp(self, b));
                Term::Bits(fp::compare(ctx, &a, &b, nan))
            }
            Expr::FRel(rel, a, b) => {
                let (a, b) = (fp(self, a), fp(self, b));
                Term::Cond(fp::relation(ctx, rel, &a, &b))
            }
        };
        self.terms.insert(e, t.clone());
        t
    }

    fn condition(&mut self, arena: &Arena, e: ExprId) -> Bool<'static> {
        match self.term(arena, e) {
            Term::Cond(c) => c,
            Term::Bits(b) => b._eq(&BV::from_i64(self.ctx, 0, b.get_size())).not(),
            Term::Float(f) => fp::is_nan(self.ctx, &f).not(),
        }
    }

    /// Makes the assertion stack hold exactly `path`'s conditions.
    fn follow(&mut self, arena: &Arena, path: Option<PathId>) {
        let wanted: Vec<(PathId, ExprId)> = arena
            .steps(path)
            .into_iter()
            .filter_map(|(id, step)| match step {
                Step::Assume(c) => Some((id, c)),
                _ => None,
            })
            .collect();
        let common = self
            .asserted
            .iter()
            .zip(&wanted)
            .take_while(|(a, (w, _))| *a == w)
            .count();
        if self.asserted.len() > common {
            self.z3.pop((self.asserted.len() - common) as u32);
            self.asserted.truncate(common);
        }
        for &(id, c) in &wanted[common..] {
            let c = self.condition(arena, c);
            self.z3.push();
            self.z3.assert(&c);
            self.asserted.push(id);
        }
    }

    /// Whether `path`'s condition together with `extra` can hold.
    pub fn check(&mut self, arena: &Arena, path: Option<PathId>, extra: Option<ExprId>) -> Answer {
        self.follow(arena, path);
        let assumption = extra.map(|e| self.condition(arena, e));
        let start = Instant::now();
        let result = match &assumption {
            Some(a) => self.z3.check_assumptions(std::slice::from_ref(a)),
            None => self.z3.check(),
        };
        self.time += start.elapsed();
        self.queries += 1;
        match result {
            SatResult::Sat => Answer::Sat,
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown,
        }
    }

    /// Whether `extra` can hold on `path`, answered without Z3 when a model already known
    /// to satisfy the path satisfies `extra` too (model reuse: of a branch's exclusive
    /// outcomes, the one the current model takes needs no query).
    pub fn feasible(&mut self, arena: &Arena, path: Option<PathId>, extra: ExprId) -> Answer {
        if let Some(model) = self.model_of(arena, path) {
            if arena.eval(extra, &model) == Some(1) {
                self.models.insert((path, extra), model);
                return Answer::Sat;
            }
        }
        let answer = self.check(arena, path, Some(extra));
        if answer == Answer::Sat {
            if let Some(model) = self.current_model(arena, path) {
                self.models.insert((path, extra), Rc::new(model));
            }
        }
        answer
    }

    /// A model known to satisfy `path`'s condition: one stored for a branch on the way,
    /// checked against the conditions after it.
    fn model_of(&self, arena: &Arena, path: Option<PathId>) -> Option<Rc<Model>> {
        let mut pending = Vec::new();
        let mut at = path;
        let found = loop {
            let Some(id) = at else {
                break Rc::new(Model::new());
            };
            let node = arena.node(id);
            if let Step::Assume(c) = node.step {
                if let Some(m) = self.models.get(&(node.parent, c)) {
                    break m.clone();
                }
                pending.push(c);
                if pending.len() > 64 {
                    return None;
                }
            }
            at = node.parent;
        };
        pending
            .iter()
            .all(|&c| arena.eval(c, &found) == Some(1))
            .then_some(found)
    }

    /// The values of `path`'s inputs in the model of the last satisfiable check.
    fn current_model(&mut self, arena: &Arena, path: Option<PathId>) -> Option<Model> {
        let model = self.z3.get_model()?;
        let mut values = Model::new();
        for (_, step) in arena.steps(path) {
            if let Step::Input { var, .. } = step {
                if let Term::Bits(b) = self.term(arena, var) {
                    let v = model.eval(&b, true)?.as_u64()? as i64;
                    values.insert(var, sign_extend(v, arena.width(var)));
                }
            }
        }
        Some(values)
    }

    /// Values of `exprs` in a solution of `path` and `extra` (of floats and doubles: their
    /// IEEE bits, NaN's the canonical ones); `None` if there is none (or the solver gave up).
    pub fn solve(
        &mut self,
        arena: &Arena,
        path: Option<PathId>,
        extra: Option<ExprId>,
        exprs: &[ExprId],
    ) -> Option<Vec<i64>> {
        if self.check(arena, path, extra) != Answer::Sat {
            return None;
        }
        let model = self.z3.get_model()?;
        exprs
            .iter()
            .map(|&e| {
                let width = arena.width(e);
                let value = match self.term(arena, e) {
                    Term::Bits(b) => model.eval(&b, true)?.as_u64()? as i64,
                    Term::Cond(c) => i64::from(model.eval(&c, true)?.as_bool()?),
                    Term::Float(f) => {
                        if model.eval(&fp::is_nan(self.ctx, &f), true)?.as_bool()? {
                            ieee::nan_bits(width)
                        } else {
                            let ieee = fp::ieee_bits(self.ctx, &f);
                            model.eval(&ieee, true)?.as_u64()? as i64
                        }
                    }
                };
                Some(sign_extend(value, width))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_arithmetic_wraps_around() {
        let mut a = Arena::default();
        let x = a.var("x", 32);
        let zero = a.constant(0, 32);
        let one = a.constant(1, 32);
        let positive = a.cmp(Cmp::Gt, x, zero);
        let p = a.extend_path(None, Step::Assume(positive));
        let next = a.bin(BinOp::Add, x, one);
        let overflow = a.cmp(Cmp::Le, next, zero);
        let mut s = Solver::new(None);
        assert_eq!(s.check(&a, Some(p), Some(overflow)), Answer::Sat);
        assert_eq!(
            s.solve(&a, Some(p), Some(overflow), &[x]),
            Some(vec![i64::from(i32::MAX)])
        );
    }

    #[test]
    fn the_stack_follows_backtracking() {
        let mut a = Arena::default();
        let x = a.var("x", 64);
        let five = a.constant(5, 64);
        let eq = a.cmp(Cmp::Eq, x, five);
        let ne = a.not(eq);
        let p_eq = a.extend_path(None, Step::Assume(eq));
        let p_ne = a.extend_path(None, Step::Assume(ne));
        let mut s = Solver::new(None);
        assert_eq!(s.check(&a, Some(p_eq), Some(ne)), Answer::Unsat);
        assert_eq!(s.check(&a, Some(p_ne), Some(ne)), Answer::Sat);
        assert_eq!(s.check(&a, Some(p_eq), None), Answer::Sat);
        assert_eq!(s.solve(&a, Some(p_eq), None, &[x]), Some(vec![5]));
    }

    #[test]
    fn narrow_values_extend_with_their_sign() {
        let mut a = Arena::default();
        let b = a.var("b", 8);
        let i = a.resize(b, 32, true);
        let big = a.constant(127, 32);
        let over = a.cmp(Cmp::Gt, i, big);
        assert_eq!(Solver::new(None).check(&a, None, Some(over)), Answer::Unsat);
        let c = a.resize(b, 32, false);
        let over = a.cmp(Cmp::Gt, c, big);
        assert_eq!(Solver::new(None).check(&a, None, Some(over)), Answer::Sat);
    }
}
