//! Level 4 against itself from random 4-ply openings, written down for a
//! judge (the `endgame_errors` example): each game's inputs, and at each
//! decision with at most 16 seeds on the board the hint the console would
//! give (the first of the best assessed inputs: its value in hundredths of
//! a seed of final margin, and whether it is proven).
//!
//! ```text
//! cargo run --release -p awale --example selfplay -- GAMES THINK_MS [both|backward] > games.txt
//! ```
//!
//! The players read the endgame tables of the user's cache, as the host's
//! do. Game `n` opens with the inputs of `SplitMix::new(n)` and searches
//! with seed `n`, so two builds play the same openings.

use awale::Awale;
use variant_endgame::Tabled;
use variant_engine as engine;
use variant_kit::rng::SplitMix;
use variant_kit::{Inputs, Player, Think, Turn, Variant};
use variant_testing::new_game;

/// The random plies that open each game.
const OPENING: usize = 4;
/// The most seeds on the board where the hint is written down.
const HINT_SEEDS: usize = 16;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let think_ms: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    for number in 0..games {
        let mut game: Awale = new_game(&[("capture", &capture)], Player::SUD);
        let mut rng = SplitMix::new(number);
        let mut inputs = Inputs::default();
        let mut moves: Vec<String> = Vec::new();
        println!("game {number} {capture}");
        while let Turn::Decide { .. } = game.turn() {
            inputs.clear();
            game.legal_inputs(&mut inputs);
            let request = Think {
                level: 4,
                budget_ms: think_ms,
                threads: 1,
                seed: number,
            };
            let input = if moves.len() < OPENING {
                inputs.as_slice()[rng.below(inputs.len() as u64) as usize]
            } else {
                engine::think(&game, request).input
            };
            let on_board: usize = game.pits().iter().map(|&s| usize::from(s)).sum();
            if moves.len() >= OPENING && on_board <= HINT_SEEDS {
                let assessed = engine::assess(&game, request);
                // The console's hint: the first of the best.
                if let Some(best) = assessed.iter().rev().max_by_key(|a| a.value) {
                    let proven = u8::from(best.proven);
                    println!("hint {} {} {proven}", moves.len(), best.value);
                }
            }
            game.play(input).expect("an accepted input");
            moves.push(input.to_string());
        }
        println!("moves {}", moves.join(" "));
    }
}
