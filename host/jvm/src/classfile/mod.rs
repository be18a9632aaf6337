//! Class files: parsing with classfile-parser, plus everything it lacks, validated so that a
//! malformed file is an error naming the problem and never a panic.

pub mod annotations;
pub mod bytecode;
pub mod constant;
pub mod descriptor;
pub mod fuse;
pub mod mutf8;
pub mod opcodes;
pub mod stackcheck;

use std::rc::Rc;

use classfile_parser::attribute_info::{
    bootstrap_methods_attribute_parser, code_attribute_parser, constant_value_attribute_parser,
    exceptions_attribute_parser, AttributeInfo,
};

pub use bytecode::{BinOp, Code, Cond, Handler, Insn, LocalName, Switch};
pub use constant::{Constant, MemberRef};
pub use descriptor::{BasicType, FieldType, MethodDescriptor};

/// Access flag bits used across rpf.
pub mod access {
    /// ACC_PUBLIC
    pub const PUBLIC: u16 = 0x0001;
    /// ACC_PRIVATE
    pub const PRIVATE: u16 = 0x0002;
    /// ACC_PROTECTED
    pub const PROTECTED: u16 = 0x0004;
    /// ACC_STATIC
    pub const STATIC: u16 = 0x0008;
    /// ACC_FINAL
    pub const FINAL: u16 = 0x0010;
    /// ACC_SYNCHRONIZED (methods) / ACC_SUPER (classes)
    pub const SYNCHRONIZED: u16 = 0x0020;
    /// ACC_VOLATILE (fields) / ACC_BRIDGE (methods)
    pub const VOLATILE: u16 = 0x0040;
    /// ACC_VARARGS (methods) / ACC_TRANSIENT (fields)
    pub const VARARGS: u16 = 0x0080;
    /// ACC_NATIVE
    pub const NATIVE: u16 = 0x0100;
    /// ACC_INTERFACE
    pub const INTERFACE: u16 = 0x0200;
    /// ACC_ABSTRACT
    pub const ABSTRACT: u16 = 0x0400;
    /// ACC_SYNTHETIC
    pub const SYNTHETIC: u16 = 0x1000;
    /// ACC_ANNOTATION
    pub const ANNOTATION: u16 = 0x2000;
    /// ACC_ENUM
    pub const ENUM: u16 = 0x4000;
    /// ACC_MODULE
    pub const MODULE: u16 = 0x8000;
}

/// Oldest and newest class file major versions rpf accepts (Java 1.1 to Java 21).
pub const MAJOR_VERSIONS: std::ops::RangeInclusive<u16> = 45..=65;

/// Why a class file was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatError(pub String);

/// A field declaration.
#[derive(Debug, Clone)]
pub struct FieldDef {
    /// Access flags.
    pub access: u16,
    /// Name.
    pub name: Rc<str>,
    /// Descriptor text.
    pub desc: Rc<str>,
    /// Parsed descriptor.
    pub ty: FieldType,
    /// ConstantValue attribute (pool index), for static finals.
    pub constant: Option<u16>,
    /// Generic signature, if any.
    pub signature: Option<Rc<str>>,
}

/// A method declaration.
#[derive(Debug, Clone)]
pub struct MethodDef {
    /// Access flags.
    pub access: u16,
    /// Name.
    pub name: Rc<str>,
    /// Descriptor text.
    pub desc: Rc<str>,
    /// Parsed descriptor.
    pub parsed: MethodDescriptor,
    /// Decoded code (absent for native and abstract methods).
    pub code: Option<Code>,
    /// Declared checked exceptions (internal names).
    pub exceptions: Vec<Rc<str>>,
    /// Generic signature, if any.
    pub signature: Option<Rc<str>>,
}

/// One bootstrap method entry: a MethodHandle constant and static arguments (pool indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bootstrap {
    /// Pool index of the bootstrap MethodHandle.
    pub method: u16,
    /// Pool indices of the static arguments.
    pub args: Vec<u16>,
}

/// One InnerClasses entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InnerClass {
    /// The inner class.
    pub inner: Rc<str>,
    /// Its declaring class, if a member class.
    pub outer: Option<Rc<str>>,
    /// Simple name, absent for anonymous classes.
    pub simple_name: Option<Rc<str>>,
    /// Declared access flags.
    pub access: u16,
}

/// One Record component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordComponent {
    /// Component name.
    pub name: Rc<str>,
    /// Component descriptor.
    pub desc: Rc<str>,
}

/// The EnclosingMethod attribute: the enclosing class and, inside a method, its name and
/// descriptor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnclosingMethod {
    /// The enclosing class.
    pub class: Rc<str>,
    /// `(name, descriptor)` of the enclosing method, if any.
    pub method: Option<(Rc<str>, Rc<str>)>,
}

/// A parsed and validated class file.
#[derive(Debug, Clone)]
pub struct ClassFile {
    /// Major version.
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// Class access flags (all 16 bits, including ACC_MODULE).
    pub access: u16,
    /// Internal name (`java/lang/String`).
    pub name: Rc<str>,
    /// Superclass internal name; `None` only for `java/lang/Object`.
    pub super_name: Option<Rc<str>>,
    /// Direct superinterfaces.
    pub interfaces: Vec<Rc<str>>,
    /// The constant pool (index 0 unusable).
    pub pool: Vec<Constant>,
    /// Declared fields.
    pub fields: Vec<FieldDef>,
    /// Declared methods.
    pub methods: Vec<MethodDef>,
    /// SourceFile attribute.
    pub source_file: Option<Rc<str>>,
    /// BootstrapMethods attribute.
    pub bootstrap_methods: Vec<Bootstrap>,
    /// InnerClasses attribute.
    pub inner_classes: Vec<InnerClass>,
    /// NestHost attribute.
    pub nest_host: Option<Rc<str>>,
    /// NestMembers attribute.
    pub nest_members: Vec<Rc<str>>,
    /// Record attribute.
    pub record: Option<Vec<RecordComponent>>,
    /// Generic signature.
    pub signature: Option<Rc<str>>,
    /// EnclosingMethod: class and optional (name, descriptor).
    pub enclosing_method: Option<EnclosingMethod>,
    /// PermittedSubclasses attribute.
    pub permitted_subclasses: Vec<Rc<str>>,
}

impl ClassFile {
    /// Parses and validates class bytes.
    pub fn parse(bytes: &[u8]) -> Result<ClassFile, FormatError> {
        parse(bytes).map_err(FormatError)
    }

    /// The pool entry at `index`, if any.
    pub fn constant(&self, index: u16) -> Option<&Constant> {
        self.pool.get(usize::from(index))
    }
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    bytes
        .get(at..at + 2)
        .map(|b| u16::from_be_bytes([b[0], b[1]]))
}

fn parse(bytes: &[u8]) -> Result<ClassFile, String> {
    let pre = constant::prescan(bytes)?;
    let major = be16(bytes, 6).unwrap_or(0);
    let minor = be16(bytes, 4).unwrap_or(0);
    if !MAJOR_VERSIONS.contains(&major) {
        return Err(format!(
            "unsupported class file version {major}.{minor} (rpf reads {} to {})",
            MAJOR_VERSIONS.start(),
            MAJOR_VERSIONS.end()
        ));
    }
    let access = be16(bytes, pre.end).ok_or("truncated after the constant pool")?;
    let (rest, raw) = classfile_parser::class_parser(&pre.bytes)
        .map_err(|_| "truncated or malformed structure after the constant pool".to_string())?;
    if !rest.is_empty() {
        return Err(format!(
            "{} extra bytes after the end of the class",
            rest.len()
        ));
    }
    let pool = constant::build_pool(&raw.const_pool, &pre.rewritten)?;
    let ctx = Ctx { pool: &pool };
    let name = ctx.class(raw.this_class, "this_class")?;
    let super_name = if raw.super_class == 0 {
        if &*name != "java/lang/Object" && access & access::MODULE == 0 {
            return Err("class has no superclass but is not java/lang/Object".to_string());
        }
        None
    } else {
        Some(ctx.class(raw.super_class, "super_class")?)
    };
    let interfaces = raw
        .interfaces
        .iter()
        .map(|&i| ctx.class(i, "interface"))
        .collect::<Result<Vec<_>, _>>()?;
    let fields = raw
        .fields
        .iter()
        .map(|f| {
            let fname = ctx.utf8(f.name_index, "field name")?;
            let desc = ctx.utf8(f.descriptor_index, "field descriptor")?;
            let ty = descriptor::parse_field(&desc)
                .ok_or_else(|| format!("field {fname} has bad descriptor {desc}"))?;
            let mut constant = None;
            let mut signature = None;
            for attr in &f.attributes {
                match &*ctx.utf8(attr.attribute_name_index, "attribute name")? {
                    "ConstantValue" => {
                        let (_, cv) = constant_value_attribute_parser(&attr.info)
                            .map_err(|_| format!("field {fname}: bad ConstantValue"))?;
                        let ok = matches!(
                            (pool.get(usize::from(cv.constant_value_index)), &ty),
                            (Some(Constant::Int(_)), t) if t.basic() == BasicType::Int
                        ) || matches!(
                            (pool.get(usize::from(cv.constant_value_index)), &ty),
                            (Some(Constant::Long(_)), FieldType::Long)
                                | (Some(Constant::Float(_)), FieldType::Float)
                                | (Some(Constant::Double(_)), FieldType::Double)
                                | (Some(Constant::String(_)), FieldType::Object(_))
                        );
                        if !ok {
                            return Err(format!("field {fname}: ConstantValue of the wrong type"));
                        }
                        constant = Some(cv.constant_value_index);
                    }
                    "Signature" => signature = Some(ctx.utf8_attr(attr)?),
                    _ => {}
                }
            }
            Ok(FieldDef {
                access: f.access_flags.bits(),
                name: fname,
                desc,
                ty,
                constant,
                signature,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let methods = raw
        .methods
        .iter()
        .map(|m| {
            ctx.method(
                m.access_flags.bits(),
                m.name_index,
                m.descriptor_index,
                &m.attributes,
            )
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut class = ClassFile {
        major,
        minor,
        access,
        name,
        super_name,
        interfaces,
        pool: Vec::new(),
        fields,
        methods,
        source_file: None,
        bootstrap_methods: Vec::new(),
        inner_classes: Vec::new(),
        nest_host: None,
        nest_members: Vec::new(),
        record: None,
        signature: None,
        enclosing_method: None,
        permitted_subclasses: Vec::new(),
    };
    for attr in &raw.attributes {
        ctx.class_attribute(attr, &mut class)?;
    }
    for b in &class.bootstrap_methods {
        if !matches!(
            pool.get(usize::from(b.method)),
            Some(Constant::MethodHandle { .. })
        ) {
            return Err("bootstrap method is not a MethodHandle constant".to_string());
        }
        if b.args
            .iter()
            .any(|&a| usize::from(a) >= pool.len() || a == 0)
        {
            return Err("bootstrap argument index out of range".to_string());
        }
    }
    class.pool = pool;
    Ok(class)
}

struct Ctx<'a> {
    pool: &'a [Constant],
}

impl Ctx<'_> {
    fn utf8(&self, index: u16, what: &str) -> Result<Rc<str>, String> {
        match self.pool.get(usize::from(index)) {
            Some(Constant::Utf8(s)) => Ok(s.clone()),
            _ => Err(format!("{what} (index {index}) is not a Utf8 constant")),
        }
    }

    fn class(&self, index: u16, what: &str) -> Result<Rc<str>, String> {
        match self.pool.get(usize::from(index)) {
            Some(Constant::Class(s)) => Ok(s.clone()),
            _ => Err(format!("{what} (index {index}) is not a Class constant")),
        }
    }

    fn optional_class(&self, index: u16) -> Result<Option<Rc<str>>, String> {
        if index == 0 {
            Ok(None)
        } else {
            self.class(index, "class").map(Some)
        }
    }

    fn utf8_attr(&self, attr: &AttributeInfo) -> Result<Rc<str>, String> {
        let index = be16(&attr.info, 0).ok_or("truncated attribute")?;
        if attr.info.len() != 2 {
            return Err("attribute has the wrong length".to_string());
        }
        self.utf8(index, "attribute value")
    }

    /// A u2 count followed by that many u2 class indices.
    fn class_list(&self, attr: &AttributeInfo) -> Result<Vec<Rc<str>>, String> {
        let count = usize::from(be16(&attr.info, 0).ok_or("truncated attribute")?);
        if attr.info.len() != 2 + 2 * count {
            return Err("class list attribute has the wrong length".to_string());
        }
        (0..count)
            .map(|i| self.class(be16(&attr.info, 2 + 2 * i).unwrap_or(0), "listed class"))
            .collect()
    }

    fn method(
        &self,
        access: u16,
        name_index: u16,
        desc_index: u16,
        attributes: &[AttributeInfo],
    ) -> Result<MethodDef, String> {
        let name = self.utf8(name_index, "method name")?;
        let desc = self.utf8(desc_index, "method descriptor")?;
        let parsed = descriptor::parse_method(&desc)
            .ok_or_else(|| format!("method {name} has bad descriptor {desc}"))?;
        let context = |e: String| format!("method {name}{desc}: {e}");
        let mut code = None;
        let mut exceptions = Vec::new();
        let mut signature = None;
        for attr in attributes {
            match &*self.utf8(attr.attribute_name_index, "attribute name")? {
                "Code" => {
                    if code.is_some() {
                        return Err(context("two Code attributes".to_string()));
                    }
                    let (rest, attr) = code_attribute_parser(&attr.info)
                        .map_err(|_| context("truncated Code attribute".to_string()))?;
                    if !rest.is_empty() {
                        return Err(context("Code attribute has trailing bytes".to_string()));
                    }
                    let mut tables = bytecode::DebugTables::default();
                    for inner in &attr.attributes {
                        match &*self.utf8(inner.attribute_name_index, "attribute name")? {
                            "LineNumberTable" => tables.lines.push(inner.info.clone()),
                            "LocalVariableTable" => tables.locals.push(inner.info.clone()),
                            _ => {}
                        }
                    }
                    let is_static = access & access::STATIC != 0;
                    let decoded = bytecode::decode(
                        &attr,
                        self.pool,
                        &tables,
                        is_static,
                        parsed.param_slots(),
                    )
                    .map_err(context)?;
                    stackcheck::check(&decoded, self.pool).map_err(context)?;
                    code = Some(decoded);
                }
                "Exceptions" => {
                    let (_, ex) = exceptions_attribute_parser(&attr.info)
                        .map_err(|_| context("truncated Exceptions attribute".to_string()))?;
                    exceptions = ex
                        .exception_table
                        .iter()
                        .map(|&i| self.class(i, "declared exception"))
                        .collect::<Result<_, _>>()
                        .map_err(context)?;
                }
                "Signature" => signature = Some(self.utf8_attr(attr).map_err(context)?),
                _ => {}
            }
        }
        let needs_code = access & (access::NATIVE | access::ABSTRACT) == 0;
        if needs_code != code.is_some() {
            return Err(context(if needs_code {
                "method has no Code attribute".to_string()
            } else {
                "native or abstract method has a Code attribute".to_string()
            }));
        }
        Ok(MethodDef {
            access,
            name,
            desc,
            parsed,
            code,
            exceptions,
            signature,
        })
    }

    fn class_attribute(&self, attr: &AttributeInfo, class: &mut ClassFile) -> Result<(), String> {
        let name = self.utf8(attr.attribute_name_index, "attribute name")?;
        let info = &attr.info;
        let bad = |what: &str| format!("malformed {what} attribute");
        match &*name {
            "SourceFile" => class.source_file = Some(self.utf8_attr(attr)?),
            "Signature" => class.signature = Some(self.utf8_attr(attr)?),
            "NestHost" => {
                if info.len() != 2 {
                    return Err(bad("NestHost"));
                }
                class.nest_host = Some(self.class(be16(info, 0).unwrap_or(0), "nest host")?);
            }
            "NestMembers" => class.nest_members = self.class_list(attr)?,
            "PermittedSubclasses" => class.permitted_subclasses = self.class_list(attr)?,
            "BootstrapMethods" => {
                let (rest, table) = bootstrap_methods_attribute_parser(info)
                    .map_err(|_| bad("BootstrapMethods"))?;
                if !rest.is_empty() {
                    return Err(bad("BootstrapMethods"));
                }
                class.bootstrap_methods = table
                    .bootstrap_methods
                    .into_iter()
                    .map(|b| Bootstrap {
                        method: b.bootstrap_method_ref,
                        args: b.bootstrap_arguments,
                    })
                    .collect();
            }
            "InnerClasses" => {
                let count = usize::from(be16(info, 0).ok_or_else(|| bad("InnerClasses"))?);
                if info.len() != 2 + 8 * count {
                    return Err(bad("InnerClasses"));
                }
                for entry in info[2..].chunks_exact(8) {
                    let field = |i: usize| u16::from_be_bytes([entry[i], entry[i + 1]]);
                    class.inner_classes.push(InnerClass {
                        inner: self.class(field(0), "inner class")?,
                        outer: self.optional_class(field(2))?,
                        simple_name: if field(4) == 0 {
                            None
                        } else {
                            Some(self.utf8(field(4), "inner class name")?)
                        },
                        access: field(6),
                    });
                }
            }
            "EnclosingMethod" => {
                if info.len() != 4 {
                    return Err(bad("EnclosingMethod"));
                }
                let outer = self.class(be16(info, 0).unwrap_or(0), "enclosing class")?;
                let method = match be16(info, 2).unwrap_or(0) {
                    0 => None,
                    i => match self.pool.get(usize::from(i)) {
                        Some(Constant::NameAndType(n, d)) => Some((n.clone(), d.clone())),
                        _ => return Err(bad("EnclosingMethod")),
                    },
                };
                class.enclosing_method = Some(EnclosingMethod {
                    class: outer,
                    method,
                });
            }
            "Record" => {
                let count = usize::from(be16(info, 0).ok_or_else(|| bad("Record"))?);
                let mut pos = 2;
                let mut components = Vec::with_capacity(count.min(256));
                for _ in 0..count {
                    let name = self.utf8(
                        be16(info, pos).ok_or_else(|| bad("Record"))?,
                        "record component",
                    )?;
                    let desc = self.utf8(
                        be16(info, pos + 2).ok_or_else(|| bad("Record"))?,
                        "record component",
                    )?;
                    let attrs = usize::from(be16(info, pos + 4).ok_or_else(|| bad("Record"))?);
                    pos += 6;
                    for _ in 0..attrs {
                        let len = info
                            .get(pos + 2..pos + 6)
                            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
                            .ok_or_else(|| bad("Record"))?;
                        pos = pos.checked_add(6 + len).ok_or_else(|| bad("Record"))?;
                    }
                    components.push(RecordComponent { name, desc });
                }
                if pos != info.len() {
                    return Err(bad("Record"));
                }
                class.record = Some(components);
            }
            _ => {}
        }
        Ok(())
    }
}
