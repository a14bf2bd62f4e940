//! End-to-end tests: the real `host` binary with real plugin libraries
//! copied into temporary folders.

mod analyse;
mod check;
mod compat;
mod completion;
mod computer;
mod damaged;
mod discovery;
mod endgames;
mod faults;
mod first_minutes;
mod folders;
mod forced;
mod fuzz;
mod golden;
mod guide;
#[cfg(unix)]
mod hostile_files;
mod input;
mod install;
mod kept;
mod keyboard;
#[cfg(unix)]
mod mutants;
mod output;
mod positions;
mod prompts;
mod readme;
mod records;
#[cfg(target_os = "linux")]
mod terminal;
#[cfg(unix)]
mod trials;
#[cfg(unix)]
mod trust;
mod uci;
mod upgrade;
mod util;
