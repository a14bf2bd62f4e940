//! The manual page (`host --man`, installed by `make install`), made from
//! the command line's definition so that it never disagrees with it, with
//! the sections clap_mangen does not write: CODE DE RETOUR, ENVIRONNEMENT,
//! FICHIERS and EXEMPLES (EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES), in
//! French as the rest. It names the program as it was called.

use clap_mangen::Man;

use crate::cli::program;
use crate::util::shown::{wrapped, COLUMNS};

/// The manual page, in roff, for section 6 (games), in French as a player
/// reads it (`SPEC.md` §3): clap_mangen's English headings said in French,
/// and every line of text within 80 columns.
pub(crate) fn page() -> String {
    let mut roff = Vec::new();
    Man::new(program::command())
        .section("6")
        .render(&mut roff)
        .expect("writing to memory does not fail");
    let page = String::from_utf8_lossy(&roff).into_owned();
    let extra = sections(&escape(program::name()));
    // Before the version, which clap_mangen writes last.
    let page = match page.find(".SH VERSION") {
        Some(at) => format!("{}{extra}{}", &page[..at], &page[at..]),
        None => format!("{page}{extra}"),
    };
    let page = page.replace(".SH NAME\n", ".SH NOM\n");
    within_columns(&page)
}

/// The page's lines of text (not its requests, which start with `.`)
/// broken at spaces within [`COLUMNS`]: roff fills them into the same
/// paragraphs, and the page reads whole in an editor of 80 columns too.
fn within_columns(page: &str) -> String {
    let mut text = String::with_capacity(page.len() + 64);
    for line in page.lines() {
        if line.starts_with('.') || line.chars().count() <= COLUMNS {
            text.push_str(line);
            text.push('\n');
            continue;
        }
        for part in wrapped(line, COLUMNS).lines() {
            // A line of text that starts with a request's mark stays text.
            if part.starts_with(['.', '\'']) {
                text.push_str("\\&");
            }
            text.push_str(part);
            text.push('\n');
        }
    }
    text
}

/// `text` with the characters roff reads as commands escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// The sections of the page clap_mangen does not write, for the program `p`
/// (escaped), in French.
fn sections(p: &str) -> String {
    let example =
        |command: &str, what: &str| format!(".TP\n\\fB{p} {}\\fR\n{what}\n", escape(command));
    let mut text = String::new();
    text.push_str(
        ".SH \"CODE DE RETOUR\"\n\
         0 quand une partie est allée à sa fin (ou un match, une liste, une revue) ; \
         1 quand l'entrée s'est terminée avant la partie, ou que la bibliothèque \
         d'une variante a échoué ; \
         2 pour une erreur d'utilisation (variante inconnue, option refusée, \
         dossier des variantes ou partie écrite illisible).\n",
    );
    text.push_str(
        ".SH ENVIRONNEMENT\n\
         .TP\n\\fBAWALE_PLUGINS\\fR\n\
         Le dossier des variantes, quand elle n'est pas vide et que \\fB\\-\\-plugins\\fR \
         n'est pas donné.\n\
         .TP\n\\fBXDG_DATA_HOME\\fR, \\fBXDG_STATE_HOME\\fR, \\fBXDG_CACHE_HOME\\fR, \\fBHOME\\fR\n\
         Où sont les variantes de l'utilisateur, les parties gardées et les tables de \
         fin de partie (voir FICHIERS).\n\
         .TP\n\\fBRUST_LOG\\fR\n\
         \\fBdebug\\fR montre les fichiers essayés comme variantes, et pourquoi l'un \
         d'eux a été écarté (en anglais, pour les développeurs).\n\
         .TP\n\\fBAWALE_PROBE_SECONDS\\fR\n\
         Le temps que peut prendre l'essai de la bibliothèque d'une variante \
         (5 secondes par défaut).\n",
    );
    text.push_str(&format!(
        ".SH FICHIERS\n\
         .TP\n\\fI~/.local/share/awale/plugins/\\fR\n\
         Les variantes de l'utilisateur (\\fI$XDG_DATA_HOME/awale/plugins\\fR), \
         cherchées en premier.\n\
         .TP\n\\fIPREFIX/lib/awale/plugins/\\fR\n\
         Les variantes installées, trouvées à partir du programme dans \
         \\fIPREFIX/bin/{p}\\fR ou \\fIPREFIX/games/{p}\\fR (\\fI/usr/games/{p}\\fR \
         trouve \\fI/usr/lib/awale/plugins/\\fR).\n\
         .TP\n\\fI~/.local/state/awale/games/\\fR\n\
         Les parties gardées, les 100 dernières (\\fI$XDG_STATE_HOME/awale/games\\fR) ; \
         \\fB\\-\\-resume\\fR en reprend une.\n\
         .TP\n\\fI~/.cache/awale/\\fR\n\
         Ce que les essais des variantes ont appris, et les tables de fin de partie \
         (\\fI$XDG_CACHE_HOME/awale\\fR).\n"
    ));
    text.push_str(".SH EXEMPLES\n");
    text.push_str(&format!(
        ".TP\n\\fB{p}\\fR\nUne partie d'Awalé contre l'ordinateur : vous êtes SUD, lui NORD \
         (niveau 3).\n"
    ));
    for (command, what) in [
        (
            "--list",
            "Les variantes installées, une ligne chacune (\\-\\-verbose : leurs fichiers).",
        ),
        ("awale", "Une partie d'Awalé à deux, au même clavier."),
        (
            "awale --computer nord",
            "Contre l'ordinateur (niveau 3, amateur) ; tapez ? pour un conseil.",
        ),
        (
            "awale --set capture=backward --first hasard",
            "Une option de la variante, et le premier joueur tiré au sort.",
        ),
        (
            "awale --computer sud=1 --computer nord=2 --seed 7 --games 6",
            "Un match de six parties, l'ordinateur contre lui-même.",
        ),
        (
            "awale --record partie.txt",
            "Écrit la partie dans un fichier au fil du jeu.",
        ),
        ("--resume", "Reprend la dernière partie arrêtée."),
        (
            "--analyse 1",
            "Revoit la dernière partie jouée, décision par décision.",
        ),
        (
            "--analyse partie.txt --think 2",
            "Revoit une partie écrite, décision par décision.",
        ),
        (
            "awale --endgames",
            "Construit une fois les tables de fin de partie de l'Awalé pour le niveau 4.",
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
            at("NOM"),
            at("OPTIONS"),
            at("\"CODE DE RETOUR\""),
            at("ENVIRONNEMENT"),
            at("FICHIERS"),
            at("EXEMPLES"),
            at("VERSION"),
        ];
        assert!(order.iter().all(Option::is_some), "{page}");
        assert!(order.windows(2).all(|pair| pair[0] < pair[1]), "{page}");
        assert!(page.contains("AWALE_PLUGINS") && page.contains("awale/games"));
        assert!(page.contains("\\-\\-computer nord"), "{page}");
    }

    #[test]
    fn the_manual_page_is_french_within_80_columns() {
        let page = page();
        for line in page.lines() {
            assert!(line.chars().count() <= COLUMNS, "{line}");
        }
        for english in [" the ", " plugin ", "contract", "Print", "[default"] {
            assert!(!page.contains(english), "{english}: {page}");
        }
        assert!(page.contains("partie"), "{page}");
    }
}
