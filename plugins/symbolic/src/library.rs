//! Which calls into the Java class library see symbolic values: the classes whose Java code
//! runs on them, the calls that take them as they are, and the natives that cannot.

use std::collections::HashMap;

use rpf_plugin_api::{parameter_types, HostRef, InsnInfo, MethodInfo};

/// Classes of the Java class library whose Java methods take symbolic arguments: small,
/// pure Java code whose branches are worth exploring (their natives do not). Elsewhere
/// (formatting, collections) a symbolic argument would split paths on every digit and
/// bucket, so it is made concrete.
#[rustfmt::skip]
const SYMBOLIC_LIBRARY: &[&str] = &[
    "java.lang.Math", "java.lang.StrictMath",
    // Boxing and unboxing (`Boolean.valueOf`'s `b ? TRUE : FALSE`, the wrappers' fields).
    "java.lang.Boolean",
    // Parsing and character classes (`Integer.parseInt`, `Character.digit`): loops over a
    // string's characters and table lookups.
    "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
    "java.lang.Character", "java.lang.CharacterData", "java.lang.CharacterDataLatin1",
    "java.lang.CharacterData00", "java.lang.CharacterData01", "java.lang.CharacterData02",
    "java.lang.CharacterData03", "java.lang.CharacterData0E",
    "java.lang.CharacterDataPrivateUse", "java.lang.CharacterDataUndefined",
    // Strings' own code over their bytes.
    "java.lang.String", "java.lang.StringLatin1", "java.lang.StringUTF16",
];

/// Natives that keep or never read the contents of their reference arguments: the VM
/// copies attributes along (`arraycopy`, `clone`), or they read no contents.
#[rustfmt::skip]
const ATTRIBUTE_SAFE_NATIVES: &[&str] = &[
    "java.lang.System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
    "java.lang.Object.clone()Ljava/lang/Object;",
    "java.lang.Object.getClass()Ljava/lang/Class;",
    "java.lang.Object.hashCode()I",
    "java.lang.System.identityHashCode(Ljava/lang/Object;)I",
    "java.lang.Object.notify()V",
    "java.lang.Object.notifyAll()V",
    "java.lang.Object.wait(J)V",
];

/// The method a call instruction's `member` (`pkg.Class.name(descriptor)`) declares.
fn declared_method(host: &HostRef<'_, '_>, member: &str) -> Option<MethodInfo> {
    let (head, _) = member.split_once('(')?;
    let (owner, name) = head.rsplit_once('.')?;
    let descriptor = &member[head.len()..];
    host.class_methods(owner.into())
        .into_iter()
        .filter_map(|id| host.method_info(id).into_option())
        .find(|m| m.name.as_str() == name && m.descriptor.as_str() == descriptor)
}

/// Whether a call makes its symbolic arguments concrete: a native method reads only their
/// concrete values, and the rest of the Java class library (formatting, collections)
/// would split paths on every digit and bucket.
pub fn concretizes(host: &HostRef<'_, '_>, insn: &InsnInfo) -> bool {
    let member = insn.member.as_str();
    let Some(owner) = member
        .split_once('(')
        .and_then(|(head, _)| head.rsplit_once('.'))
        .map(|(c, _)| c)
    else {
        return false;
    };
    let direct = matches!(insn.mnemonic.as_str(), "invokestatic" | "invokespecial");
    declared_method(host, member).is_some_and(|m| {
        // A native reads only concrete values, even in java.lang.Math (`sqrt`).
        m.native
            || (direct && m.instructions == 0)
            || (m.system && !SYMBOLIC_LIBRARY.contains(&owner))
    })
}

/// Which call members name natives that read their arguments' contents, remembered (a
/// lookup per call would cost more than the call).
#[derive(Debug, Default)]
pub struct Natives(HashMap<String, Option<bool>>);

impl Natives {
    /// `Some(is_static)` if `member` is a native that may read its arguments' contents.
    fn of(&mut self, host: &HostRef<'_, '_>, member: &str) -> Option<bool> {
        if let Some(&known) = self.0.get(member) {
            return known;
        }
        let found = if ATTRIBUTE_SAFE_NATIVES.contains(&member) {
            None
        } else {
            match declared_method(host, member) {
                Some(m) => m.native.then_some(m.is_static),
                // Signature-polymorphic calls name the call site's descriptor.
                None => (member.starts_with("java.lang.invoke.VarHandle.")
                    || member.starts_with("java.lang.invoke.MethodHandle."))
                .then_some(false),
            }
        };
        self.0.insert(member.to_string(), found);
        found
    }
}

/// The member (`pkg.Class.name(descriptor)`) of a native call that gets an array holding
/// symbolic values, or reads an object's fields by offset (`Unsafe`, `VarHandle`:
/// reflection and atomics) where they hold symbolic values or lazy inputs not read yet: it
/// sees only their placeholders. `None` for any other call.
pub fn native_reading_symbolic_contents<'a>(
    natives: &mut Natives,
    host: &HostRef<'_, '_>,
    insn: &'a InsnInfo,
) -> Option<&'a str> {
    let member = insn.member.as_str();
    let is_static = natives.of(host, member)?;
    let types = parameter_types(member);
    let n = types.len() as u32;
    let receiver = (!is_static && insn.mnemonic.as_str() != "invokestatic").then_some(n);
    let by_offset = [
        "jdk.internal.misc.Unsafe.",
        "sun.misc.Unsafe.",
        "java.lang.invoke.",
    ]
    .iter()
    .any(|p| member.starts_with(p));
    let thread = host.current_thread();
    types
        .iter()
        .enumerate()
        .filter(|(_, t)| t.starts_with('L') || t.starts_with('['))
        .map(|(i, _)| n - 1 - i as u32)
        .chain(receiver)
        .filter_map(|from_top| host.stack_value(thread, from_top).as_ref())
        .filter(|&object| by_offset || host.array_length(object).is_some())
        .any(|object| host.has_attributes(object))
        .then_some(member)
}
