//! Report files (`report.json.file`, `report.trace.file`): claimed before the search, so an
//! unwritable path is an error at once rather than after hours of searching and a report of
//! an earlier run is never mistaken for this one's; written atomically after it, so a reader
//! sees the whole old file, no file, or the whole new one.

use std::io::Write;
use std::path::Path;

use crate::launch::LaunchError;

/// The directory a report at `path` goes to.
fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A new file in `dir` with the permissions an ordinary file gets (`0666` less the umask;
/// temporary files are private by default, which a report must not be).
fn temporary_file(dir: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new()
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
}

/// Checks that a report can be written at `path` (its directory exists and takes a new
/// file, and `path` is not a directory) and removes a report an earlier run left there.
pub fn claim(path: &Path) -> Result<(), LaunchError> {
    let fail = |e: std::io::Error| LaunchError::Output(path.to_path_buf(), e);
    if path.is_dir() {
        return Err(fail(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a directory",
        )));
    }
    temporary_file(directory(path)).map_err(fail)?;
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(fail(e)),
        _ => Ok(()),
    }
}

/// Writes `text` to `path` through a temporary file in the same directory, renamed over
/// `path` once complete.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), LaunchError> {
    let fail = |e: std::io::Error| LaunchError::Output(path.to_path_buf(), e);
    let mut file = temporary_file(directory(path)).map_err(fail)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claimed_path_loses_its_old_report_and_takes_the_new_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("report.json");
        std::fs::write(&path, "stale").expect("write");
        claim(&path).expect("claim");
        assert!(!path.exists(), "the stale report is gone");
        write_atomically(&path, "{}").expect("write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "{}");
        let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
        assert_eq!(leftovers, 1, "no temporary file is left behind");
    }

    #[test]
    fn unwritable_places_are_refused_before_the_search() {
        let dir = tempfile::tempdir().expect("tempdir");
        let missing = dir.path().join("no/such/dir/report.json");
        assert!(matches!(claim(&missing), Err(LaunchError::Output(..))));
        assert!(matches!(claim(dir.path()), Err(LaunchError::Output(..))));
    }
}
