//! Method descriptors as plugins meet them in [`crate::InsnInfo::member`] and
//! [`crate::MethodInfo::descriptor`].

/// The parameter type descriptors of a method descriptor, or of a member as
/// [`crate::InsnInfo::member`] names it (`pkg.C.m(I[JLa/B;)V`: `I`, `[J`, `La/B;`); a long
/// or double is one operand stack entry, so the count is the entries the call takes.
pub fn parameter_types(descriptor: &str) -> Vec<String> {
    let inner = descriptor
        .split_once('(')
        .and_then(|(_, d)| d.split_once(')'))
        .map_or("", |(p, _)| p);
    let mut out = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let mut c = c;
        while c == '[' {
            match chars.next() {
                Some((_, next)) => c = next,
                None => break,
            }
        }
        let end = if c == 'L' {
            chars
                .by_ref()
                .find(|&(_, ch)| ch == ';')
                .map_or(inner.len(), |(i, _)| i + 1)
        } else {
            chars.peek().map_or(inner.len(), |&(i, _)| i)
        };
        out.push(inner[start..end].to_string());
    }
    out
}

/// A field or parameter type descriptor as Java source writes the type (`I` → `int`,
/// `[Ljava/lang/String;` → `java.lang.String[]`), for messages and JPF's specs
/// (`C.m(java.lang.String[]):x`).
pub fn java_type(descriptor: &str) -> String {
    let dims = descriptor.chars().take_while(|&c| c == '[').count();
    let element = &descriptor[dims..];
    let base = match element {
        "Z" => "boolean".to_string(),
        "B" => "byte".to_string(),
        "C" => "char".to_string(),
        "S" => "short".to_string(),
        "I" => "int".to_string(),
        "J" => "long".to_string(),
        "F" => "float".to_string(),
        "D" => "double".to_string(),
        "V" => "void".to_string(),
        _ => element
            .strip_prefix('L')
            .and_then(|e| e.strip_suffix(';'))
            .unwrap_or(element)
            .replace('/', "."),
    };
    base + &"[]".repeat(dims)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_read_as_java_types() {
        assert_eq!(java_type("I"), "int");
        assert_eq!(java_type("[[J"), "long[][]");
        assert_eq!(java_type("[Ljava/lang/String;"), "java.lang.String[]");
        assert_eq!(java_type("La/B$C;"), "a.B$C");
    }

    #[test]
    fn descriptors_split_into_parameters() {
        assert_eq!(
            parameter_types("(I[JLa/B;[[Ljava/lang/String;Z)V"),
            ["I", "[J", "La/B;", "[[Ljava/lang/String;", "Z"]
        );
        assert_eq!(parameter_types("()V"), Vec::<String>::new());
        assert_eq!(parameter_types("Log.write(I)V").len(), 1);
        assert_eq!(parameter_types("x.y(JLjava/lang/String;[[I)V").len(), 3);
        assert_eq!(parameter_types("x.y()V").len(), 0);
        assert_eq!(parameter_types("a.B.c(IJ)V").len(), 2);
        assert_eq!(
            parameter_types("a.B.c([[ILjava/lang/String;[Ljava/lang/Object;D)V").len(),
            4
        );
    }
}
