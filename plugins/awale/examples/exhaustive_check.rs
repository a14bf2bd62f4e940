//! The endgame tables of Awalé against a plain exhaustive search that
//! follows the real repetition rule along every line
//! ([`variant_testing::Exhaustive`], its moves ordered by the independent
//! solver): every position of `SEEDS` seeds, either player to move, the
//! search giving up on a position after `BUDGET` positions searched (the
//! unit tests check every position of up to 5 seeds with no limit).
//!
//! ```text
//! cargo run --release -p awale --example exhaustive_check -- SEEDS [both|backward] [BUDGET]
//! ```

use std::time::Instant;

use awale::Awale;
use variant_endgame::Table;
use variant_kit::Player;
use variant_testing::reference::Reference;
use variant_testing::{check_endgame_level, new_game, Exhaustive};

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
    let found = check_endgame_level(&table, &mut search, at, seeds, budget);
    println!(
        "capture={capture}, {seeds} seeds: the bounds hold the exhaustive value on {} \
         positions ({} exact); {} left open (the search gave up); {} positions searched \
         in {:.1?}",
        found.checked,
        found.exact,
        found.open,
        search.nodes(),
        started.elapsed()
    );
}
