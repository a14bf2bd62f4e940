//! The manual page (`host --man`, installed by `make install`), made from
//! the command line's definition so that it never disagrees with it, with
//! the sections clap_mangen does not write: EXIT STATUS, ENVIRONMENT, FILES
//! and EXAMPLES. It names the program as it was called.

use clap_mangen::Man;

use crate::cli::program;

/// The manual page, in roff, for section 6 (games).
pub(crate) fn page() -> String {
    let mut roff = Vec::new();
    Man::new(program::command())
        .section("6")
        .render(&mut roff)
        .expect("writing to memory does not fail");
    let page = String::from_utf8_lossy(&roff).into_owned();
    let extra = sections(&escape(program::name()));
    // Before the version, which clap_mangen writes last.
    match page.find(".SH VERSION") {
        Some(at) => format!("{}{extra}{}", &page[..at], &page[at..]),
        None => format!("{page}{extra}"),
    }
}

/// `text` with the characters roff reads as commands escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// The sections of the page clap_mangen does not write, for the program `p`
/// (escaped).
fn sections(p: &str) -> String {
    let example =
        |command: &str, what: &str| format!(".TP\n\\fB{p} {}\\fR\n{what}\n", escape(command));
    let mut text = String::new();
    text.push_str(
        ".SH \"EXIT STATUS\"\n\
         0 when a game reached its end (or a match, a list, a review); \
         1 when the input ended before the game did, or a plugin failed; \
         2 for a usage error (unknown variant, bad option, unreadable plugins folder or record).\n",
    );
    text.push_str(
        ".SH ENVIRONMENT\n\
         .TP\n\\fBAWALE_PLUGINS\\fR\n\
         The plugins folder, when not empty and no \\fB\\-\\-plugins\\fR is given.\n\
         .TP\n\\fBXDG_DATA_HOME\\fR, \\fBXDG_STATE_HOME\\fR, \\fBXDG_CACHE_HOME\\fR, \\fBXDG_CONFIG_HOME\\fR, \\fBHOME\\fR\n\
         Where the user's plugins, kept games, endgame tables and settings are (see FILES).\n\
         .TP\n\\fBRUST_LOG\\fR\n\
         \\fBdebug\\fR shows which plugin files were tried and why one was skipped.\n\
         .TP\n\\fBAWALE_PROBE_SECONDS\\fR\n\
         The time the trial load of one plugin library may take (default 5).\n",
    );
    text.push_str(&format!(
        ".SH FILES\n\
         .TP\n\\fI~/.local/share/awale/plugins/\\fR\n\
         The user's variants (\\fI$XDG_DATA_HOME/awale/plugins\\fR), searched first.\n\
         .TP\n\\fIPREFIX/lib/awale/plugins/\\fR\n\
         The installed variants, found from the program in \\fIPREFIX/bin/{p}\\fR or \\fIPREFIX/games/{p}\\fR (\\fI/usr/games/{p}\\fR finds \\fI/usr/lib/awale/plugins/\\fR).\n\
         .TP\n\\fI~/.local/state/awale/games/\\fR\n\
         The kept games, the last 100 (\\fI$XDG_STATE_HOME/awale/games\\fR); \\fB\\-\\-resume\\fR goes on with one.\n\
         .TP\n\\fI~/.cache/awale/\\fR\n\
         The verdicts of the plugins' trial loads and the endgame tables (\\fI$XDG_CACHE_HOME/awale\\fR).\n\
         .TP\n\\fI~/.config/awale/awale.toml\\fR\n\
         Les réglages, en TOML (\\fI$XDG_CONFIG_HOME/awale/awale.toml\\fR ; \\fI%APPDATA%\\eawale\\eawale.toml\\fR sous Windows). \
         Les clés \\fBthink\\fR, \\fBthreads\\fR, \\fBcomputer\\fR (une place ou une liste : \\fBcomputer = [\"nord=4\"]\\fR) et \\fBfirst\\fR valent pour toute partie ; \
         une table au nom d'une variante prend les mêmes clés et \\fBset\\fR, ses options (\\fB[oware]\\fR puis \\fBset = [\"players=3\"]\\fR). \
         La ligne de commande l'emporte : \\fB\\-\\-computer\\fR remplace la liste du fichier (\\fB\\-\\-computer personne\\fR : aucune place), \
         \\fB\\-\\-set\\fR la valeur de sa clé, \\fB\\-\\-first\\fR, \\fB\\-\\-think\\fR et \\fB\\-\\-threads\\fR les leurs. \
         Une partie reprise (\\fB\\-\\-resume\\fR, \\fB\\-\\-replay\\fR) n'en prend que \\fBthreads\\fR, une partie depuis \\fB\\-\\-position\\fR ni \\fBset\\fR ni \\fBfirst\\fR, \
         \\fB\\-\\-analyse\\fR \\fBthink\\fR et \\fBthreads\\fR ; les autres commandes ne le lisent pas. \
         Un fichier mal formé (TOML, clé, type ou valeur) est refusé en une ligne qui nomme sa ligne et ce qu'il faut écrire (statut 2) : rien n'est joué.\n"
    ));
    text.push_str(".SH EXAMPLES\n");
    text.push_str(&format!(
        ".TP\n\\fB{p}\\fR\nA game of Awalé against the computer: you are SUD, it is NORD (level 3).\n"
    ));
    for (command, what) in [
        (
            "--list",
            "The installed variants, a line each (\\-\\-verbose: their files).",
        ),
        (
            "awale",
            "A game of Awalé between two people at one keyboard.",
        ),
        (
            "awale --computer nord",
            "Against the computer (level 3, amateur); type ? for a hint.",
        ),
        (
            "awale --set capture=backward --first hasard",
            "An option of the variant, and the first player drawn.",
        ),
        (
            "awale --computer sud=1 --computer nord=2 --seed 7 --games 6",
            "A match of six games, computer against computer.",
        ),
        (
            "awale --record partie.txt",
            "Write the game to a file as it goes.",
        ),
        ("--resume", "Go on with the last unfinished game."),
        (
            "--analyse 1",
            "Review the last game played, decision by decision.",
        ),
        (
            "--analyse partie.txt --think 2",
            "Review a recorded game, decision by decision.",
        ),
        (
            "awale --endgames",
            "Build Awalé's endgame tables for level 4, once.",
        ),
    ] {
        text.push_str(&example(command, what));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_page_is_roff_of_section_6_naming_every_option() {
        let page = page();
        assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
        assert!(
            page.contains(&format!(".TH {} 6", program::name())),
            "{page}"
        );
        for option in [
            "\\-\\-resume",
            "\\-\\-no\\-keep",
            "\\-\\-record",
            "\\-\\-plugins",
        ] {
            assert!(page.contains(option), "{option}");
        }
        assert!(!page.contains("candidates") && !page.contains("probe"));
    }

    #[test]
    fn the_manual_page_has_examples_files_and_environment() {
        let page = page();
        let at = |section: &str| page.find(&format!(".SH {section}\n"));
        let order = [
            at("OPTIONS"),
            at("\"EXIT STATUS\""),
            at("ENVIRONMENT"),
            at("FILES"),
            at("EXAMPLES"),
            at("VERSION"),
        ];
        assert!(order.iter().all(Option::is_some), "{page}");
        assert!(order.windows(2).all(|pair| pair[0] < pair[1]), "{page}");
        assert!(page.contains("AWALE_PLUGINS") && page.contains("awale/games"));
        assert!(page.contains("\\-\\-computer nord"), "{page}");
    }
}
