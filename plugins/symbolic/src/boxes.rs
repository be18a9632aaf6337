//! Boxing of symbolic values (`Integer.valueOf(x)` and its siblings, which autoboxing
//! calls). A value outside the wrapper class's cache gets its box from the class library's
//! own code, the value riding on the box's `value` field. A value inside the cache would get
//! the cached box of that value, which depends on the value; it gets a new box instead that
//! stands for the cached one, and `==`/`!=` between such boxes and cached boxes compares
//! their values, as the cache makes identity behave. (Other uses of identity —
//! `System.identityHashCode`, locking on a box — see distinct objects.)

use rpf_plugin_api::{Execution, FrameInfo, HostRef, InsnInfo, JValue};

use crate::expr::{arena, attr_of, expr_of, path_attr_of, Cmp, Expr, ExprId, Step};
use crate::machine::{Decision, Symbolic};

/// A wrapper class's cache: the `valueOf` it serves, the box class, the values it holds,
/// and the class whose static `cache` array holds the boxes.
struct Cache {
    value_of: &'static str,
    class: &'static str,
    low: i64,
    high: i64,
    holder: &'static str,
}

#[rustfmt::skip]
const CACHES: &[Cache] = &[
    Cache { value_of: "java.lang.Integer.valueOf(I)Ljava/lang/Integer;", class: "java.lang.Integer", low: -128, high: 127, holder: "java.lang.Integer$IntegerCache" },
    Cache { value_of: "java.lang.Long.valueOf(J)Ljava/lang/Long;", class: "java.lang.Long", low: -128, high: 127, holder: "java.lang.Long$LongCache" },
    Cache { value_of: "java.lang.Short.valueOf(S)Ljava/lang/Short;", class: "java.lang.Short", low: -128, high: 127, holder: "java.lang.Short$ShortCache" },
    Cache { value_of: "java.lang.Byte.valueOf(B)Ljava/lang/Byte;", class: "java.lang.Byte", low: -128, high: 127, holder: "java.lang.Byte$ByteCache" },
    Cache { value_of: "java.lang.Character.valueOf(C)Ljava/lang/Character;", class: "java.lang.Character", low: 0, high: 127, holder: "java.lang.Character$CharacterCache" },
];

impl Symbolic {
    /// A `valueOf` call boxing a symbolic value; `None` if `insn` is none.
    pub(crate) fn box_value(
        &mut self,
        host: &mut HostRef<'_, '_>,
        insn: &InsnInfo,
    ) -> Option<Execution> {
        let cache = CACHES.iter().find(|c| c.value_of == insn.member.as_str())?;
        let value = expr_of(host.stack_attr(0))?;
        // `java.lang.Integer.IntegerCache.high` may be raised by a system property.
        let high = match (
            cache.class,
            host.static_field(cache.holder.into(), "high".into()),
        ) {
            ("java.lang.Integer", abi_stable::std_types::ROption::RSome(JValue::Int(h))) => {
                i64::from(h)
            }
            _ => cache.high,
        };
        let outcomes = {
            let mut a = arena();
            let width = a.width(value);
            let (low, high) = (a.constant(cache.low, width), a.constant(high, width));
            let below = a.cmp(Cmp::Lt, value, low);
            let above = a.cmp(Cmp::Gt, value, high);
            let outside = a.intern(Expr::Any(vec![below, above]));
            [a.not(outside), outside]
        };
        match self.decide(host, &outcomes) {
            Decision::Choose => Some(Execution::Reexecute),
            Decision::Infeasible => Some(Execution::Next),
            // Outside the cache: the class library makes a new box, which carries the value.
            Decision::Take(1) => Some(Execution::Default),
            Decision::Take(_) => {
                let boxed = host.new_object(cache.class.into()).into_option()?;
                let placeholder = match host.pop() {
                    JValue::Long(_) => JValue::Long(0),
                    _ => JValue::Int(0),
                };
                host.set_field(boxed, "value".into(), placeholder);
                host.set_field_attr(boxed, "value".into(), attr_of(value));
                host.push(JValue::Ref(boxed));
                let extended = arena().extend_path(Self::path(host), Step::Boxed { id: boxed });
                host.set_path_attr(path_attr_of(Some(extended)));
                Some(Execution::Next)
            }
        }
    }

    /// `if_acmpeq`/`if_acmpne` where an operand is a box standing for a cached one: equal
    /// exactly when the other is such a box or a cached box of the same class holding the
    /// same value. `None`: plain identity decides.
    pub(crate) fn box_identity(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Option<Execution> {
        let thread = host.current_thread();
        let (b, a) = (
            host.stack_value(thread, 0).as_ref()?,
            host.stack_value(thread, 1).as_ref()?,
        );
        if a == b {
            return None;
        }
        let class = host.class_name(a).into_string();
        if host.class_name(b).as_str() != class {
            return None;
        }
        let cache = CACHES.iter().find(|c| c.class == class)?;
        let boxes: Vec<u32> = arena()
            .steps(Self::path(host))
            .iter()
            .filter_map(|(_, s)| match s {
                Step::Boxed { id } => Some(*id),
                _ => None,
            })
            .collect();
        if !boxes.contains(&a) && !boxes.contains(&b) {
            return None;
        }
        let (va, vb) = (
            self.cached_value(host, cache, &boxes, a)?,
            self.cached_value(host, cache, &boxes, b)?,
        );
        let outcomes = {
            let mut ar = arena();
            let equal = ar.cmp(Cmp::Eq, va, vb);
            [equal, ar.not(equal)]
        };
        let equal = match self.decide(host, &outcomes) {
            Decision::Choose => return Some(Execution::Reexecute),
            Decision::Infeasible => return Some(Execution::Next),
            Decision::Take(i) => i == 0,
        };
        host.pop();
        host.pop();
        let jump = equal == (insn.mnemonic.as_str() == "if_acmpeq");
        let target = *insn.targets.first()?;
        let to = if jump { target } else { at.pc + 1 };
        self.edge(host, at, to);
        Some(Execution::Jump(to))
    }

    /// The value `object` is the cached box of: a box made for a cached value, or an element
    /// of the class's cache; `None` for any other object (a box of its own).
    fn cached_value(
        &self,
        host: &HostRef<'_, '_>,
        cache: &Cache,
        boxes: &[u32],
        object: u32,
    ) -> Option<ExprId> {
        let attr = host.field_attr(object, "value".into());
        if boxes.contains(&object) {
            return expr_of(attr);
        }
        let JValue::Ref(array) = host
            .static_field(cache.holder.into(), "cache".into())
            .into_option()?
        else {
            return None;
        };
        let length = host.array_length(array).into_option()?;
        let cached = (0..length)
            .any(|i| host.array_element(array, i).into_option() == Some(JValue::Ref(object)));
        if !cached {
            return None;
        }
        let mut a = arena();
        match host.field(object, "value".into()).into_option()? {
            JValue::Long(v) => Some(a.constant(v, 64)),
            JValue::Int(v) => Some(a.constant(i64::from(v), 32)),
            _ => None,
        }
    }
}
