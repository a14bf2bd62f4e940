//! The endgame tables of Awalé against the independent solver of the
//! testing kit ([`variant_testing::reference`]), board by board, on every
//! board of up to `SEEDS` seeds and either player to move (the unit tests
//! do it up to 6 seeds).
//!
//! ```text
//! cargo run --release -p awale --example reference_check -- SEEDS [both|backward]
//! ```

use std::time::Instant;

use awale::Awale;
use variant_kit::Player;
use variant_testing::{check_table_against_reference, new_game};

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    let template: Awale = new_game(&[("capture", &capture)], Player::SUD);
    let started = Instant::now();
    let at = |pits: &[u8], mover: Player| template.at_with_mover(pits, mover);
    let (exact, all) = check_table_against_reference(&template, at, seeds);
    println!(
        "capture={capture}, up to {seeds} seeds: the table equals the independent solver \
         on all {all} positions with a move ({exact} exact), in {:.1?}",
        started.elapsed()
    );
}
