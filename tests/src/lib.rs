//! End-to-end tests of the `rpf` binary live in `tests/`; this library holds their shared
//! helpers.
