//! The types of configuration values: how a raw value is read, which values are allowed, and
//! how listings and error messages describe them.
//!
//! Each type is its own Rust type with the value it reads as an associated type, so a key's
//! typed accessor cannot disagree with the type its listing and validation show.

use std::path::{Path, PathBuf};

/// Why a raw value was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a value of the type at all.
    NotOfType,
    /// A value of the type outside the allowed range.
    OutOfRange,
}

/// A type of configuration value.
pub trait Type {
    /// What a value reads as.
    type Value;
    /// Reads a raw value (already trimmed by the properties parser).
    fn parse(&self, raw: &str) -> Result<Self::Value, Refusal>;
    /// The type in a word or two, for listings: `bool`, `count`, `duration`, ...
    fn name(&self) -> &'static str;
    /// Which values of the type are accepted (`at least 1000`, `newest, oldest, random`), for
    /// listings and range errors; `None` when every value of the type is.
    fn allowed(&self) -> Option<String>;
    /// What a value of the type looks like, for type errors (`a boolean`, `a duration such as
    /// 90s or 5m`).
    fn expected(&self) -> String;
    /// `value` as set in a file in `dir`: paths relative to that directory (identity for
    /// types that hold no paths).
    fn rebase(&self, value: Self::Value, _dir: &Path) -> Self::Value {
        value
    }
    /// The type and the values it allows, for listings: `count, at least 1000`.
    fn describe(&self) -> String {
        match self.allowed() {
            Some(allowed) => format!("{}, {allowed}", self.name()),
            None => self.name().to_string(),
        }
    }
}

/// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`, in any case).
#[derive(Debug, Clone, Copy)]
pub struct Bool;

impl Type for Bool {
    type Value = bool;
    fn parse(&self, raw: &str) -> Result<bool, Refusal> {
        match raw.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(Refusal::NotOfType),
        }
    }
    fn name(&self) -> &'static str {
        "bool"
    }
    fn allowed(&self) -> Option<String> {
        None
    }
    fn expected(&self) -> String {
        "a boolean (true or false)".into()
    }
}

/// Unsigned integers from `min` to `max`, both included.
#[derive(Debug, Clone, Copy)]
pub struct Range {
    /// The smallest value allowed.
    pub min: u64,
    /// The largest value allowed.
    pub max: u64,
}

impl Range {
    /// Every unsigned integer.
    pub const ANY: Range = Range::at_least(0);

    /// `min` and above.
    pub const fn at_least(min: u64) -> Range {
        Range { min, max: u64::MAX }
    }

    /// From `min` to `max`.
    pub const fn between(min: u64, max: u64) -> Range {
        Range { min, max }
    }

    fn check(self, n: u64) -> Result<u64, Refusal> {
        if (self.min..=self.max).contains(&n) {
            Ok(n)
        } else {
            Err(Refusal::OutOfRange)
        }
    }

    /// `at least 1000`, `16 to 1000000`, or `None` for every value; `show` writes a bound.
    fn describe(self, show: impl Fn(u64) -> String) -> Option<String> {
        match (self.min, self.max) {
            (0, u64::MAX) => None,
            (min, u64::MAX) => Some(format!("at least {}", show(min))),
            (min, max) => Some(format!("{} to {}", show(min), show(max))),
        }
    }
}

/// A count: an unsigned integer in a range.
#[derive(Debug, Clone, Copy)]
pub struct Count(pub Range);

impl Type for Count {
    type Value = u64;
    fn parse(&self, raw: &str) -> Result<u64, Refusal> {
        let n = raw.parse::<u64>().map_err(|_| Refusal::NotOfType)?;
        self.0.check(n)
    }
    fn name(&self) -> &'static str {
        "count"
    }
    fn allowed(&self) -> Option<String> {
        self.0.describe(|n| n.to_string())
    }
    fn expected(&self) -> String {
        "a non-negative integer".into()
    }
}

/// A count, or `auto` for one rpf chooses at run time.
#[derive(Debug, Clone, Copy)]
pub struct CountOrAuto(pub Range);

/// A value of [`CountOrAuto`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// `auto`.
    Auto,
    /// A number.
    Exactly(u64),
}

impl Type for CountOrAuto {
    type Value = Amount;
    fn parse(&self, raw: &str) -> Result<Amount, Refusal> {
        if raw == "auto" {
            return Ok(Amount::Auto);
        }
        Count(self.0).parse(raw).map(Amount::Exactly)
    }
    fn name(&self) -> &'static str {
        "count or auto"
    }
    fn allowed(&self) -> Option<String> {
        Some(match Count(self.0).allowed() {
            Some(range) => format!("{range}, or auto"),
            None => "a count or auto".into(),
        })
    }
    fn expected(&self) -> String {
        "a non-negative integer or auto".into()
    }
    fn describe(&self) -> String {
        match Count(self.0).allowed() {
            Some(range) => format!("count ({range}) or auto"),
            None => self.name().to_string(),
        }
    }
}

/// A size in bytes, with an optional `k`, `m` or `g` suffix (powers of 1024; a trailing `b` is
/// ignored), in a range.
#[derive(Debug, Clone, Copy)]
pub struct Size(pub Range);

const SIZE_UNITS: [(char, u64); 3] = [('g', 1 << 30), ('m', 1 << 20), ('k', 1 << 10)];

impl Size {
    /// `n` with the largest unit that divides it: `1m`, `64k`, `1000`.
    fn show(n: u64) -> String {
        SIZE_UNITS
            .iter()
            .find(|(_, factor)| n != 0 && n.is_multiple_of(*factor))
            .map_or_else(|| n.to_string(), |(unit, f)| format!("{}{unit}", n / f))
    }
}

impl Type for Size {
    type Value = u64;
    fn parse(&self, raw: &str) -> Result<u64, Refusal> {
        let lower = raw.to_ascii_lowercase();
        let lower = lower.strip_suffix('b').unwrap_or(&lower);
        let (digits, factor) = SIZE_UNITS
            .iter()
            .find_map(|&(unit, factor)| Some((lower.strip_suffix(unit)?, factor)))
            .unwrap_or((lower, 1));
        let digits = digits.trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Refusal::NotOfType);
        }
        // A number of digits too large for 64 bits is a size, just outside every range.
        let n = digits
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(factor))
            .ok_or(Refusal::OutOfRange)?;
        self.0.check(n)
    }
    fn name(&self) -> &'static str {
        "size"
    }
    fn allowed(&self) -> Option<String> {
        self.0.describe(Size::show)
    }
    fn expected(&self) -> String {
        "a size such as 512m or 2g".into()
    }
}

/// A duration: plain seconds, or a number with `ms`, `s`, `m` (or `min`) or `h`, at most
/// [`MAX_DURATION_HOURS`].
#[derive(Debug, Clone, Copy)]
pub struct Duration;

/// The longest duration any key takes (over eleven years): longer ones are surely mistakes,
/// and every duration below it is representable wherever rpf adds it to a clock.
pub const MAX_DURATION_HOURS: u64 = 100_000;

impl Type for Duration {
    type Value = std::time::Duration;
    fn parse(&self, raw: &str) -> Result<std::time::Duration, Refusal> {
        let split = raw
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(raw.len());
        let (number, unit) = raw.split_at(split);
        let seconds_per_unit = match unit.trim() {
            "" | "s" => 1.0,
            "ms" => 0.001,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(Refusal::NotOfType),
        };
        let seconds = number.parse::<f64>().map_err(|_| Refusal::NotOfType)? * seconds_per_unit;
        if seconds > (MAX_DURATION_HOURS * 3600) as f64 {
            return Err(Refusal::OutOfRange);
        }
        std::time::Duration::try_from_secs_f64(seconds).map_err(|_| Refusal::NotOfType)
    }
    fn name(&self) -> &'static str {
        "duration"
    }
    fn allowed(&self) -> Option<String> {
        Some(format!("at most {MAX_DURATION_HOURS}h"))
    }
    fn expected(&self) -> String {
        "a duration such as 90s or 5m".into()
    }
}

/// Free text: a class name, a component name.
#[derive(Debug, Clone, Copy)]
pub struct Text;

impl Type for Text {
    type Value = String;
    fn parse(&self, raw: &str) -> Result<String, Refusal> {
        Ok(raw.to_string())
    }
    fn name(&self) -> &'static str {
        "text"
    }
    fn allowed(&self) -> Option<String> {
        None
    }
    fn expected(&self) -> String {
        "text".into()
    }
}

/// Class names as JPF writes them: a leading dot stands for `gov.nasa.jpf` (in each item of a
/// list), then the value reads as `T`.
#[derive(Debug, Clone, Copy)]
pub struct ClassNames<T>(pub T);

impl<T: Type> Type for ClassNames<T> {
    type Value = T::Value;
    fn parse(&self, raw: &str) -> Result<T::Value, Refusal> {
        self.0.parse(&crate::jpf::expand_classes(raw))
    }
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn allowed(&self) -> Option<String> {
        self.0.allowed()
    }
    fn expected(&self) -> String {
        self.0.expected()
    }
    fn describe(&self) -> String {
        self.0.describe()
    }
}

/// One file or directory.
#[derive(Debug, Clone, Copy)]
pub struct FilePath;

impl Type for FilePath {
    type Value = PathBuf;
    fn parse(&self, raw: &str) -> Result<PathBuf, Refusal> {
        Ok(PathBuf::from(raw))
    }
    fn rebase(&self, value: PathBuf, dir: &Path) -> PathBuf {
        dir.join(value)
    }
    fn name(&self) -> &'static str {
        "path"
    }
    fn allowed(&self) -> Option<String> {
        None
    }
    fn expected(&self) -> String {
        "a path".into()
    }
}

/// One of a fixed set of names, each standing for a value (several names may stand for the
/// same one).
#[derive(Debug, Clone, Copy)]
pub struct OneOf<T: 'static>(pub &'static [(&'static str, T)]);

impl<T: 'static> OneOf<T> {
    fn names(&self) -> String {
        self.0
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl<T: Copy + 'static> Type for OneOf<T> {
    type Value = T;
    fn parse(&self, raw: &str) -> Result<T, Refusal> {
        self.0
            .iter()
            .find(|(name, _)| *name == raw)
            .map(|(_, value)| *value)
            .ok_or(Refusal::NotOfType)
    }
    fn name(&self) -> &'static str {
        "one of"
    }
    fn allowed(&self) -> Option<String> {
        Some(self.names())
    }
    fn expected(&self) -> String {
        format!("one of {}", self.names())
    }
    fn describe(&self) -> String {
        self.expected()
    }
}

/// A comma separated list (items trimmed, empty items dropped).
#[derive(Debug, Clone, Copy)]
pub struct List;

impl Type for List {
    type Value = Vec<String>;
    fn parse(&self, raw: &str) -> Result<Vec<String>, Refusal> {
        Ok(split(raw, &[',']).map(String::from).collect())
    }
    fn name(&self) -> &'static str {
        "list"
    }
    fn allowed(&self) -> Option<String> {
        None
    }
    fn expected(&self) -> String {
        "a comma separated list".into()
    }
}

/// A list of paths separated by `,`, `;` or `:`, as JPF accepts.
#[derive(Debug, Clone, Copy)]
pub struct Paths;

impl Type for Paths {
    type Value = Vec<PathBuf>;
    fn parse(&self, raw: &str) -> Result<Vec<PathBuf>, Refusal> {
        Ok(split(raw, &[',', ';', ':']).map(PathBuf::from).collect())
    }
    fn rebase(&self, value: Vec<PathBuf>, dir: &Path) -> Vec<PathBuf> {
        value.into_iter().map(|p| dir.join(p)).collect()
    }
    fn name(&self) -> &'static str {
        "paths"
    }
    fn allowed(&self) -> Option<String> {
        None
    }
    fn expected(&self) -> String {
        "paths separated by , ; or :".into()
    }
}

fn split<'a>(raw: &'a str, separators: &'a [char]) -> impl Iterator<Item = &'a str> {
    raw.split(separators)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_counts_and_ranges() {
        assert_eq!(Bool.parse("Yes"), Ok(true));
        assert_eq!(Bool.parse("0"), Ok(false));
        assert_eq!(Bool.parse("maybe"), Err(Refusal::NotOfType));
        let count = Count(Range::between(16, 100));
        assert_eq!(count.parse("16"), Ok(16));
        assert_eq!(count.parse("100"), Ok(100));
        assert_eq!(count.parse("15"), Err(Refusal::OutOfRange));
        assert_eq!(count.parse("101"), Err(Refusal::OutOfRange));
        assert_eq!(count.parse("-3"), Err(Refusal::NotOfType));
        assert_eq!(count.parse("ten"), Err(Refusal::NotOfType));
        assert_eq!(count.allowed().as_deref(), Some("16 to 100"));
        assert_eq!(
            Count(Range::at_least(1000)).allowed().as_deref(),
            Some("at least 1000")
        );
        assert_eq!(Count(Range::ANY).allowed(), None);
        let workers = CountOrAuto(Range::at_least(1));
        assert_eq!(workers.parse("auto"), Ok(Amount::Auto));
        assert_eq!(workers.parse("3"), Ok(Amount::Exactly(3)));
        assert_eq!(workers.parse("0"), Err(Refusal::OutOfRange));
        assert_eq!(workers.parse("many"), Err(Refusal::NotOfType));
        assert_eq!(workers.allowed().as_deref(), Some("at least 1, or auto"));
        assert_eq!(workers.describe(), "count (at least 1) or auto");
        assert_eq!(count.describe(), "count, 16 to 100");
    }

    #[test]
    fn sizes_and_durations() {
        let size = Size(Range::ANY);
        assert_eq!(size.parse("512m"), Ok(512 << 20));
        assert_eq!(size.parse("2G"), Ok(2 << 30));
        assert_eq!(size.parse("64kb"), Ok(64 << 10));
        assert_eq!(size.parse("1000"), Ok(1000));
        assert_eq!(size.parse("fast"), Err(Refusal::NotOfType));
        assert_eq!(size.parse("99999999999g"), Err(Refusal::OutOfRange));
        assert_eq!(
            size.parse("99999999999999999999999"),
            Err(Refusal::OutOfRange)
        );
        let bounded = Size(Range::between(64 << 10, 1 << 30));
        assert_eq!(bounded.parse("32k"), Err(Refusal::OutOfRange));
        assert_eq!(bounded.allowed().as_deref(), Some("64k to 1g"));
        let secs = |raw| Duration.parse(raw).map(|d| d.as_millis());
        assert_eq!(secs("90s"), Ok(90_000));
        assert_eq!(secs("5m"), Ok(300_000));
        assert_eq!(secs("1500ms"), Ok(1500));
        assert_eq!(secs("2"), Ok(2000));
        assert_eq!(secs("100000h"), Ok(360_000_000_000));
        assert_eq!(secs("100001h"), Err(Refusal::OutOfRange));
        assert_eq!(secs("99999999999999999999h"), Err(Refusal::OutOfRange));
        assert_eq!(Duration.allowed().as_deref(), Some("at most 100000h"));
        assert_eq!(secs("0"), Ok(0));
        assert_eq!(secs("fast"), Err(Refusal::NotOfType));
        assert_eq!(secs("5 weeks"), Err(Refusal::NotOfType));
    }

    #[test]
    fn names_lists_and_paths() {
        let drop = OneOf(&[("newest", 1), ("oldest", 2), ("last", 1)]);
        assert_eq!(drop.parse("oldest"), Ok(2));
        assert_eq!(drop.parse("last"), Ok(1));
        assert_eq!(drop.parse("Oldest"), Err(Refusal::NotOfType));
        assert_eq!(drop.expected(), "one of newest, oldest, last");
        assert_eq!(List.parse(" a, b,,c ").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            Paths.parse("x:y;z").unwrap(),
            ["x", "y", "z"].map(PathBuf::from)
        );
    }
}
