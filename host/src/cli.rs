//! The command line of `SPEC.md` §2.

use std::path::PathBuf;

use clap::{ArgAction, Parser};

/// Console host for Awalé and its variants, each loaded from a plugin library.
///
/// Moves are read from standard input as whitespace-separated integers: a
/// hole number, or 0 when both players agree the game is over. Standard
/// output carries only the board and the game's messages.
#[derive(Debug, Parser)]
#[command(name = "host", version, disable_help_flag = true)]
pub(crate) struct Cli {
    /// The variant to play, as `--list` shows it (case and accents ignored).
    #[arg(value_name = "VARIANT")]
    pub(crate) variant: Option<String>,

    /// List the installed variants.
    #[arg(long)]
    pub(crate) list: bool,

    /// Who moves first.
    #[arg(long, value_name = "sud|nord", default_value = "sud")]
    pub(crate) first: String,

    /// Set a variant option (repeatable); `host VARIANT --help` lists them.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_setting)]
    pub(crate) settings: Vec<(String, String)>,

    /// The plugins folder [env: AWALE_PLUGINS; default: ~/.local/share/awale/plugins,
    /// then plugins/ beside the executable, then its own folder].
    #[arg(long, value_name = "DIR")]
    plugins: Option<PathBuf>,

    /// Print help (with a VARIANT: its options and rules).
    #[arg(short = 'h', long, action = ArgAction::SetTrue)]
    pub(crate) help: bool,
}

impl Cli {
    /// The plugins folder named by `--plugins` or, when that is absent,
    /// `AWALE_PLUGINS`; an empty value counts as not set.
    pub(crate) fn plugins_folder(&self) -> Option<PathBuf> {
        self.plugins
            .clone()
            .or_else(|| std::env::var_os("AWALE_PLUGINS").map(PathBuf::from))
            .filter(|folder| !folder.as_os_str().is_empty())
    }
}

fn parse_setting(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((key, value)) if !key.is_empty() => Ok((key.to_owned(), value.to_owned())),
        _ => Err(format!("`{text}` is not KEY=VALUE")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn settings_are_key_value_pairs() {
        assert_eq!(
            parse_setting("capture=backward"),
            Ok(("capture".to_owned(), "backward".to_owned()))
        );
        assert_eq!(
            parse_setting("seeds="),
            Ok(("seeds".to_owned(), String::new()))
        );
        assert!(parse_setting("capture").is_err());
        assert!(parse_setting("=both").is_err());
    }
}
