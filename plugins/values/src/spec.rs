//! The `range.*` configuration of the numeric value checker: which fields and local
//! variables are checked, their bounds, and how a stored value compares with them.

use std::cmp::Ordering;

use rpf_plugin_api::{java_type, name_matches, parameter_types, ConfigView, JValue};

/// One side of a range, as configured.
#[derive(Debug, Clone, PartialEq)]
struct Bound {
    /// The bound as written, for messages.
    text: String,
    /// The bound as a floating-point number.
    float: f64,
    /// The bound if it is an integer, so that `int` and `long` values compare exactly.
    int: Option<i64>,
}

impl Bound {
    /// The bound set by `key`, if any.
    fn parse(config: &ConfigView, key: &str) -> Result<Option<Bound>, String> {
        let Some(float) = config.float(key)? else {
            return Ok(None);
        };
        let text = config.get(key).unwrap_or_default().trim().to_string();
        if float.is_nan() {
            return Err(format!("{key}: expected a number, got \"{text}\""));
        }
        Ok(Some(Bound {
            int: text.parse().ok(),
            text,
            float,
        }))
    }

    /// How `value` compares with the bound (`None` for NaN and non-numeric values).
    fn compare(&self, value: JValue) -> Option<Ordering> {
        match (value.as_i64(), self.int) {
            (Some(v), Some(b)) => Some(v.cmp(&b)),
            _ => value.as_f64()?.partial_cmp(&self.float),
        }
    }
}

/// The allowed values of a field or variable: `[min, max]`, either side optional.
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    min: Option<Bound>,
    max: Option<Bound>,
}

impl Range {
    /// The range of check `id` (`range.<id>.min`, `range.<id>.max`).
    fn parse(config: &ConfigView, id: &str) -> Result<Range, String> {
        let min_key = format!("range.{id}.min");
        let max_key = format!("range.{id}.max");
        let range = Range {
            min: Bound::parse(config, &min_key)?,
            max: Bound::parse(config, &max_key)?,
        };
        if let (Some(min), Some(max)) = (&range.min, &range.max) {
            let inverted = match (min.int, max.int) {
                (Some(lo), Some(hi)) => lo > hi,
                _ => min.float > max.float,
            };
            if inverted {
                return Err(format!(
                    "{min_key}: {} is greater than {max_key} ({})",
                    min.text, max.text
                ));
            }
        }
        Ok(range)
    }

    /// What is wrong with storing `value` (`is out of range [0, 42]`), or `None`.
    pub fn violation(&self, value: JValue) -> Option<String> {
        if let Some(problem) = non_finite(value) {
            return Some(problem);
        }
        let below = self
            .min
            .as_ref()
            .is_some_and(|b| b.compare(value) == Some(Ordering::Less));
        let above = self
            .max
            .as_ref()
            .is_some_and(|b| b.compare(value) == Some(Ordering::Greater));
        (below || above).then(|| {
            let side = |b: &Option<Bound>, open: &str| {
                b.as_ref()
                    .map_or_else(|| open.to_string(), |b| b.text.clone())
            };
            format!(
                "is out of range [{}, {}]",
                side(&self.min, "-Infinity"),
                side(&self.max, "Infinity")
            )
        })
    }
}

/// `is not a number` or `is infinite` for a NaN or infinite `float` or `double`.
pub fn non_finite(value: JValue) -> Option<String> {
    let v = match value {
        JValue::Float(f) => f64::from(f),
        JValue::Double(d) => d,
        _ => return None,
    };
    if v.is_nan() {
        Some("is not a number".to_string())
    } else if v.is_infinite() {
        Some("is infinite".to_string())
    } else {
        None
    }
}

/// A value as Java prints the special floating-point values (`NaN`, `-Infinity`).
pub fn show(value: JValue) -> String {
    fn float(v: f64, exact: impl std::fmt::Debug) -> String {
        if v.is_nan() {
            "NaN".to_string()
        } else if v.is_infinite() {
            if v > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
        } else {
            format!("{exact:?}")
        }
    }
    match value {
        JValue::Int(i) => i.to_string(),
        JValue::Long(l) => l.to_string(),
        JValue::Float(f) => float(f64::from(f), f),
        JValue::Double(d) => float(d, d),
        other => format!("{other:?}"),
    }
}

/// A checked field: `range.<id>.field = pkg.Class.field` (`*` patterns allowed).
#[derive(Debug, Clone, PartialEq)]
pub struct FieldSpec {
    class: String,
    field: String,
    /// Its allowed values.
    pub range: Range,
}

impl FieldSpec {
    /// Whether the spec names `member` (`pkg.Class.field`).
    pub fn matches(&self, member: &str) -> bool {
        member.rsplit_once('.').is_some_and(|(class, field)| {
            name_matches(&self.class, class) && name_matches(&self.field, field)
        })
    }
}

/// A checked local variable: `range.<id>.var = pkg.Class.method(types):name`.
#[derive(Debug, Clone, PartialEq)]
pub struct VarSpec {
    class: String,
    method: String,
    /// The parameter types as Java writes them, `,`-separated; `None` for `(*)`.
    parameters: Option<String>,
    /// The variable's source name.
    pub name: String,
    /// Its allowed values.
    pub range: Range,
}

impl VarSpec {
    /// Whether the spec is about a variable of method `name` of `class` whose parameter
    /// types are `parameters` (as [`java_parameters`] gives them, `,`-separated).
    pub fn applies_to(&self, class: &str, name: &str, parameters: &str) -> bool {
        name_matches(&self.class, class)
            && name_matches(&self.method, name)
            && self
                .parameters
                .as_ref()
                .is_none_or(|p| *p == parameters.replace('$', "."))
    }
}

/// The parameter types of a method descriptor as Java source writes them, as var specs
/// name them.
pub fn java_parameters(descriptor: &str) -> Vec<String> {
    parameter_types(descriptor)
        .iter()
        .map(|t| java_type(t))
        .collect()
}

/// The checks a run's configuration asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Specs {
    /// `range.fields`.
    pub fields: Vec<FieldSpec>,
    /// `range.vars`.
    pub vars: Vec<VarSpec>,
    /// `range.check_nan`: any floating-point store of application code must be finite.
    pub check_nan: bool,
}

/// The value of `range.<id>.<what>`, which must be set since a list names `id`.
fn required<'c>(
    config: &'c ConfigView,
    list: &str,
    id: &str,
    what: &str,
) -> Result<&'c str, String> {
    let key = format!("range.{id}.{what}");
    match config.get(&key).map(str::trim) {
        Some(v) if !v.is_empty() => Ok(v),
        _ => Err(format!("{key}: not set ({list} lists \"{id}\")")),
    }
}

/// Parses `pkg.Class.field`.
fn parse_field(config: &ConfigView, id: &str) -> Result<FieldSpec, String> {
    let text = required(config, "range.fields", id, "field")?;
    let malformed = || format!("range.{id}.field: expected pkg.Class.field, got \"{text}\"");
    let (class, field) = text.rsplit_once('.').ok_or_else(malformed)?;
    if class.is_empty() || field.is_empty() {
        return Err(malformed());
    }
    Ok(FieldSpec {
        class: class.to_string(),
        field: field.to_string(),
        range: Range::parse(config, id)?,
    })
}

/// Parses `pkg.Class.method(type,type):name`.
fn parse_var(config: &ConfigView, id: &str) -> Result<VarSpec, String> {
    let text = required(config, "range.vars", id, "var")?;
    let malformed = || {
        format!(
            "range.{id}.var: expected pkg.Class.method(parameter types):variable, got \"{text}\""
        )
    };
    let (head, name) = text.rsplit_once(':').ok_or_else(malformed)?;
    let (target, parameters) = head
        .strip_suffix(')')
        .and_then(|h| h.split_once('('))
        .ok_or_else(malformed)?;
    let (class, method) = target.rsplit_once('.').ok_or_else(malformed)?;
    let name = name.trim();
    if [class, method, name].iter().any(|s| s.is_empty()) || parameters.contains(['(', ')']) {
        return Err(malformed());
    }
    let parameters = match parameters.trim() {
        "*" => None,
        list => Some(
            list.split(',')
                .map(|t| t.trim().replace('$', "."))
                .collect::<Vec<_>>()
                .join(","),
        ),
    };
    Ok(VarSpec {
        class: class.to_string(),
        method: method.to_string(),
        parameters,
        name: name.to_string(),
        range: Range::parse(config, id)?,
    })
}

impl Specs {
    /// Reads `range.fields`, `range.vars` and their `range.<id>.*` keys, and
    /// `range.check_nan`; `Err` names the offending key.
    pub fn from_config(config: &ConfigView) -> Result<Specs, String> {
        Ok(Specs {
            fields: config
                .list("range.fields")
                .iter()
                .map(|id| parse_field(config, id))
                .collect::<Result<_, _>>()?,
            vars: config
                .list("range.vars")
                .iter()
                .map(|id| parse_var(config, id))
                .collect::<Result<_, _>>()?,
            check_nan: config.bool("range.check_nan", false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(entries: &[(&str, &str)]) -> Result<Specs, String> {
        Specs::from_config(&ConfigView::new(
            "rpf.NumericValueChecker",
            entries.iter().copied(),
        ))
    }

    #[test]
    fn descriptors_become_java_parameter_types() {
        assert_eq!(
            java_parameters("([Ljava/lang/String;)V"),
            ["java.lang.String[]"]
        );
        assert_eq!(
            java_parameters("(IJ[[DLa/b/C$D;Z)I"),
            ["int", "long", "double[][]", "a.b.C$D", "boolean"]
        );
        assert!(java_parameters("()V").is_empty());
    }

    #[test]
    fn var_specs_match_methods_by_java_parameter_types() {
        let s = specs(&[
            ("range.vars", "1, 2"),
            (
                "range.1.var",
                "NumericValueCheck.main(java.lang.String[]):someVariable",
            ),
            ("range.2.var", "*.run(*):x"),
        ])
        .expect("valid");
        let main = java_parameters("([Ljava/lang/String;)V").join(",");
        assert!(s.vars[0].applies_to("NumericValueCheck", "main", &main));
        assert!(!s.vars[0].applies_to("NumericValueCheck", "main", ""));
        assert!(!s.vars[0].applies_to("Other", "main", &main));
        assert_eq!(s.vars[0].name, "someVariable");
        assert!(s.vars[1].applies_to("a.B", "run", "int,long"));
        let two = specs(&[("range.vars", "1"), ("range.1.var", "p.C.m(int, a.B$C):v")]);
        assert!(two.expect("valid").vars[0].applies_to("p.C", "m", "int,a.B$C"));
    }

    #[test]
    fn ranges_compare_integers_exactly_and_reject_non_finite_values() {
        let s = specs(&[
            ("range.fields", "v"),
            ("range.v.field", "*.speed"),
            ("range.v.min", "0"),
            ("range.v.max", "9007199254740992"),
        ])
        .expect("valid");
        let f = &s.fields[0];
        assert!(f.matches("a.Car.speed") && !f.matches("a.Car.speedy"));
        assert_eq!(f.range.violation(JValue::Long(9_007_199_254_740_992)), None);
        assert_eq!(
            f.range
                .violation(JValue::Long(9_007_199_254_740_993))
                .as_deref(),
            Some("is out of range [0, 9007199254740992]")
        );
        assert_eq!(
            f.range.violation(JValue::Double(f64::NAN)).as_deref(),
            Some("is not a number")
        );
        assert_eq!(
            f.range
                .violation(JValue::Float(f32::NEG_INFINITY))
                .as_deref(),
            Some("is infinite")
        );
        assert_eq!(show(JValue::Float(f32::NEG_INFINITY)), "-Infinity");
        assert_eq!(show(JValue::Float(0.1)), "0.1");
    }

    #[test]
    fn bad_settings_name_the_key() {
        let cases: &[(&[(&str, &str)], &str)] = &[
            (&[("range.vars", "1")], "range.1.var: not set"),
            (&[("range.fields", "f")], "range.f.field: not set"),
            (
                &[("range.vars", "1"), ("range.1.var", "C.m:x")],
                "range.1.var: expected",
            ),
            (
                &[("range.fields", "f"), ("range.f.field", "speed")],
                "range.f.field: expected",
            ),
            (
                &[
                    ("range.fields", "f"),
                    ("range.f.field", "C.x"),
                    ("range.f.min", "low"),
                ],
                "range.f.min: expected a number",
            ),
            (
                &[
                    ("range.fields", "f"),
                    ("range.f.field", "C.x"),
                    ("range.f.min", "5"),
                    ("range.f.max", "4"),
                ],
                "range.f.min: 5 is greater than range.f.max (4)",
            ),
            (&[("range.check_nan", "sometimes")], "range.check_nan"),
        ];
        for (entries, expected) in cases {
            let err = specs(entries).expect_err(expected);
            assert!(err.starts_with(expected), "{err}");
        }
    }
}
