//! End-to-end tests: the real `host` binary with real plugin libraries
//! copied into temporary folders.

mod computer;
mod discovery;
mod faults;
mod golden;
mod util;
