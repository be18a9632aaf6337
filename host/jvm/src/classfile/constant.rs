//! The constant pool: a validated, symbolic form of JVMS §4.4.
//!
//! classfile-parser predates CONSTANT_Dynamic (17), CONSTANT_Module (19) and CONSTANT_Package
//! (20). [`prescan`] walks the raw pool first: it checks every entry's bounds and rewrites those
//! three tags to layout-identical ones the parser knows (InvokeDynamic and Class), remembering
//! the true kind so that [`build_pool`] can restore it.

use std::borrow::Cow;
use std::rc::Rc;

use classfile_parser::constant_info::ConstantInfo;

use super::mutf8;

/// A method handle's reference kind (JVMS table 5.4.3.5-A).
pub type RefKind = u8;

/// A symbolic reference to a field or method.
#[derive(Debug, Clone, PartialEq)]
pub struct MemberRef {
    /// Internal name of the class named by the reference.
    pub class: Rc<str>,
    /// Member name.
    pub name: Rc<str>,
    /// Member descriptor.
    pub desc: Rc<str>,
    /// Whether it was an InterfaceMethodref.
    pub interface: bool,
}

/// One validated constant pool entry.
#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    /// Index 0 and the slot after a long or double.
    Unusable,
    /// A name or descriptor (lossy for the rare non-UTF-8-representable constant).
    Utf8(Rc<str>),
    /// `int` constant.
    Int(i32),
    /// `float` constant.
    Float(f32),
    /// `long` constant.
    Long(i64),
    /// `double` constant.
    Double(f64),
    /// A class by internal name (or array descriptor).
    Class(Rc<str>),
    /// A string literal as UTF-16 units.
    String(Rc<[u16]>),
    /// Fieldref.
    FieldRef(MemberRef),
    /// Methodref or InterfaceMethodref.
    MethodRef(MemberRef),
    /// NameAndType.
    NameAndType(Rc<str>, Rc<str>),
    /// MethodHandle.
    MethodHandle {
        /// Reference kind 1..=9.
        kind: RefKind,
        /// The referenced field or method.
        member: MemberRef,
    },
    /// MethodType by descriptor.
    MethodType(Rc<str>),
    /// Dynamically computed constant (condy).
    Dynamic {
        /// Index into BootstrapMethods.
        bootstrap: u16,
        /// Name.
        name: Rc<str>,
        /// Field descriptor of the value.
        desc: Rc<str>,
    },
    /// invokedynamic call site.
    InvokeDynamic {
        /// Index into BootstrapMethods.
        bootstrap: u16,
        /// Name.
        name: Rc<str>,
        /// Method descriptor of the call site.
        desc: Rc<str>,
    },
    /// Module name (module-info only).
    Module(Rc<str>),
    /// Package name (module-info only).
    Package(Rc<str>),
}

/// What the pre-scan learned about the raw constant pool.
pub struct Prescan<'a> {
    /// The class bytes, with tags 17/19/20 rewritten for classfile-parser.
    pub bytes: Cow<'a, [u8]>,
    /// `(index, original tag)` of every rewritten entry.
    pub rewritten: Vec<(u16, u8)>,
    /// Byte offset just after the constant pool.
    pub end: usize,
}

/// Walks the raw constant pool, validating entry bounds and rewriting unknown tags.
pub fn prescan(bytes: &[u8]) -> Result<Prescan<'_>, String> {
    if bytes.len() < 10 {
        return Err(format!(
            "truncated: {} bytes, not even a header",
            bytes.len()
        ));
    }
    if bytes[..4] != [0xCA, 0xFE, 0xBA, 0xBE] {
        return Err("bad magic number (not a class file)".to_string());
    }
    let count = u16::from_be_bytes([bytes[8], bytes[9]]);
    if count == 0 {
        return Err("constant_pool_count is 0".to_string());
    }
    let mut pos = 10;
    let mut index = 1u16;
    let mut rewritten = Vec::new();
    let mut out: Option<Vec<u8>> = None;
    while index < count {
        let tag = *bytes
            .get(pos)
            .ok_or_else(|| format!("truncated in constant pool entry {index}"))?;
        let body = match tag {
            1 => {
                let len = bytes
                    .get(pos + 1..pos + 3)
                    .ok_or_else(|| format!("truncated in constant pool entry {index}"))?;
                2 + usize::from(u16::from_be_bytes([len[0], len[1]]))
            }
            3 | 4 => 4,
            5 | 6 => 8,
            7 | 8 | 16 | 19 | 20 => 2,
            9..=12 | 17 | 18 => 4,
            15 => 3,
            other => {
                return Err(format!(
                    "constant pool entry {index} has unknown tag {other}"
                ))
            }
        };
        if pos + 1 + body > bytes.len() {
            return Err(format!("truncated in constant pool entry {index}"));
        }
        let replacement = match tag {
            17 => Some(18),
            19 | 20 => Some(7),
            _ => None,
        };
        if let Some(new_tag) = replacement {
            out.get_or_insert_with(|| bytes.to_vec())[pos] = new_tag;
            rewritten.push((index, tag));
        }
        pos += 1 + body;
        index += if matches!(tag, 5 | 6) { 2 } else { 1 };
    }
    if index != count {
        return Err("a long or double constant occupies the last pool slot".to_string());
    }
    Ok(Prescan {
        bytes: out.map(Cow::Owned).unwrap_or(Cow::Borrowed(bytes)),
        rewritten,
        end: pos,
    })
}

/// Converts classfile-parser's pool to validated symbolic constants.
pub fn build_pool(raw: &[ConstantInfo], rewritten: &[(u16, u8)]) -> Result<Vec<Constant>, String> {
    // classfile-parser's vector is 0-based for pool index 1.
    let raw_at = |i: u16| -> Option<&ConstantInfo> { raw.get(usize::from(i).checked_sub(1)?) };
    let utf8 = |i: u16, what: &str| -> Result<Rc<str>, String> {
        match raw_at(i) {
            Some(ConstantInfo::Utf8(u)) => Ok(Rc::from(u.utf8_string.as_str())),
            _ => Err(format!("{what} index {i} is not a Utf8 constant")),
        }
    };
    let class_name = |i: u16| -> Result<Rc<str>, String> {
        match raw_at(i) {
            Some(ConstantInfo::Class(c)) if !is_rewritten(rewritten, i) => {
                utf8(c.name_index, "class name")
            }
            _ => Err(format!("index {i} is not a Class constant")),
        }
    };
    let name_and_type = |i: u16| -> Result<(Rc<str>, Rc<str>), String> {
        match raw_at(i) {
            Some(ConstantInfo::NameAndType(nt)) => Ok((
                utf8(nt.name_index, "name")?,
                utf8(nt.descriptor_index, "descriptor")?,
            )),
            _ => Err(format!("index {i} is not a NameAndType constant")),
        }
    };
    let member = |class: u16, nt: u16, interface: bool| -> Result<MemberRef, String> {
        let (name, desc) = name_and_type(nt)?;
        Ok(MemberRef {
            class: class_name(class)?,
            name,
            desc,
            interface,
        })
    };
    let mut pool = Vec::with_capacity(raw.len() + 1);
    pool.push(Constant::Unusable);
    for (offset, info) in raw.iter().enumerate() {
        let index = (offset + 1) as u16;
        let original_tag = rewritten.iter().find(|(i, _)| *i == index).map(|(_, t)| *t);
        let constant = match info {
            ConstantInfo::Utf8(u) => Constant::Utf8(Rc::from(u.utf8_string.as_str())),
            ConstantInfo::Integer(c) => Constant::Int(c.value),
            ConstantInfo::Float(c) => Constant::Float(c.value),
            ConstantInfo::Long(c) => Constant::Long(c.value),
            ConstantInfo::Double(c) => Constant::Double(c.value),
            ConstantInfo::Class(c) => {
                let name = utf8(c.name_index, "class name")?;
                match original_tag {
                    Some(19) => Constant::Module(name),
                    Some(20) => Constant::Package(name),
                    _ => Constant::Class(name),
                }
            }
            ConstantInfo::String(s) => match raw_at(s.string_index) {
                Some(ConstantInfo::Utf8(u)) => Constant::String(Rc::from(
                    mutf8::decode_utf16(&u.bytes)
                        .ok_or_else(|| format!("string constant {index} is not modified UTF-8"))?,
                )),
                _ => return Err(format!("string constant {index} does not point at Utf8")),
            },
            ConstantInfo::FieldRef(r) => {
                Constant::FieldRef(member(r.class_index, r.name_and_type_index, false)?)
            }
            ConstantInfo::MethodRef(r) => {
                Constant::MethodRef(member(r.class_index, r.name_and_type_index, false)?)
            }
            ConstantInfo::InterfaceMethodRef(r) => {
                Constant::MethodRef(member(r.class_index, r.name_and_type_index, true)?)
            }
            ConstantInfo::NameAndType(nt) => Constant::NameAndType(
                utf8(nt.name_index, "name")?,
                utf8(nt.descriptor_index, "descriptor")?,
            ),
            ConstantInfo::MethodHandle(h) => {
                if !(1..=9).contains(&h.reference_kind) {
                    return Err(format!(
                        "method handle {index} has bad kind {}",
                        h.reference_kind
                    ));
                }
                let member = match raw_at(h.reference_index) {
                    Some(ConstantInfo::FieldRef(r)) => {
                        member(r.class_index, r.name_and_type_index, false)?
                    }
                    Some(ConstantInfo::MethodRef(r)) => {
                        member(r.class_index, r.name_and_type_index, false)?
                    }
                    Some(ConstantInfo::InterfaceMethodRef(r)) => {
                        member(r.class_index, r.name_and_type_index, true)?
                    }
                    _ => return Err(format!("method handle {index} does not point at a member")),
                };
                Constant::MethodHandle {
                    kind: h.reference_kind,
                    member,
                }
            }
            ConstantInfo::MethodType(t) => {
                Constant::MethodType(utf8(t.descriptor_index, "method type")?)
            }
            ConstantInfo::InvokeDynamic(d) => {
                let (name, desc) = name_and_type(d.name_and_type_index)?;
                let bootstrap = d.bootstrap_method_attr_index;
                if original_tag == Some(17) {
                    Constant::Dynamic {
                        bootstrap,
                        name,
                        desc,
                    }
                } else {
                    Constant::InvokeDynamic {
                        bootstrap,
                        name,
                        desc,
                    }
                }
            }
            ConstantInfo::Unusable => Constant::Unusable,
        };
        pool.push(constant);
    }
    Ok(pool)
}

fn is_rewritten(rewritten: &[(u16, u8)], index: u16) -> bool {
    rewritten.iter().any(|(i, _)| *i == index)
}
