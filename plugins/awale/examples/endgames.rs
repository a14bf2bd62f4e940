//! Builds Awalé's endgame tables into the user's cache folder, where the
//! plugin's level 4 and reviews read them, and prints what each level holds.
//!
//! `cargo run --release -p awale --example endgames -- [SEEDS] [both|backward]`
//! (default 16 seeds, both captures).

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let seeds = match args.next().map(|s| s.parse::<usize>()) {
        None => awale::ENDGAME_SEEDS,
        Some(Ok(seeds)) if seeds <= 40 => seeds,
        Some(_) => {
            eprintln!("error: SEEDS is a number of seeds from 0 to 40");
            return ExitCode::from(2);
        }
    };
    let capture = args.next().unwrap_or_else(|| "both".to_owned());
    let start = Instant::now();
    let built = awale::build_endgames(&capture, seeds, |level| {
        eprintln!(
            "level {level:2} done after {:.1} s",
            start.elapsed().as_secs_f64()
        );
    });
    let (table, path) = match built {
        Ok(built) => built,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    println!("| seeds | positions | exact | winner known |");
    println!("| ---: | ---: | ---: | ---: |");
    for level in 0..=table.max_seeds() {
        let (exact, decided, all) = table.counts(level);
        let share = |n: usize| 100.0 * n as f64 / all as f64;
        println!(
            "| {level} | {all} | {:.1}% | {:.1}% |",
            share(exact),
            share(decided)
        );
    }
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "{}: {size} bytes, built in {:.1} s",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
