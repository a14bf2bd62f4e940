//! Plays the computer player against itself through the in-process trait:
//! level A against level B over N games, the first seat alternating, and
//! prints A's score, the games, and each level's time and positions a move.
//!
//! ```text
//! cargo run --release -p awale --example match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S]
//! ```
//!
//! Each game opens with K random moves (2 by default, drawn from the game's
//! seed) so that two fixed-effort levels do not replay the same two games;
//! `--budget` is level 4's time a move (1000 ms by default).

use std::process::ExitCode;
use std::time::Instant;

use awale::Awale;
use variant_api::{engine, Inputs, Player, Think, Turn, Variant};

/// What one level did over the match.
#[derive(Default)]
struct Tally {
    moves: u64,
    nanos: u128,
    nodes: u64,
    depth: u64,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("match: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut levels = Vec::new();
    let mut games = 100u32;
    let mut options: Vec<(String, String)> = Vec::new();
    let mut budget_ms = 1000u32;
    let mut random_plies = 2u32;
    let mut seed = 1u64;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--games" => games = number(&value("--games")?)?,
            "--budget" => budget_ms = number(&value("--budget")?)?,
            "--random-plies" => random_plies = number(&value("--random-plies")?)?,
            "--seed" => seed = number(&value("--seed")?)?,
            "--set" => {
                let setting = value("--set")?;
                let (key, val) = setting
                    .split_once('=')
                    .ok_or(format!("--set {setting}: expected KEY=VALUE"))?;
                options.push((key.to_owned(), val.to_owned()));
            }
            level => levels.push(number::<u8>(level)?),
        }
    }
    let [a, b] = levels[..] else {
        return Err("usage: match A B [--games N] [--set K=V]... [--budget MS] [--random-plies K] [--seed S]".into());
    };
    let checked = variant_api::Options::resolve(&Awale::describe().options, &options)?;
    let mut tallies = [Tally::default(), Tally::default()];
    let (mut won, mut drawn, mut lost) = (0u32, 0u32, 0u32);
    let started = Instant::now();
    for index in 0..games {
        // A holds SUD; the first seat alternates.
        let first = if index % 2 == 0 {
            Player::SUD
        } else {
            Player::NORD
        };
        let mut game = Awale::new(&checked, first)?;
        let mut random = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(index / 2);
        let mut decisions = 0u64;
        let outcome = loop {
            let player = match game.turn() {
                Turn::Over(outcome) => break outcome,
                Turn::Decide { player, .. } => player,
            };
            let input = if decisions < u64::from(random_plies) {
                let mut inputs = Inputs::new();
                game.legal_inputs(&mut inputs);
                random = next(random);
                inputs.as_slice()[(random % inputs.len() as u64) as usize]
            } else {
                let side = player.index();
                let level = if side == 0 { a } else { b };
                let request = Think {
                    level,
                    budget_ms,
                    seed: seed ^ (u64::from(index) << 20) ^ decisions,
                };
                let clock = Instant::now();
                let thought = engine::think(&game, request);
                let tally = &mut tallies[side];
                tally.nanos += clock.elapsed().as_nanos();
                tally.moves += 1;
                tally.nodes += thought.nodes;
                tally.depth += u64::from(thought.depth);
                thought.input
            };
            game.play(input)
                .map_err(|reason| format!("game {index}: input {input} refused: {reason}"))?;
            decisions += 1;
            if decisions > 2000 {
                game.end_by_agreement()?;
            }
        };
        if outcome.is_winner(Player::SUD) {
            won += 1;
        } else if outcome.is_draw() {
            drawn += 1;
        } else {
            lost += 1;
        }
    }
    let score = (f64::from(won) + f64::from(drawn) / 2.0) / f64::from(games.max(1)) * 100.0;
    let settings: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!(
        "level {a} vs level {b} {}: {games} games, level {a} scores {score:.1}% ({won} won, {drawn} drawn, {lost} lost) in {:.0} s",
        settings.join(" "),
        started.elapsed().as_secs_f64()
    );
    for (level, tally) in [(a, &tallies[0]), (b, &tallies[1])] {
        let moves = tally.moves.max(1);
        let seconds = tally.nanos as f64 / 1e9;
        println!(
            "  level {level}: {} moves, {:.2} ms/move, {} nodes/move, depth {:.1}, {:.0} nodes/s",
            tally.moves,
            seconds * 1000.0 / moves as f64,
            tally.nodes / moves,
            tally.depth as f64 / moves as f64,
            tally.nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a number"))
}

/// One step of SplitMix64.
fn next(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
