//! Prompts fit a terminal of 80 columns: long lists of holes are shown as
//! ranges (« 1 à 32 »).

use variant_api::rng::SplitMix;
use variant_api::{Inputs, OptionSpec, OptionValues, Player, Plugin, Turn};

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

/// Issue 37: every prompt of every variant fits 80 columns (`SPEC.md` §3).
/// Random games of every plugin, with random options and first seats,
/// read each decision's prompt through the contract (what the host prints
/// as it is); the widest of each variant is shown with `--nocapture`.
#[test]
fn every_prompt_of_every_variant_fits_80_columns_over_random_games() {
    const GAMES: usize = 100;
    const DECISIONS: usize = 1000;
    let mut rng = SplitMix::new(0x37);
    let mut wide = Vec::new();
    for (id, library) in util::variant_ids().iter().zip(util::variant_libraries()) {
        let plugin = Plugin::load(&library)
            .unwrap_or_else(|error| panic!("{id}: {} loads: {error}", library.display()));
        let mut widest = String::new();
        for _ in 0..GAMES {
            let options = random_options(&plugin.description().options, &mut rng);
            let Ok(seats) = plugin.seats(&options) else {
                continue;
            };
            let first = Player(rng.index(seats.len()) as u8);
            let Ok(mut game) = plugin.new_game(&options, first) else {
                continue;
            };
            let mut inputs = Inputs::new();
            for _ in 0..DECISIONS {
                let Turn::Decide { .. } = game.turn().expect("a turn") else {
                    break;
                };
                if let Some(prompt) = game.prompt().expect("a prompt") {
                    if prompt.chars().count() > widest.chars().count() {
                        widest = prompt;
                    }
                }
                inputs.clear();
                game.legal_inputs(&mut inputs).expect("the accepted inputs");
                let choices = inputs.as_slice();
                let input = choices[rng.index(choices.len())];
                game.play(input).expect("an accepted input plays");
            }
        }
        if widest.is_empty() {
            // The host words this variant's prompts itself, fitted to 80
            // columns (its unit test `the_hosts_prompt_fits_80_columns_whatever_the_board`).
            eprintln!("{id}: the host's own prompt");
        } else {
            eprintln!("{id}: {} columns: {widest}", widest.chars().count());
        }
        if widest.chars().count() > 80 {
            wide.push(format!("{id} ({}): {widest}", widest.chars().count()));
        }
    }
    assert!(
        wide.is_empty(),
        "prompts over 80 columns:\n{}",
        wide.join("\n")
    );
}

/// A random value for each option (a choice, or a number of its range).
fn random_options(specs: &[OptionSpec], rng: &mut SplitMix) -> Vec<(String, String)> {
    specs
        .iter()
        .map(|spec| {
            let value = match &spec.values {
                OptionValues::Choices(choices) => choices[rng.index(choices.len())].clone(),
                OptionValues::Range { min, max } => {
                    (min + rng.below(u64::from(max - min) + 1) as u32).to_string()
                }
            };
            (spec.key.clone(), value)
        })
        .collect()
}
