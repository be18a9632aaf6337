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

#[cfg(test)]
mod tests {
    use super::*;

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
