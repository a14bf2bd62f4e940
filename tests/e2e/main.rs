//! End-to-end tests: the real `host` binary with real plugin libraries
//! copied into temporary folders.

mod discovery;
mod golden;
mod util;
