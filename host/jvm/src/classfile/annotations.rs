//! Runtime-visible annotations (JVMS §4.7.16), read on request rather than with every class:
//! the interpreter never needs them, and tools (`rpf junit`) read them from a few classes.

use std::rc::Rc;

use super::{be16, constant, Constant, FormatError};

/// One annotation: its type and its explicitly given elements.
#[derive(Debug, Clone, PartialEq)]
pub struct Annotation {
    /// The annotation type's field descriptor (`Lorg/junit/jupiter/api/Test;`).
    pub type_desc: Rc<str>,
    /// Element name and value, in class file order (defaults are not included).
    pub elements: Vec<(Rc<str>, ElementValue)>,
}

impl Annotation {
    /// The annotation type's internal name (`org/junit/jupiter/api/Test`).
    pub fn type_name(&self) -> &str {
        self.type_desc
            .strip_prefix('L')
            .and_then(|d| d.strip_suffix(';'))
            .unwrap_or(&self.type_desc)
    }

    /// The value given for element `name`, if any.
    pub fn element(&self, name: &str) -> Option<&ElementValue> {
        self.elements
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, v)| v)
    }
}

/// An annotation element's value.
#[derive(Debug, Clone, PartialEq)]
pub enum ElementValue {
    /// A primitive or `String` constant (tag `BCDFIJSZs`) as its pool entry; a `String`
    /// element's pool entry is a Utf8.
    Constant(u8, Constant),
    /// An enum constant: the enum's descriptor and the constant's name.
    Enum(Rc<str>, Rc<str>),
    /// A class literal, as its return descriptor (`Ljava/lang/IllegalStateException;`, `V`).
    Class(Rc<str>),
    /// A nested annotation.
    Annotation(Annotation),
    /// An array of values.
    Array(Vec<ElementValue>),
}

impl ElementValue {
    /// The text of a `String` element.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            ElementValue::Constant(b's', Constant::Utf8(s)) => Some(s),
            _ => None,
        }
    }
}

/// The runtime-visible annotations of a class and of each of its methods.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotated {
    /// The class's own annotations.
    pub class: Vec<Annotation>,
    /// Each field's annotations, in the order of `ClassFile::fields`.
    pub fields: Vec<Vec<Annotation>>,
    /// Each method's annotations, in the order of `ClassFile::methods`.
    pub methods: Vec<Vec<Annotation>>,
}

/// Reads the `RuntimeVisibleAnnotations` of a class and its methods from class bytes.
pub fn read(bytes: &[u8]) -> Result<Annotated, FormatError> {
    read_class(bytes).map_err(FormatError)
}

fn read_class(bytes: &[u8]) -> Result<Annotated, String> {
    let pre = constant::prescan(bytes)?;
    let (_, raw) = classfile_parser::class_parser(&pre.bytes)
        .map_err(|_| "truncated or malformed structure after the constant pool".to_string())?;
    let pool = constant::build_pool(&raw.const_pool, &pre.rewritten)?;
    let of = |attributes: &[classfile_parser::attribute_info::AttributeInfo]| {
        let mut found = Vec::new();
        for attr in attributes {
            if matches!(pool.get(usize::from(attr.attribute_name_index)),
                Some(Constant::Utf8(n)) if &**n == "RuntimeVisibleAnnotations")
            {
                let mut reader = Reader {
                    bytes: &attr.info,
                    at: 0,
                    pool: &pool,
                };
                let count = reader.u16()?;
                for _ in 0..count {
                    found.push(reader.annotation()?);
                }
                if reader.at != attr.info.len() {
                    return Err("RuntimeVisibleAnnotations has trailing bytes".to_string());
                }
            }
        }
        Ok(found)
    };
    Ok(Annotated {
        class: of(&raw.attributes)?,
        fields: raw
            .fields
            .iter()
            .map(|f| of(&f.attributes))
            .collect::<Result<_, String>>()?,
        methods: raw
            .methods
            .iter()
            .map(|m| of(&m.attributes))
            .collect::<Result<_, String>>()?,
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    pool: &'a [Constant],
}

impl Reader<'_> {
    fn u16(&mut self) -> Result<u16, String> {
        let v = be16(self.bytes, self.at).ok_or("truncated annotation")?;
        self.at += 2;
        Ok(v)
    }

    fn u8(&mut self) -> Result<u8, String> {
        let v = *self.bytes.get(self.at).ok_or("truncated annotation")?;
        self.at += 1;
        Ok(v)
    }

    fn constant(&mut self) -> Result<Constant, String> {
        let index = self.u16()?;
        match self.pool.get(usize::from(index)) {
            Some(Constant::Unusable) | None => Err(format!(
                "annotation refers to constant {index}, which is not usable"
            )),
            Some(c) => Ok(c.clone()),
        }
    }

    fn utf8(&mut self) -> Result<Rc<str>, String> {
        match self.constant()? {
            Constant::Utf8(s) => Ok(s),
            _ => Err("annotation name or descriptor is not a Utf8 constant".to_string()),
        }
    }

    fn annotation(&mut self) -> Result<Annotation, String> {
        let type_desc = self.utf8()?;
        let count = self.u16()?;
        let elements = (0..count)
            .map(|_| Ok((self.utf8()?, self.value()?)))
            .collect::<Result<_, String>>()?;
        Ok(Annotation {
            type_desc,
            elements,
        })
    }

    fn value(&mut self) -> Result<ElementValue, String> {
        let tag = self.u8()?;
        Ok(match tag {
            b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' => {
                ElementValue::Constant(tag, self.constant()?)
            }
            b'e' => ElementValue::Enum(self.utf8()?, self.utf8()?),
            b'c' => ElementValue::Class(self.utf8()?),
            b'@' => ElementValue::Annotation(self.annotation()?),
            b'[' => {
                let count = self.u16()?;
                ElementValue::Array((0..count).map(|_| self.value()).collect::<Result<_, _>>()?)
            }
            other => return Err(format!("unknown annotation element tag {other:#04x}")),
        })
    }
}
