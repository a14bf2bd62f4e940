//! Builds the endgame tables of two players' Oware into the user's cache
//! folder, where the plugin's level 4 and reviews read them, and prints
//! what each level holds.
//!
//! `cargo run --release -p oware --example endgames -- [SEEDS]` (default 16).

use std::process::ExitCode;

fn main() -> ExitCode {
    variant_api::endgame::build_command(std::env::args().nth(1), |seeds, progress| {
        oware::build_endgames(seeds, progress)
    })
}
