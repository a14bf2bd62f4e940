//! What `host --list` and `host VARIANT --help` print about variants.

use std::fmt::Write as _;

use crate::cli::program;
use crate::loading::discovery::{Described, Found, Installed};
use crate::loading::summary::option_lines;
use crate::util::shown::{hanging, shown_path, wrapped, wrapped_lines, COLUMNS};

/// What `--list` prints: one line a variant (id, title, option keys),
/// columns aligned (`SPEC.md` §2); with `verbose`, a block a variant: id,
/// version, title, summary, options, file and contract version.
pub(crate) fn list(found: &[Found], verbose: bool) -> String {
    let mut text = String::new();
    if verbose {
        for variant in found {
            let summary = &variant.summary;
            text.push_str(&summary.listing);
            // The path alone on its line: an installed one fits 80 columns.
            let _ = writeln!(text, "    fichier : {}", shown_path(&variant.file));
            let _ = writeln!(text, "    contrat des variantes : {}", summary.api_version);
        }
        return text;
    }
    let width = |of: fn(&Found) -> &str| {
        found
            .iter()
            .map(|variant| of(variant).chars().count())
            .max()
            .unwrap_or(0)
    };
    let id_width = width(|variant| &variant.summary.id);
    let title_width = width(|variant| &variant.summary.title);
    for variant in found {
        let summary = &variant.summary;
        let start = format!(
            "{:<id_width$}  {:<title_width$}  ",
            summary.id, summary.title
        );
        let room = COLUMNS.saturating_sub(start.chars().count());
        let line = format!("{start}{}", keys(&summary.options, room));
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text
}

/// The option keys, in `room` characters: as many as fit, then « … »
/// (`VARIANT --help` gives them all).
fn keys(options: &[String], room: usize) -> String {
    let all = options.join(", ");
    if all.chars().count() <= room {
        return all;
    }
    let mut shown = String::new();
    for key in options {
        let next = format!("{shown}{key}, ");
        if next.chars().count() + 1 > room {
            break;
        }
        shown = next;
    }
    shown.push('…');
    shown
}

/// The lines `--list` says on standard error of the files it does not
/// list: each plugin shadowed by one of an earlier folder (a user's plugin
/// over an installed one), in French for the player.
pub(crate) fn shadowed_lines(described: &Described) -> Vec<String> {
    described
        .shadowed
        .iter()
        .map(|(file, id, used)| {
            format!(
                "{id} : {} est prise, elle masque {}.",
                shown_path(used),
                shown_path(file)
            )
        })
        .collect()
}

/// The help of one variant: how to play it, its options and its rules,
/// every line within [`COLUMNS`] (`SPEC.md` §3: the rules' paragraphs are
/// wrapped here, at a terminal and not).
pub(crate) fn variant_help(variant: &Installed) -> String {
    let d = variant.plugin.description();
    let mut text = String::new();
    let _ = writeln!(text, "{} ({} {})", d.title, d.id, d.version);
    let _ = writeln!(text, "{}", wrapped(&d.summary, COLUMNS));
    let _ = writeln!(text);
    let seats: Vec<String> = d.players.iter().map(|name| name.to_lowercase()).collect();
    // Each option whole on its line: a no-break space within, until wrapped.
    let usage = format!(
        "{} {} [--first {}|hasard] [--set\u{a0}CLÉ=VALEUR]... \
         [--computer\u{a0}PLACE[=NIVEAU]]...",
        program::name(),
        d.id,
        seats.join("|")
    );
    let usage = hanging("", &format!("Utilisation : {usage}"), 14).replace('\u{a0}', " ");
    let _ = writeln!(text, "{usage}");
    let _ = writeln!(text);
    let _ = writeln!(text, "Options :");
    let lines = option_lines(d);
    if lines.is_empty() {
        let _ = writeln!(text, "  (aucune)");
    }
    for line in lines {
        let _ = writeln!(text, "{}", hanging("  ", &line, 4));
    }
    let _ = writeln!(
        text,
        "\n0 (les joueurs s'accordent pour finir) : {}",
        if d.agreement_ends_game {
            "finit la partie"
        } else {
            "refusé par cette variante"
        }
    );
    let _ = writeln!(
        text,
        "Fichier de la variante : {}",
        shown_path(&variant.file)
    );
    let _ = write!(text, "\n{}", wrapped_lines(&d.rules, COLUMNS));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_keys_are_cut_to_the_room_left() {
        let keys_of = |keys: &[&str]| keys.iter().map(|key| (*key).to_owned()).collect::<Vec<_>>();
        assert_eq!(keys(&keys_of(&["holes", "seeds"]), 20), "holes, seeds");
        assert_eq!(
            keys(&keys_of(&["holes", "seeds", "skip"]), 15),
            "holes, seeds, …"
        );
        assert_eq!(keys(&keys_of(&["grand-slam"]), 5), "…");
    }
}
