//! `${key}` expansion inside values.

use crate::error::ConfigError;

/// The longest value expansion may produce: far beyond any class path, small enough that a
/// file of doubling references fails at once instead of exhausting memory.
pub const MAX_EXPANDED_BYTES: usize = 1 << 20;

/// Expands every `${name}` in `value` with `lookup(name)`; `origin` is used in errors.
pub fn expand(
    value: &str,
    origin: &str,
    lookup: impl Fn(&str) -> Option<String>,
) -> Result<String, ConfigError> {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find('}')
            .ok_or_else(|| ConfigError::UnterminatedReference {
                origin: origin.to_string(),
                value: value.to_string(),
            })?;
        let name = after[..end].trim();
        let replacement = lookup(name).ok_or_else(|| ConfigError::UndefinedReference {
            origin: origin.to_string(),
            name: name.to_string(),
        })?;
        if out.len() + replacement.len() > MAX_EXPANDED_BYTES {
            return Err(ConfigError::ExpansionTooLong {
                origin: origin.to_string(),
                limit: MAX_EXPANDED_BYTES,
            });
        }
        out.push_str(&replacement);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup(name: &str) -> Option<String> {
        match name {
            "a" => Some("A".into()),
            "config_path" => Some("/x".into()),
            _ => None,
        }
    }

    #[test]
    fn expands_known_keys() {
        assert_eq!(
            expand("${a}-${config_path}/y", "f", lookup).unwrap(),
            "A-/x/y"
        );
        assert_eq!(expand("plain", "f", lookup).unwrap(), "plain");
    }

    #[test]
    fn doubling_references_are_refused_before_they_exhaust_memory() {
        let mut values = std::collections::HashMap::from([("k0".to_string(), "x".repeat(64))]);
        let result = (1..40).try_for_each(|i| {
            let doubled = format!("${{k{}}}${{k{}}}", i - 1, i - 1);
            let value = expand(&doubled, "bomb.jpf", |n| values.get(n).cloned())?;
            values.insert(format!("k{i}"), value);
            Ok(())
        });
        assert!(matches!(
            result,
            Err(ConfigError::ExpansionTooLong {
                limit: MAX_EXPANDED_BYTES,
                ..
            })
        ));
    }

    #[test]
    fn reports_undefined_and_unterminated() {
        let err = expand("${nope}", "f line 2", lookup).unwrap_err();
        assert_eq!(
            err.to_string(),
            "f line 2: ${nope} refers to an undefined key"
        );
        assert!(matches!(
            expand("${a", "f", lookup),
            Err(ConfigError::UnterminatedReference { .. })
        ));
    }
}
