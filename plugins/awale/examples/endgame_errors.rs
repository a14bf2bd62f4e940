//! Level 4 against itself, every endgame decision judged by the endgame
//! table's bounds: how often a decision certainly gave away the game's
//! outcome (another input was sure of a better one), and how many seeds it
//! certainly gave away (another input's worst margin above its best).
//!
//! `cargo run --release -p awale --example endgame_errors -- GAMES THINK_MS [both|backward]`
//! reads the table of `AWALE_ENDGAME_SEEDS` seeds (16 unless set) for the
//! judgement; the players use it too unless `AWALE_PLAYERS_WITHOUT_TABLES`
//! is set, which points the engine at a table size never built.

use awale::Awale;
use variant_endgame as endgame;
use variant_endgame::Tabled;
use variant_engine as engine;
use variant_kit::rng::SplitMix;
use variant_kit::{Inputs, Player, Think, Turn, Variant};
use variant_testing::new_game;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let think_ms: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    let name = format!("awale-{capture}");
    let Some(table) = endgame::cached(&name, 12) else {
        eprintln!("error: build the table first (host awale --endgames)");
        std::process::exit(2);
    };
    if std::env::var_os("AWALE_PLAYERS_WITHOUT_TABLES").is_some() {
        std::env::set_var("AWALE_ENDGAME_SEEDS", "39");
    }
    let (mut judged, mut outcome_errors, mut seed_errors, mut seeds_lost) = (0, 0, 0, 0);
    for game_number in 0..games {
        let mut game: Awale = new_game(&[("capture", &capture)], Player::SUD);
        let mut rng = SplitMix::new(game_number);
        let mut inputs = Inputs::default();
        let mut ply = 0;
        while let Turn::Decide { .. } = game.turn() {
            inputs.clear();
            game.legal_inputs(&mut inputs);
            let input = if ply < 4 {
                inputs.as_slice()[rng.below(inputs.len() as u64) as usize]
            } else {
                let request = Think {
                    level: 4,
                    budget_ms: think_ms,
                    threads: 1,
                    seed: game_number,
                };
                engine::think(&game, request).input
            };
            let on_board: usize = game.pits().iter().map(|&s| usize::from(s)).sum();
            let judged_here = if on_board <= table.max_seeds() && inputs.len() > 1 {
                table.input_bounds(&game)
            } else {
                None
            };
            if let Some(values) = judged_here {
                judged += 1;
                let chosen = values.iter().find(|v| v.0 == input).expect("played");
                let best_low = values.iter().map(|v| v.1).max().unwrap_or(0);
                if best_low.signum() > chosen.2.signum() {
                    outcome_errors += 1;
                }
                if best_low > chosen.2 {
                    seed_errors += 1;
                    seeds_lost += best_low - chosen.2;
                }
            }
            game.play(input).expect("an accepted input");
            ply += 1;
        }
    }
    println!(
        "{games} games at {think_ms} ms: {judged} endgame decisions judged, \
         {outcome_errors} certainly gave away the outcome, \
         {seed_errors} certainly gave away seeds ({seeds_lost} in all)"
    );
}
