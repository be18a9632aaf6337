//! What a JPF-style test (`extends gov.nasa.jpf.util.test.TestJPF`) expects of its search:
//! read from the `verify...` call in the test method's bytecode, and judged against the
//! search's result once it ends.

use std::rc::Rc;

use rpf_jvm::classfile::{ClassFile, Constant, Insn, MethodDef};

use crate::check::report;
use crate::check::result::{CheckResult, Verdict};

use super::Outcome;

/// JPF's test base class, a model class of rpf's API.
pub const TEST_JPF: &str = "gov/nasa/jpf/util/test/TestJPF";

const TYPE_REF: &str = "gov/nasa/jpf/util/TypeRef";

const UNCAUGHT: &str = "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty";

/// The outcome a test expects of its search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// No path violates a property (plain tests, `verifyNoPropertyViolation`).
    NoViolation,
    /// A path ends with this exception uncaught, its message ending in `details` if given
    /// (`verifyAssertionError`, `verifyUnhandledException`, and their `...Details`).
    Uncaught {
        /// Fully qualified exception class.
        class: String,
        /// The end of the detail message.
        details: Option<String>,
    },
    /// A path violates this property class (`verifyPropertyViolation`, `verifyDeadlock`).
    Property(String),
}

/// A test's `verify...` call: what it expects and the settings (`+key=value`) it passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyCall {
    /// The expected outcome.
    pub expect: Expect,
    /// Settings for this test's search.
    pub settings: Vec<String>,
}

/// An operand stack entry while reading the instructions before the call.
#[derive(Debug, Clone)]
enum Val {
    Str(Rc<str>),
    Int(i32),
    /// A `String[]` under construction, by index into the arrays built so far.
    Array(usize),
    /// A `TypeRef` under construction or built, by index into the objects seen.
    Object(usize),
    Unknown,
}

/// Finds the `verify...` call of a TestJPF test method. `Ok(None)`: the method makes none
/// (it runs as a plain test); `Err`: it makes one rpf cannot read (its arguments are not
/// constants, or there are several), as a reason for the report.
pub fn verify_call(class: &ClassFile, method: &MethodDef) -> Result<Option<VerifyCall>, String> {
    let Some(code) = &method.code else {
        return Ok(None);
    };
    let mut stack: Vec<Val> = Vec::new();
    let mut arrays: Vec<Vec<Option<Rc<str>>>> = Vec::new();
    let mut objects: Vec<Option<Rc<str>>> = Vec::new();
    let mut found = None;
    for insn in code.insns.iter() {
        match *insn {
            Insn::Ldc(i) => stack.push(match class.constant(i) {
                Some(Constant::String(units)) => {
                    Val::Str(Rc::from(String::from_utf16_lossy(units)))
                }
                Some(Constant::Int(v)) => Val::Int(*v),
                _ => Val::Unknown,
            }),
            Insn::Iconst(v) => stack.push(Val::Int(v)),
            Insn::AconstNull | Insn::Load(_) => stack.push(Val::Unknown),
            Insn::ANewArray(_) => match stack.pop() {
                Some(Val::Int(n)) if (0..=64).contains(&n) => {
                    arrays.push(vec![None; n as usize]);
                    stack.push(Val::Array(arrays.len() - 1));
                }
                _ => stack.clear(),
            },
            Insn::Dup => match stack.last().cloned() {
                Some(top) => stack.push(top),
                None => stack.clear(),
            },
            Insn::ArrayStore => {
                let value = stack.pop();
                let index = stack.pop();
                let array = stack.pop();
                match (array, index, value) {
                    (Some(Val::Array(a)), Some(Val::Int(i)), Some(Val::Str(s))) => {
                        if let Some(slot) = arrays[a].get_mut(i as usize) {
                            *slot = Some(s);
                        }
                    }
                    _ => stack.clear(),
                }
            }
            Insn::New(i) => match class.constant(i) {
                Some(Constant::Class(name)) if &**name == TYPE_REF => {
                    objects.push(None);
                    stack.push(Val::Object(objects.len() - 1));
                }
                _ => stack.push(Val::Unknown),
            },
            Insn::InvokeSpecial(i) => {
                let constructs_type_ref = matches!(class.constant(i),
                    Some(Constant::MethodRef(m)) if &*m.class == TYPE_REF && &*m.name == "<init>"
                        && &*m.desc == "(Ljava/lang/String;)V");
                match (constructs_type_ref, stack.pop(), stack.pop()) {
                    (true, Some(Val::Str(name)), Some(Val::Object(o))) => objects[o] = Some(name),
                    _ => stack.clear(),
                }
            }
            Insn::InvokeVirtual(i) => {
                let Some(Constant::MethodRef(m)) = class.constant(i) else {
                    stack.clear();
                    continue;
                };
                if !(m.name.starts_with("verify") && m.desc.ends_with("[Ljava/lang/String;)Z")) {
                    stack.clear();
                    continue;
                }
                if found.is_some() {
                    return Err(format!("the test calls {} after another verify call: JPF runs a search per call, rpf junit one per test", m.name));
                }
                let arity = m.desc.matches(';').count();
                if stack.len() < arity + 1 {
                    return Err(not_constant(&m.name));
                }
                let args: Vec<Val> = stack.split_off(stack.len() - arity);
                stack.clear();
                found = Some(read_call(&m.name, &args, &arrays, &objects)?);
            }
            _ => stack.clear(),
        }
    }
    Ok(found)
}

fn not_constant(method: &str) -> String {
    format!("{method}'s arguments are not constants rpf junit can read before the search")
}

/// The expectation and settings of a call to `method` with `args` (the last is the
/// `String...` of settings).
fn read_call(
    method: &str,
    args: &[Val],
    arrays: &[Vec<Option<Rc<str>>>],
    objects: &[Option<Rc<str>>],
) -> Result<VerifyCall, String> {
    let fail = || not_constant(method);
    let text = |v: &Val| match v {
        Val::Str(s) => Ok(s.to_string()),
        _ => Err(fail()),
    };
    let type_ref = |v: &Val| match v {
        Val::Object(o) => objects[*o].as_ref().map(|s| s.to_string()).ok_or_else(fail),
        _ => Err(fail()),
    };
    let (fixed, rest) = args.split_at(args.len() - 1);
    let settings = match &rest[0] {
        Val::Array(a) => arrays[*a]
            .iter()
            .map(|s| s.as_ref().map(|s| s.to_string()).ok_or_else(fail))
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err(fail()),
    };
    let assertion = "java.lang.AssertionError".to_string();
    let expect = match (method, fixed) {
        ("verifyNoPropertyViolation", []) => Expect::NoViolation,
        ("verifyAssertionError", []) => Expect::Uncaught {
            class: assertion,
            details: None,
        },
        ("verifyAssertionErrorDetails", [d]) => Expect::Uncaught {
            class: assertion,
            details: Some(text(d)?),
        },
        ("verifyUnhandledException", [c]) => Expect::Uncaught {
            class: text(c)?,
            details: None,
        },
        ("verifyUnhandledExceptionDetails", [c, d]) => Expect::Uncaught {
            class: text(c)?,
            details: Some(text(d)?),
        },
        ("verifyPropertyViolation", [p]) => Expect::Property(type_ref(p)?),
        ("verifyDeadlock", []) => Expect::Property("gov.nasa.jpf.vm.NotDeadlockedProperty".into()),
        ("verifyJPFException", _) => {
            return Err(
                "verifyJPFException: rpf reports its own failures as errors, not as exceptions a test can expect"
                    .to_string(),
            )
        }
        _ => return Err(format!("{method} is not one of TestJPF's verify methods")),
    };
    Ok(VerifyCall { expect, settings })
}

/// The simple name of a property class: JPF's property classes moved between packages
/// (`gov.nasa.jpf.jvm` to `gov.nasa.jpf.vm`), and old tests name either.
fn simple(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

/// How a searched test ended, given what it expects.
pub fn judge(expect: &Expect, r: &CheckResult) -> Outcome {
    match (r.verdict, r.errors.first()) {
        (Verdict::Violation, Some(first)) => {
            let e = &first.error;
            match expect {
                Expect::NoViolation => Outcome::Failed(format!("{}: {}", e.property, e.message)),
                Expect::Uncaught { class, details } => uncaught(class, details.as_deref(), e),
                Expect::Property(property) => {
                    if r.errors
                        .iter()
                        .any(|f| simple(&f.error.property) == simple(property))
                    {
                        Outcome::Passed
                    } else {
                        Outcome::Failed(format!(
                            "expected a violation of {property}, found {}: {}",
                            e.property, e.message
                        ))
                    }
                }
            }
        }
        (Verdict::NoViolation, _) if *expect == Expect::NoViolation => Outcome::Passed,
        (Verdict::NoViolation, _) => {
            Outcome::Failed(format!("no violation found, expected {}", describe(expect)))
        }
        _ => {
            let mut why = report::stop_text(r);
            if *expect != Expect::NoViolation {
                why.push_str(&format!(", before finding {}", describe(expect)));
            }
            Outcome::Incomplete(why)
        }
    }
}

/// Whether violation `e` is the uncaught `class` with a message ending in `details`; JPF
/// compares the end of the exception's details, which some tests write as
/// `class : message`.
fn uncaught(class: &str, details: Option<&str>, e: &crate::check::violation::JavaError) -> Outcome {
    let thrown = match &e.exception_class {
        Some(thrown) if e.property == UNCAUGHT => thrown,
        _ => {
            return Outcome::Failed(format!(
                "expected an uncaught {class}, found {}: {}",
                e.property, e.message
            ))
        }
    };
    if thrown != class {
        return Outcome::Failed(format!(
            "wrong exception: {thrown}, expected: {class} ({})",
            e.message
        ));
    }
    let message = e
        .message
        .strip_prefix(thrown.as_str())
        .map(|m| m.strip_prefix(": ").unwrap_or(m))
        .unwrap_or(&e.message);
    match details {
        Some(d) if !message.ends_with(d) && !format!("{thrown} : {message}").ends_with(d) => {
            Outcome::Failed(format!(
                "the right exception, but the details were wrong: \"{message}\", expected: \"{d}\""
            ))
        }
        _ => Outcome::Passed,
    }
}

fn describe(expect: &Expect) -> String {
    match expect {
        Expect::NoViolation => "no violation".to_string(),
        Expect::Uncaught { class, .. } => format!("an uncaught {class}"),
        Expect::Property(p) => format!("a violation of {p}"),
    }
}
