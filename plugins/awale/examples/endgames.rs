//! Builds Awalé's endgame tables into the user's cache folder, where the
//! plugin's level 4 and reviews read them, and prints what each level holds.
//!
//! `cargo run --release -p awale --example endgames -- [SEEDS] [both|backward]`
//! (default 16 seeds, both captures).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let seeds = args.next();
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    variant_api::endgame::build_command(seeds, |seeds, progress| {
        awale::build_endgames(&capture, seeds, progress)
    })
}
