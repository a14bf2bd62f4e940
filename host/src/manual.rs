//! What `make install` puts beside the binary, printed by the binary itself:
//! the manual page (`host --man`) and the shell completions
//! (`host --completions SHELL`), both made from the command line's
//! definition so that they never disagree with it.

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// The manual page, in roff, for section 6 (games).
pub(crate) fn page() -> String {
    let mut roff = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .section("6")
        .render(&mut roff)
        .expect("writing to memory does not fail");
    String::from_utf8_lossy(&roff).into_owned()
}

/// The completion script of `shell`.
pub(crate) fn completions(shell: Shell) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "host", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_page_is_roff_of_section_6_naming_every_option() {
        let page = page();
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
        assert!(page.contains(".TH host 6"), "{page}");
        for option in [
            "\\-\\-resume",
            "\\-\\-no\\-keep",
            "\\-\\-record",
            "\\-\\-plugins",
        ] {
            assert!(page.contains(option), "{option}");
        }
    }

    #[test]
    fn the_completions_offer_the_options() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = completions(shell);
            assert!(script.contains("resume"), "{shell}");
            assert!(script.contains("completions"), "{shell}");
        }
    }
}
