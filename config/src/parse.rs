//! Reading one properties source into an ordered list of entries.
//!
//! The Java properties syntax (escapes, `\` continuation lines, `#`/`!` comments, `=`/`:`
//! separators) is handled by the `java-properties` crate; this module adds JPF's meaning of
//! `key+=value` and keeps the line number of every entry for error messages.

use crate::error::ConfigError;

/// How an entry combines with the value a key already has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `key=value`: replace (an empty value removes the key).
    Set,
    /// `key+=value`: append to the existing value, comma separated.
    Append,
}

/// One `key=value` line of a properties source, before `${}` expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key, without the `+` of an append.
    pub key: String,
    /// Set or append.
    pub op: Op,
    /// The raw value (escapes already decoded, `${}` not yet expanded).
    pub value: String,
    /// 1-based line number in the source.
    pub line: usize,
}

/// Parses properties text; `name` is used in error messages.
pub fn parse_properties(text: &str, name: &str) -> Result<Vec<Entry>, ConfigError> {
    let iter =
        java_properties::PropertiesIter::new_with_encoding(text.as_bytes(), encoding_rs::UTF_8);
    let mut entries = Vec::new();
    for line in iter {
        let line = line.map_err(|e| ConfigError::Syntax {
            origin: match e.line_number() {
                Some(n) => format!("{name} line {n}"),
                None => name.to_string(),
            },
            message: e.to_string(),
        })?;
        let number = line.line_number();
        if let java_properties::LineContent::KVPair(key, value) = line.consume_content() {
            entries.push(entry_from_pair(key, value, number));
        }
    }
    Ok(entries)
}

/// Parses one command-line setting: `+key=value`, `+key+=value`, or `+key` (meaning `true`).
pub fn parse_argument(arg: &str) -> Result<Entry, ConfigError> {
    let body = arg
        .strip_prefix('+')
        .ok_or_else(|| ConfigError::BadArgument {
            arg: arg.to_string(),
        })?;
    let (key, value) = match body.split_once('=') {
        Some((k, v)) => (k.to_string(), v.to_string()),
        None => (body.to_string(), "true".to_string()),
    };
    if key.trim().trim_end_matches('+').is_empty() {
        return Err(ConfigError::BadArgument {
            arg: arg.to_string(),
        });
    }
    Ok(entry_from_pair(key, value, 0))
}

fn entry_from_pair(key: String, value: String, line: usize) -> Entry {
    let key = key.trim().to_string();
    let value = value.trim().to_string();
    match key.strip_suffix('+') {
        Some(base) => Entry {
            key: base.trim_end().to_string(),
            op: Op::Append,
            value,
            line,
        },
        None => Entry {
            key,
            op: Op::Set,
            value,
            line,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_append_and_continuation_lines() {
        let text = "# comment\na = 1\nb+=x\nlong = one,\\\n   two\nempty=\n";
        let entries = parse_properties(text, "t.jpf").unwrap();
        assert_eq!(entries.len(), 4);
        assert_eq!(entries[0].key, "a");
        assert_eq!(entries[0].value, "1");
        assert_eq!(entries[0].line, 2);
        assert_eq!(entries[1].op, Op::Append);
        assert_eq!(entries[1].key, "b");
        assert_eq!(entries[2].value, "one,two");
        assert_eq!(entries[3].value, "");
    }

    #[test]
    fn command_line_arguments() {
        let e = parse_argument("+search.depth_limit=10").unwrap();
        assert_eq!(
            (e.key.as_str(), e.value.as_str()),
            ("search.depth_limit", "10")
        );
        let e = parse_argument("+listener+=a.B").unwrap();
        assert_eq!(e.op, Op::Append);
        assert_eq!(parse_argument("+vm.por").unwrap().value, "true");
        assert!(parse_argument("search.depth_limit=3").is_err());
        assert!(parse_argument("+=3").is_err());
    }
}
