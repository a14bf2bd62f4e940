//! The program's name as it was called: `awale` once installed (`make
//! install`), `host` in the workspace, or whatever a packager renames it to.
//! Usage lines, messages, `--help`, the manual page and the completions name
//! it so (`SPEC.md` §2); this is their one home.

use std::ffi::OsStr;
use std::path::Path;
use std::sync::OnceLock;

use clap::{Arg, ArgAction, ArgMatches, Command, CommandFactory, FromArgMatches};

use crate::cli::Cli;

/// The name of the workspace's binary, used when the call names none.
const BUILT_AS: &str = env!("CARGO_BIN_NAME");

/// The file name the program was called by (`argv[0]`), without its
/// folder nor `.exe`; the workspace's name when that is not UTF-8 text.
pub(crate) fn name() -> &'static str {
    static NAME: OnceLock<String> = OnceLock::new();
    NAME.get_or_init(|| called_as(std::env::args_os().next().as_deref()))
}

fn called_as(first: Option<&OsStr>) -> String {
    first
        .map(Path::new)
        .and_then(Path::file_name)
        .and_then(OsStr::to_str)
        .map(|name| {
            name.strip_suffix(std::env::consts::EXE_SUFFIX)
                .filter(|stem| !stem.is_empty())
                .unwrap_or(name)
        })
        .filter(|name| !name.is_empty())
        .unwrap_or(BUILT_AS)
        .to_owned()
}

/// The command line's definition, named as the program was called, with
/// `--version` said in French (clap's own flag says « Print version »).
pub(crate) fn command() -> Command {
    Cli::command().name(name()).bin_name(name()).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help("Écrit la version"),
    )
}

/// Parses the process's arguments with [`command`].
pub(crate) fn parse() -> Result<Cli, clap::Error> {
    let matches: ArgMatches = command().try_get_matches()?;
    Cli::from_arg_matches(&matches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_is_the_file_name_called() {
        assert_eq!(called_as(Some(OsStr::new("/usr/bin/awale"))), "awale");
        assert_eq!(called_as(Some(OsStr::new("./host"))), "host");
        assert_eq!(called_as(Some(OsStr::new("awale"))), "awale");
        assert_eq!(called_as(None), BUILT_AS);
        assert_eq!(called_as(Some(OsStr::new(""))), BUILT_AS);
        assert_eq!(called_as(Some(OsStr::new("/"))), BUILT_AS);
    }
}
