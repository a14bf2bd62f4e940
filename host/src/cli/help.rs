//! `awale --help` for players (`SPEC.md` §2): what to type, a few examples,
//! one screen of 80 columns, in French like the game. Every option is in
//! `--help --verbose` and the manual page, made from the command line's
//! definition.

use crate::cli::program;

/// The help a player reads: one screen, the program named as it was called.
pub(crate) fn for_players() -> String {
    named(program::name())
}

/// The help a player reads, for the program called `name`.
fn named(name: &str) -> String {
    let examples = [
        ("", "une partie d'Awalé contre l'ordinateur"),
        (" --list", "les variantes installées"),
        (" oware", "une partie d'Oware à deux, au clavier"),
        (
            " awale --computer nord=4",
            "contre l'ordinateur au niveau 4 (sur 4)",
        ),
        (" --resume", "reprendre la dernière partie arrêtée"),
        (" --kept", "les parties gardées, la dernière en tête"),
        (" --analyse 1", "revoir la dernière partie, coup par coup"),
        (
            " --position TEXTE",
            "partir de la position que position a dite",
        ),
    ];
    let mut text = format!("{name} : l'Awalé et ses variantes, sur la console.\n\n");
    for (arguments, what) in examples {
        let command = format!("{name}{arguments}");
        text.push_str(&format!("  {command:<30}{what}\n"));
    }
    text.push_str(&format!(
        "\n\
         Pendant la partie, tapez le numéro d'un trou de votre rangée, ou :\n\
         \x20 ?         un conseil              annuler  reprendre son dernier coup\n\
         \x20 aide      ce que l'on peut taper  abandon  abandonner la partie\n\
         \x20 position  où en est la partie     0        finir d'un commun accord\n\
         \x20 nouvelle  une autre partie        quitter  arrêter, la partie gardée\n\
         Ctrl-D, ou Ctrl-C à l'invite vide, arrête la partie : elle est gardée.\n\
         Réglages par défaut (niveau, temps, options) : ~/.config/awale/awale.toml\n\
         \n\
         {name} VARIANTE --help    les règles et les options d'une variante\n\
         {name} --help --verbose   toutes les options ; man {name} : le manuel\n"
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_help_fits_one_screen_of_80_columns() {
        let help = named("awale");
        assert!(help.lines().count() <= 24, "{help}");
        for line in help.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(help.contains("--list") && help.contains("aide") && help.contains('?'));
    }
}
