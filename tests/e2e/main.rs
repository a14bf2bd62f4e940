//! End-to-end tests: the real `host` binary with real plugin libraries
//! copied into temporary folders.

mod analyse;
mod check;
mod computer;
mod damaged;
mod discovery;
mod endgames;
mod faults;
mod folders;
mod forced;
mod fuzz;
mod golden;
mod input;
mod install;
mod keyboard;
#[cfg(unix)]
mod mutants;
mod output;
mod records;
#[cfg(unix)]
mod trust;
mod upgrade;
mod util;
