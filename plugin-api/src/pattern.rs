//! Name patterns as JPF's keys write them (`java.util.*`, `*Test`, `Robot.process*`): one
//! home for the matching every plugin's include/exclude lists need.

/// Whether `name` matches `pattern`, where each `*` stands for any run of characters
/// (dots included) and everything else must be equal.
pub fn name_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => {
            let Some(tail) = name.strip_prefix(head) else {
                return false;
            };
            (0..=tail.len())
                .filter(|&i| tail.is_char_boundary(i))
                .any(|i| name_matches(rest, &tail[i..]))
        }
    }
}

/// Whether `name` matches any of `patterns`.
pub fn any_matches(patterns: &[String], name: &str) -> bool {
    patterns.iter().any(|p| name_matches(p, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_stand_for_any_run_of_characters() {
        assert!(name_matches("java.util.*", "java.util.HashMap"));
        assert!(name_matches("*Map", "java.util.HashMap"));
        assert!(name_matches("a*b*c", "abc"));
        assert!(name_matches("a*b*c", "axxbyyc"));
        assert!(!name_matches("a*b*c", "axxbyy"));
        assert!(!name_matches("java.util.*", "java.utilx"));
        assert!(name_matches("Robot", "Robot"));
        assert!(!name_matches("Robot", "RobotManager"));
        assert!(any_matches(&["T1".into(), "T2".into()], "T2"));
        assert!(!name_matches("T1", "T10"));
        assert!(name_matches("*", ""));
    }
}
