//! Prompts fit a terminal of 80 columns: long lists of holes are shown as
//! ranges (« 1 à 32 »).

use crate::util;

/// Issue 27: La vache's first prompt of a round was 183 columns, Mefuhva's
/// 152; long lists of holes are now shown as ranges (« 1 à 32 »).
#[test]
fn the_first_prompts_of_la_vache_and_mefuhva_fit_80_columns() {
    let folder = util::plugins_folder(&[util::library("la-vache"), util::library("mefuhva")]);
    for variant in ["la-vache", "mefuhva"] {
        let run = util::host(folder.path(), &[variant, "--no-keep"], "");
        let said = util::stderr(&run);
        let prompts: Vec<&str> = said.lines().filter(|line| line.contains(" ? (")).collect();
        assert!(!prompts.is_empty(), "{variant}: {said}");
        for prompt in prompts {
            assert!(prompt.chars().count() <= 80, "{variant}: {prompt}");
        }
    }
}
