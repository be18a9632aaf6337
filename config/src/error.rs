//! Configuration errors: each one names the key or file and, where known, the line.

use std::path::PathBuf;

/// Everything that can go wrong while reading or querying the configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// A properties file could not be read at all.
    #[error("cannot read configuration file {path}: {source}")]
    Unreadable {
        /// The file that failed.
        path: PathBuf,
        /// The underlying I/O error.
        source: std::io::Error,
    },
    /// The properties syntax itself is broken.
    #[error("{origin}: malformed properties syntax: {message}")]
    Syntax {
        /// File (and line) of the problem.
        origin: String,
        /// What the parser reported.
        message: String,
    },
    /// `${name}` refers to a key that is not defined at that point.
    #[error("{origin}: ${{{name}}} refers to an undefined key")]
    UndefinedReference {
        /// File and line of the reference.
        origin: String,
        /// The key that was referenced.
        name: String,
    },
    /// Expanding `${...}` references would make a value longer than any setting needs (a
    /// chain of doubling references grows exponentially).
    #[error("{origin}: expanding ${{...}} references makes the value longer than {limit} bytes")]
    ExpansionTooLong {
        /// File and line of the value.
        origin: String,
        /// The bound.
        limit: usize,
    },
    /// `${` without a closing `}`.
    #[error("{origin}: unterminated ${{...}} in value \"{value}\"")]
    UnterminatedReference {
        /// File and line of the value.
        origin: String,
        /// The offending value.
        value: String,
    },
    /// `@include` cycles back into a file already being read.
    #[error("{origin}: @include of {path} forms a cycle")]
    IncludeCycle {
        /// File and line of the include.
        origin: String,
        /// The file included again.
        path: PathBuf,
    },
    /// A command-line argument that is not of the form `+key=value`.
    #[error("malformed command-line setting \"{arg}\": expected +key=value")]
    BadArgument {
        /// The argument as given.
        arg: String,
    },
    /// A value that does not have the type its key requires.
    #[error("{key}: expected {expected}, got \"{value}\"{origin}")]
    WrongType {
        /// The key being read.
        key: String,
        /// A human description of the expected type ("an integer", "a boolean", ...).
        expected: String,
        /// The value found.
        value: String,
        /// ` (file line N)` or empty.
        origin: String,
    },
    /// A value of the right type outside the range its key allows.
    #[error("{key}: {value} is out of range, allowed: {allowed}{origin}")]
    OutOfRange {
        /// The key being read.
        key: String,
        /// The value found.
        value: String,
        /// The values allowed (`at least 1000`, `16 to 1000000`).
        allowed: String,
        /// ` (file line N)` or empty.
        origin: String,
    },
    /// A value of the right type that is not acceptable for another reason.
    #[error("{key}: {message}{origin}")]
    Invalid {
        /// The key being read.
        key: String,
        /// What is wrong with the value.
        message: String,
        /// ` (file line N)` or empty.
        origin: String,
    },
    /// A key that rpf does not know in a namespace it owns.
    #[error("unknown configuration key \"{key}\"{origin}{hint}")]
    UnknownKey {
        /// The key as given.
        key: String,
        /// ` (file line N)` or empty.
        origin: String,
        /// `; did you mean ...?` or empty.
        hint: String,
    },
}
