//! Field and method descriptors (JVMS §4.3).

use std::rc::Rc;

/// The type of a field, parameter or array element.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldType {
    /// `B`
    Byte,
    /// `C`
    Char,
    /// `D`
    Double,
    /// `F`
    Float,
    /// `I`
    Int,
    /// `J`
    Long,
    /// `S`
    Short,
    /// `Z`
    Boolean,
    /// `Lname;` with the internal name.
    Object(Rc<str>),
    /// `[T`; the whole descriptor is kept as the array's class name.
    Array(Rc<str>),
}

/// The basic kind of a value, as the interpreter stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BasicType {
    /// boolean, byte, char, short and int are all ints on the operand stack.
    Int,
    /// long
    Long,
    /// float
    Float,
    /// double
    Double,
    /// references
    Ref,
}

impl FieldType {
    /// How the value is held on the operand stack.
    pub fn basic(&self) -> BasicType {
        match self {
            FieldType::Long => BasicType::Long,
            FieldType::Float => BasicType::Float,
            FieldType::Double => BasicType::Double,
            FieldType::Object(_) | FieldType::Array(_) => BasicType::Ref,
            _ => BasicType::Int,
        }
    }

    /// JVMS slot size: 2 for long and double.
    pub fn slots(&self) -> u16 {
        match self {
            FieldType::Long | FieldType::Double => 2,
            _ => 1,
        }
    }

    /// Whether this is a reference type.
    pub fn is_reference(&self) -> bool {
        matches!(self, FieldType::Object(_) | FieldType::Array(_))
    }

    /// The name used for this type as a class: internal name, array descriptor, or the
    /// primitive's keyword.
    pub fn class_name(&self) -> Rc<str> {
        match self {
            FieldType::Object(n) | FieldType::Array(n) => n.clone(),
            other => Rc::from(other.primitive_name().unwrap_or("void")),
        }
    }

    /// The Java keyword of a primitive type.
    pub fn primitive_name(&self) -> Option<&'static str> {
        Some(match self {
            FieldType::Byte => "byte",
            FieldType::Char => "char",
            FieldType::Double => "double",
            FieldType::Float => "float",
            FieldType::Int => "int",
            FieldType::Long => "long",
            FieldType::Short => "short",
            FieldType::Boolean => "boolean",
            _ => return None,
        })
    }

    /// The descriptor character of a primitive type.
    pub fn primitive_char(&self) -> Option<char> {
        Some(match self {
            FieldType::Byte => 'B',
            FieldType::Char => 'C',
            FieldType::Double => 'D',
            FieldType::Float => 'F',
            FieldType::Int => 'I',
            FieldType::Long => 'J',
            FieldType::Short => 'S',
            FieldType::Boolean => 'Z',
            _ => return None,
        })
    }

    /// The descriptor text of this type.
    pub fn descriptor(&self) -> String {
        match self {
            FieldType::Object(n) => format!("L{n};"),
            FieldType::Array(n) => n.to_string(),
            other => other.primitive_char().map(String::from).unwrap_or_default(),
        }
    }
}

/// A parsed method descriptor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodDescriptor {
    /// Parameter types in order.
    pub params: Vec<FieldType>,
    /// `None` for `void`.
    pub ret: Option<FieldType>,
}

impl MethodDescriptor {
    /// JVMS slots taken by the parameters (without `this`).
    pub fn param_slots(&self) -> u16 {
        self.params.iter().map(FieldType::slots).sum()
    }
}

fn parse_one(s: &[u8], pos: &mut usize, depth: usize) -> Option<FieldType> {
    let c = *s.get(*pos)?;
    *pos += 1;
    Some(match c {
        b'B' => FieldType::Byte,
        b'C' => FieldType::Char,
        b'D' => FieldType::Double,
        b'F' => FieldType::Float,
        b'I' => FieldType::Int,
        b'J' => FieldType::Long,
        b'S' => FieldType::Short,
        b'Z' => FieldType::Boolean,
        b'L' => {
            let start = *pos;
            let len = s[start..].iter().position(|&b| b == b';')?;
            if len == 0 {
                return None;
            }
            *pos = start + len + 1;
            let name = std::str::from_utf8(&s[start..start + len]).ok()?;
            if name.contains(['.', '[']) {
                return None;
            }
            FieldType::Object(Rc::from(name))
        }
        b'[' => {
            if depth >= 255 {
                return None;
            }
            let start = *pos - 1;
            parse_one(s, pos, depth + 1)?;
            FieldType::Array(Rc::from(std::str::from_utf8(&s[start..*pos]).ok()?))
        }
        _ => return None,
    })
}

/// Parses a field descriptor such as `I`, `Ljava/lang/String;` or `[[D`.
pub fn parse_field(desc: &str) -> Option<FieldType> {
    let mut pos = 0;
    let t = parse_one(desc.as_bytes(), &mut pos, 0)?;
    (pos == desc.len()).then_some(t)
}

/// Parses a method descriptor such as `(ILjava/lang/String;)V`.
pub fn parse_method(desc: &str) -> Option<MethodDescriptor> {
    let s = desc.as_bytes();
    if s.first() != Some(&b'(') {
        return None;
    }
    let mut pos = 1;
    let mut params = Vec::new();
    while *s.get(pos)? != b')' {
        params.push(parse_one(s, &mut pos, 0)?);
    }
    pos += 1;
    let ret = if s.get(pos) == Some(&b'V') {
        pos += 1;
        None
    } else {
        Some(parse_one(s, &mut pos, 0)?)
    };
    if pos != s.len() || params.iter().map(FieldType::slots).sum::<u16>() > 255 {
        return None;
    }
    Some(MethodDescriptor { params, ret })
}

/// The number of parameters of method descriptor `desc` and the first char of its return
/// type (`None` for `void`), without building the types: what a signature-polymorphic call
/// needs on every execution. `None` where `desc` is no method descriptor.
pub fn call_shape(desc: &str) -> Option<(usize, Option<u8>)> {
    let s = desc.as_bytes();
    if s.first() != Some(&b'(') {
        return None;
    }
    // One field type starting at `pos`: where it ends.
    let skip = |mut pos: usize| -> Option<usize> {
        while s.get(pos) == Some(&b'[') {
            pos += 1;
        }
        match *s.get(pos)? {
            b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' => Some(pos + 1),
            b'L' => Some(pos + 1 + s.get(pos + 1..)?.iter().position(|&b| b == b';')? + 1),
            _ => None,
        }
    };
    let (mut pos, mut params) = (1, 0);
    while *s.get(pos)? != b')' {
        pos = skip(pos)?;
        params += 1;
    }
    let ret = match s.get(pos + 1..)? {
        b"V" => None,
        r if skip(pos + 1)? == s.len() => Some(r[0]),
        _ => return None,
    };
    Some((params, ret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_descriptors() {
        let m = parse_method("(IJ[Ljava/lang/String;D)Ljava/lang/Object;").unwrap();
        assert_eq!(m.params.len(), 4);
        assert_eq!(m.param_slots(), 6);
        assert_eq!(m.params[2], FieldType::Array("[Ljava/lang/String;".into()));
        assert_eq!(m.ret, Some(FieldType::Object("java/lang/Object".into())));
        assert_eq!(parse_method("()V").unwrap().ret, None);
        assert_eq!(parse_field("[[I"), Some(FieldType::Array("[[I".into())));
    }

    #[test]
    fn call_shapes_count_parameters_and_name_the_return() {
        let shape = call_shape("(IJ[Ljava/lang/String;[[DLjava/lang/Object;)Z");
        assert_eq!(shape, Some((5, Some(b'Z'))));
        assert_eq!(call_shape("()V"), Some((0, None)));
        assert_eq!(call_shape("(Ljava/lang/Object;)[I"), Some((1, Some(b'['))));
        assert_eq!(call_shape("(Ljava/lang/Object;"), None);
        assert_eq!(call_shape("()Ljava/lang/Object"), None);
    }

    #[test]
    fn rejects_malformed() {
        for bad in ["", "L;", "Ljava/lang/String", "II", "X", "[", "La.b;"] {
            assert!(parse_field(bad).is_none(), "{bad}");
        }
        for bad in ["", "()", "(I", "(V)V", "()VV", "I)V"] {
            assert!(parse_method(bad).is_none(), "{bad}");
            assert!(call_shape(bad).is_none(), "{bad}");
        }
    }
}
