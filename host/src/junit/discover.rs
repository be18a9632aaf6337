//! A JUnit test class's tests and lifecycle, read from its annotations (JUnit 5 Jupiter and
//! JUnit 4) on the host, so that no test engine has to run inside the VM.

use std::collections::{HashMap, HashSet};

use rpf_jvm::classfile::annotations::{self, Annotation, ElementValue};
use rpf_jvm::classfile::{access, ClassFile};
use rpf_jvm::classpath::{ClassPath, Loader};

use super::expect::{self, Expect, VerifyCall};
use crate::launch::LaunchError;

/// The program that runs one test's steps (see its doc comment for the step language).
pub const RUNNER: &str = "rpf.junit.TestRunner";

/// One test method and what to do with it.
#[derive(Debug, Clone)]
pub struct TestCase {
    /// The test class's binary name.
    pub class: String,
    /// The test method's name.
    pub method: String,
    /// How reports name it: `Class > method()`, or the `@DisplayName`.
    pub display: String,
    /// Run, skip or refuse.
    pub plan: Plan,
}

/// What becomes of a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Check the program `TestRunner` with these arguments, these settings added, expecting
    /// this outcome.
    Run {
        /// `TestRunner`'s arguments.
        args: Vec<String>,
        /// Settings (`+key=value`) of the test's own (a TestJPF `verify` call's).
        settings: Vec<String>,
        /// What the search must find for the test to pass.
        expect: Expect,
    },
    /// Not run, as JUnit would not run it (`@Disabled`, `@Ignore`).
    Skip(String),
    /// Not run: it needs something `rpf junit` does not provide.
    Unsupported(String),
    /// Not run: JUnit rejects the class or method.
    Invalid(String),
}

/// What an annotation means to JUnit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Test,
    BeforeEach,
    AfterEach,
    BeforeAll,
    AfterAll,
    Disabled,
    /// A kind of test `rpf junit` does not run, named as users write it.
    UnsupportedTest(&'static str),
    /// A feature `rpf junit` does not provide, named as users write it.
    Unsupported(&'static str),
}

impl Role {
    /// Whether the role makes its method a test (to run, or to report as unsupported).
    fn is_test(self) -> bool {
        matches!(self, Role::Test | Role::UnsupportedTest(_))
    }

    /// What is unsupported about a method with this role, if anything.
    fn unsupported(self) -> Option<&'static str> {
        match self {
            Role::UnsupportedTest(what) | Role::Unsupported(what) => Some(what),
            _ => None,
        }
    }
}

/// JUnit's annotations by internal name. Annotations of other types count through their
/// meta-annotations (JUnit 5's composed annotations).
const ROLES: &[(&str, Role)] = &[
    ("org/junit/jupiter/api/Test", Role::Test),
    ("org/junit/jupiter/api/RepeatedTest", Role::Test),
    ("org/junit/jupiter/api/BeforeEach", Role::BeforeEach),
    ("org/junit/jupiter/api/AfterEach", Role::AfterEach),
    ("org/junit/jupiter/api/BeforeAll", Role::BeforeAll),
    ("org/junit/jupiter/api/AfterAll", Role::AfterAll),
    ("org/junit/jupiter/api/Disabled", Role::Disabled),
    (
        "org/junit/jupiter/params/ParameterizedTest",
        Role::UnsupportedTest("@ParameterizedTest"),
    ),
    (
        "org/junit/jupiter/api/TestFactory",
        Role::UnsupportedTest("@TestFactory"),
    ),
    (
        "org/junit/jupiter/api/TestTemplate",
        Role::UnsupportedTest("@TestTemplate"),
    ),
    (
        "org/junit/jupiter/api/extension/ExtendWith",
        Role::Unsupported("@ExtendWith (JUnit extensions)"),
    ),
    (
        "org/junit/jupiter/api/extension/RegisterExtension",
        Role::Unsupported("@RegisterExtension (JUnit extensions)"),
    ),
    ("org/junit/Test", Role::Test),
    ("org/junit/Before", Role::BeforeEach),
    ("org/junit/After", Role::AfterEach),
    ("org/junit/BeforeClass", Role::BeforeAll),
    ("org/junit/AfterClass", Role::AfterAll),
    ("org/junit/Ignore", Role::Disabled),
    ("org/junit/Rule", Role::Unsupported("@Rule (JUnit 4 rules)")),
    (
        "org/junit/ClassRule",
        Role::Unsupported("@ClassRule (JUnit 4 rules)"),
    ),
];

/// JUnit 4 runners that are JUnit 4's own default, the only ones `rpf junit` follows.
const DEFAULT_RUNNERS: &[&str] = &[
    "Lorg/junit/runners/JUnit4;",
    "Lorg/junit/runners/BlockJUnit4ClassRunner;",
];

/// One class of the test class's hierarchy, parsed.
struct Level {
    class: ClassFile,
    annotated: annotations::Annotated,
}

/// A method with what its annotations mean.
struct Found<'a> {
    level: &'a Level,
    index: usize,
    roles: Vec<Role>,
}

impl Found<'_> {
    fn name(&self) -> &str {
        &self.level.class.methods[self.index].name
    }

    fn access(&self) -> u16 {
        self.level.class.methods[self.index].access
    }

    fn annotations(&self) -> &[Annotation] {
        &self.level.annotated.methods[self.index]
    }

    fn step(&self, kind: &str) -> String {
        format!(
            "{kind}:{}#{}",
            self.level.class.name.replace('/', "."),
            self.name()
        )
    }

    fn label(&self) -> String {
        format!(
            "{}.{}()",
            self.level.class.name.rsplit('/').next().unwrap_or_default(),
            self.name()
        )
    }
}

/// Reads classes and resolves meta-annotations, remembering what it read.
pub struct Discovery<'a> {
    classpath: &'a ClassPath,
    meta: HashMap<String, Vec<Role>>,
}

impl<'a> Discovery<'a> {
    /// Discovery over the user's class path.
    pub fn new(classpath: &'a ClassPath) -> Discovery<'a> {
        Discovery {
            classpath,
            meta: HashMap::new(),
        }
    }

    /// A user class from the class path, parsed with its annotations; `None` for a class
    /// that is not the user's (the JDK's, or missing).
    fn level(&self, internal: &str) -> Result<Option<Level>, LaunchError> {
        let Some(found) = self.classpath.find(internal)? else {
            return Ok(None);
        };
        if !matches!(found.loader, Loader::App) {
            return Ok(None);
        }
        let bad = |e: rpf_jvm::classfile::FormatError| {
            LaunchError::Input(format!("{} is not a valid class file: {e}", found.origin))
        };
        Ok(Some(Level {
            class: ClassFile::parse(&found.bytes).map_err(bad)?,
            annotated: annotations::read(&found.bytes).map_err(bad)?,
        }))
    }

    /// The JUnit roles an annotation carries, itself or through its meta-annotations.
    fn roles(&mut self, annotation: &Annotation) -> Result<Vec<Role>, LaunchError> {
        let mut seen = HashSet::new();
        self.roles_of(annotation.type_name(), &mut seen)
    }

    fn roles_of(
        &mut self,
        type_name: &str,
        seen: &mut HashSet<String>,
    ) -> Result<Vec<Role>, LaunchError> {
        if let Some((_, role)) = ROLES.iter().find(|(n, _)| *n == type_name) {
            return Ok(vec![*role]);
        }
        if let Some(known) = self.meta.get(type_name) {
            return Ok(known.clone());
        }
        if !seen.insert(type_name.to_string()) {
            return Ok(Vec::new());
        }
        let mut roles = Vec::new();
        if let Some(level) = self.level(type_name)? {
            for meta in &level.annotated.class {
                for role in self.roles_of(meta.type_name(), seen)? {
                    if !roles.contains(&role) {
                        roles.push(role);
                    }
                }
            }
        }
        self.meta.insert(type_name.to_string(), roles.clone());
        Ok(roles)
    }

    /// The tests `selector` names: `Class` (all its tests) or `Class#method`.
    pub fn tests(&mut self, selector: &str) -> Result<Vec<TestCase>, LaunchError> {
        let (class_name, only) = match selector.split_once('#') {
            Some((c, m)) => (c, Some(m)),
            None => (selector, None),
        };
        let internal = class_name.replace('.', "/");
        let mut chain = Vec::new();
        let mut next = Some(internal.clone());
        while let Some(name) = next.take() {
            let Some(level) = self.level(&name)? else {
                break;
            };
            next = level.class.super_name.as_deref().map(str::to_string);
            chain.push(level);
        }
        let Some(test_class) = chain.first() else {
            return Err(LaunchError::Input(format!(
                "test class {class_name} is not on the class path"
            )));
        };
        let mut found = Vec::new();
        for level in &chain {
            for (index, _) in level.class.methods.iter().enumerate() {
                let mut roles = Vec::new();
                for a in &level.annotated.methods[index] {
                    roles.extend(self.roles(a)?);
                }
                found.push(Found {
                    level,
                    index,
                    roles,
                });
            }
        }
        let found = visible(found);
        let mut class_roles = Vec::new();
        for level in &chain {
            for a in &level.annotated.class {
                class_roles.extend(self.roles(a)?);
            }
        }
        let class_plan = class_plan(test_class, &chain, &class_roles, &found);
        let lifecycle = Lifecycle::of(&chain, &found);
        let mut tests = Vec::new();
        // Superclass tests first, each class's in declaration order.
        for level in chain.iter().rev() {
            for f in found.iter().filter(|f| std::ptr::eq(f.level, level)) {
                if !f.roles.iter().any(|r| r.is_test()) || only.is_some_and(|m| m != f.name()) {
                    continue;
                }
                let display = display_name(f.annotations())
                    .map(|d| format!("{} > {d}", simple_name(class_name)))
                    .unwrap_or_else(|| format!("{} > {}()", simple_name(class_name), f.name()));
                let plan = match &class_plan {
                    Some(p) => p.clone(),
                    None => test_plan(class_name, f, &lifecycle),
                };
                tests.push(TestCase {
                    class: class_name.to_string(),
                    method: f.name().to_string(),
                    display,
                    plan,
                });
            }
        }
        if tests.is_empty() {
            return Err(LaunchError::Input(match only {
                Some(m) => format!("{class_name} has no test method {m}"),
                None => format!("{class_name} has no test methods (@Test of JUnit 5 or JUnit 4)"),
            }));
        }
        Ok(tests)
    }
}

/// The methods JUnit sees: a method overridden (or hidden) by a subclass's method of the same
/// name and descriptor is not.
fn visible(found: Vec<Found<'_>>) -> Vec<Found<'_>> {
    let mut seen = HashSet::new();
    found
        .into_iter()
        .filter(|f| {
            let m = &f.level.class.methods[f.index];
            if m.access & access::PRIVATE != 0 || &*m.name == "<init>" || &*m.name == "<clinit>" {
                return true;
            }
            seen.insert((m.name.clone(), m.desc.clone()))
        })
        .collect()
}

fn simple_name(class_name: &str) -> &str {
    class_name.rsplit('.').next().unwrap_or(class_name)
}

fn display_name(annotations: &[Annotation]) -> Option<String> {
    annotations
        .iter()
        .find(|a| a.type_name() == "org/junit/jupiter/api/DisplayName")
        .and_then(|a| a.element("value")?.as_str().map(str::to_string))
}

/// Why the whole class is skipped or refused, if it is.
fn class_plan(
    test_class: &Level,
    chain: &[Level],
    roles: &[Role],
    found: &[Found<'_>],
) -> Option<Plan> {
    let class = &test_class.class;
    if roles.contains(&Role::Disabled) {
        let reason = chain
            .iter()
            .flat_map(|l| &l.annotated.class)
            .find_map(disabled_reason)
            .unwrap_or_default();
        return Some(Plan::Skip(reason));
    }
    if let Some(what) = roles.iter().find_map(|r| r.unsupported()) {
        return Some(Plan::Unsupported(format!("{what} on the test class")));
    }
    let runner = chain
        .iter()
        .flat_map(|l| &l.annotated.class)
        .find(|a| a.type_name() == "org/junit/runner/RunWith");
    if let Some(ElementValue::Class(runner)) = runner.and_then(|a| a.element("value")) {
        if !DEFAULT_RUNNERS.contains(&&**runner) {
            return Some(Plan::Unsupported(format!(
                "@RunWith({}) (JUnit 4 runners other than the default)",
                runner
                    .trim_start_matches('L')
                    .trim_end_matches(';')
                    .replace('/', ".")
            )));
        }
    }
    if class.access & (access::ABSTRACT | access::INTERFACE) != 0 {
        return Some(Plan::Invalid(
            "the test class is abstract: name a concrete subclass".to_string(),
        ));
    }
    if !class
        .methods
        .iter()
        .any(|m| &*m.name == "<init>" && &*m.desc == "()V")
    {
        return Some(Plan::Invalid(
            "the test class has no constructor without parameters (parameter resolvers are JUnit extensions)"
                .to_string(),
        ));
    }
    if class
        .inner_classes
        .iter()
        .any(|i| i.inner == class.name && i.outer.is_some() && i.access & access::STATIC == 0)
    {
        return Some(Plan::Unsupported(
            "an inner (non-static, @Nested) test class: name its outer class's tests".to_string(),
        ));
    }
    for level in chain {
        for a in level.annotated.fields.iter().flatten() {
            if let Some(what) = ROLES
                .iter()
                .find(|(n, _)| *n == a.type_name())
                .and_then(|(_, r)| r.unsupported())
            {
                return Some(Plan::Unsupported(format!("{what} on a field")));
            }
        }
    }
    let per_class = per_class(chain);
    for f in found {
        let lifecycle = f.roles.iter().any(|r| {
            matches!(
                r,
                Role::BeforeAll | Role::AfterAll | Role::BeforeEach | Role::AfterEach
            )
        });
        if !lifecycle {
            let is_test = f.roles.iter().any(|r| r.is_test());
            if let Some(what) = f.roles.iter().find_map(|r| r.unsupported()) {
                if !is_test {
                    return Some(Plan::Unsupported(format!("{what} on {}", f.label())));
                }
            }
            continue;
        }
        let method = &f.level.class.methods[f.index];
        if !method.parsed.params.is_empty() {
            return Some(Plan::Unsupported(format!(
                "lifecycle method {} has parameters (JUnit's parameter resolvers)",
                f.label()
            )));
        }
        let class_level = f
            .roles
            .iter()
            .any(|r| matches!(r, Role::BeforeAll | Role::AfterAll));
        if class_level && method.access & access::STATIC == 0 && !per_class {
            let kind = if f.roles.contains(&Role::BeforeAll) {
                "@BeforeAll"
            } else {
                "@AfterAll"
            };
            return Some(Plan::Invalid(format!(
                "{kind} method {} must be static unless the test class is annotated with @TestInstance(Lifecycle.PER_CLASS)",
                f.label()
            )));
        }
    }
    None
}

/// `@Disabled`'s or `@Ignore`'s reason.
fn disabled_reason(a: &Annotation) -> Option<String> {
    let kind = match a.type_name() {
        "org/junit/jupiter/api/Disabled" => "@Disabled",
        "org/junit/Ignore" => "@Ignore",
        _ => return None,
    };
    Some(match a.element("value").and_then(ElementValue::as_str) {
        Some(reason) if !reason.is_empty() => format!("{kind}: {reason}"),
        _ => kind.to_string(),
    })
}

/// Whether the class asks for one instance for all its tests (`@TestInstance(PER_CLASS)`).
fn per_class(chain: &[Level]) -> bool {
    chain.iter().flat_map(|l| &l.annotated.class).any(|a| {
        a.type_name() == "org/junit/jupiter/api/TestInstance"
            && matches!(a.element("value"), Some(ElementValue::Enum(_, c)) if &**c == "PER_CLASS")
    })
}

/// The class's lifecycle as runner steps, in JUnit's order: superclass methods before the
/// class's own when setting up, after them when cleaning up.
struct Lifecycle {
    per_class: bool,
    /// Whether the class is a JPF test (extends `TestJPF`): its tests say what they expect.
    jpf_test: bool,
    before_all: Vec<String>,
    before_each: Vec<String>,
    after_each: Vec<String>,
    after_all: Vec<String>,
}

impl Lifecycle {
    fn of(chain: &[Level], found: &[Found<'_>]) -> Lifecycle {
        let steps = |role: Role, kind: &str, superclass_first: bool| {
            let mut levels: Vec<&Level> = chain.iter().collect();
            if superclass_first {
                levels.reverse();
            }
            levels
                .into_iter()
                .flat_map(|level| {
                    found
                        .iter()
                        .filter(move |f| std::ptr::eq(f.level, level) && f.roles.contains(&role))
                        .map(|f| f.step(kind))
                })
                .collect::<Vec<_>>()
        };
        Lifecycle {
            per_class: per_class(chain),
            jpf_test: chain
                .last()
                .and_then(|l| l.class.super_name.as_deref())
                .is_some_and(|s| s == expect::TEST_JPF),
            before_all: steps(Role::BeforeAll, "setup", true),
            before_each: steps(Role::BeforeEach, "setup", true),
            after_each: steps(Role::AfterEach, "cleanup", false),
            after_all: steps(Role::AfterAll, "cleanup", false),
        }
    }
}

/// The plan of one test method of a class JUnit accepts.
fn test_plan(class_name: &str, f: &Found<'_>, lifecycle: &Lifecycle) -> Plan {
    if f.roles.contains(&Role::Disabled) {
        let reason = f.annotations().iter().find_map(disabled_reason);
        return Plan::Skip(reason.unwrap_or_default());
    }
    if let Some(what) = f.roles.iter().find_map(|r| r.unsupported()) {
        return Plan::Unsupported(what.to_string());
    }
    let method = &f.level.class.methods[f.index];
    if f.access() & (access::STATIC | access::PRIVATE) != 0 {
        return Plan::Invalid("JUnit runs neither static nor private test methods".to_string());
    }
    if !method.parsed.params.is_empty() {
        return Plan::Unsupported(
            "a test method with parameters (JUnit's parameter resolvers: TestInfo, @TempDir, ...)"
                .to_string(),
        );
    }
    let call = if lifecycle.jpf_test {
        match expect::verify_call(&f.level.class, method) {
            Ok(call) => call,
            Err(why) => return Plan::Unsupported(why),
        }
    } else {
        None
    };
    let VerifyCall { expect, settings } = call.unwrap_or(VerifyCall {
        expect: Expect::NoViolation,
        settings: Vec::new(),
    });
    let mut args = vec![class_name.to_string()];
    let new = "new".to_string();
    if lifecycle.per_class {
        args.push(new.clone());
    }
    args.extend(lifecycle.before_all.iter().cloned());
    if !lifecycle.per_class {
        args.push(new);
    }
    args.extend(lifecycle.before_each.iter().cloned());
    if let Some(expected) = junit4_expected(f.annotations()) {
        args.push(format!("expect:{expected}"));
    }
    args.push(f.step("test"));
    args.extend(lifecycle.after_each.iter().cloned());
    args.extend(lifecycle.after_all.iter().cloned());
    Plan::Run {
        args,
        settings,
        expect,
    }
}

/// JUnit 4's `@Test(expected = X.class)`, as a binary class name.
fn junit4_expected(annotations: &[Annotation]) -> Option<String> {
    let test = annotations
        .iter()
        .find(|a| a.type_name() == "org/junit/Test")?;
    match test.element("expected")? {
        ElementValue::Class(desc) => {
            Some(desc.strip_prefix('L')?.strip_suffix(';')?.replace('/', "."))
        }
        _ => None,
    }
}
