//! The endgame tables of Awalé against a plain exhaustive search that
//! follows the real repetition rule along every line
//! ([`variant_testing::Exhaustive`], its moves ordered by the independent
//! solver): every position of `SEEDS` seeds, either player to move, the
//! search giving up on a position after `BUDGET` positions searched (the
//! unit tests check every position of up to 4 seeds with no limit).
//!
//! ```text
//! cargo run --release -p awale --example exhaustive_check -- SEEDS [both|backward] [BUDGET]
//! ```

use std::time::Instant;

use awale::Awale;
use variant_endgame::{next_board, Table};
use variant_kit::{Inputs, Player, Variant};
use variant_testing::reference::Reference;
use variant_testing::{new_game, Exhaustive};

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    let budget: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(u64::MAX);
    let template: Awale = new_game(&[("capture", &capture)], Player::SUD);
    let table = Table::build(&template, seeds, |_| {});
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let mut search = Exhaustive::new(at).guided_by(Reference::build(at, seeds));
    let started = Instant::now();
    let (mut checked, mut exact, mut open) = (0, 0, 0);
    let mut pits = vec![0u8; 12];
    pits[0] = seeds as u8;
    loop {
        for mover in [Player::SUD, Player::NORD] {
            let game = at(&pits, mover);
            let mut inputs = Inputs::default();
            game.legal_inputs(&mut inputs);
            if inputs.is_empty() {
                continue;
            }
            let bounds = table.probe(&pits, mover).expect("within the table");
            let low = search.at_least_within(&game, bounds.low.into(), budget);
            let high = search.at_least_within(&game, i32::from(bounds.high) + 1, budget);
            match (low, high) {
                (Some(low), Some(high)) => {
                    assert!(low && !high, "{pits:?}, {mover:?} to move: not {bounds:?}");
                    checked += 1;
                    exact += usize::from(bounds.exact().is_some());
                }
                _ => open += 1,
            }
        }
        if !next_board(&mut pits) {
            break;
        }
    }
    println!(
        "capture={capture}, {seeds} seeds: the bounds hold the exhaustive value on \
         {checked} positions ({exact} exact); {open} left open (the search gave up); \
         {} positions searched in {:.1?}",
        search.nodes(),
        started.elapsed()
    );
}
