//! Fits the weights of the Awalé evaluation (`variant_kit::evaluation`) to the
//! outcomes of games the engine plays against itself.
//!
//! ```text
//! cargo run --release -p awale --example tune -- games GAMES DEPTH > positions.txt
//! cargo run --release -p awale --example tune -- fit positions.txt > weights.rs
//! cargo run --release -p awale --example tune -- fit-margin positions.txt > weights.rs
//! ```
//!
//! `games` plays GAMES games on every core, alternately with `capture=both`
//! and `capture=backward`: game `n` opens with 2 to 8 random plies drawn
//! from `SplitMix::new(n)`, then each move is a search of DEPTH plies with
//! the evaluation of the build (level 4, one thread, no clock). It writes
//! one line per position reached after the opening, before the end: the
//! twelve holes from the mover's first (1 to 12 for SUD, 7 to 6 for NORD),
//! the mover's lead in seeds taken, and the mover's
//! final margin (its final score less the other's).
//!
//! `fit` finds the weights and the scale `K` that minimise the cross
//! entropy of `1 / (1 + e^(-K·value/100))` against those results, where
//! `value` is 100 × the lead plus the holes' value for the mover
//! (`evaluation::holes_value`), with a small L2 penalty on the weights
//! (Adam, full batch). `fit-margin` fits `value / 100` to the mover's
//! final margin in seeds instead (squared error). Each prints the weights
//! as Rust, and the loss of the fit against the loss of the lead alone.

use std::io::{BufRead, Write};

use awale::Awale;
use variant_endgame::Tabled;
use variant_engine as engine;
use variant_kit::evaluation::{self, FEATURES};
use variant_kit::rng::SplitMix;
use variant_kit::Variant;
use variant_kit::{Inputs, Player, SearchLimits, SearchObserver, SearchReport, Turn};
use variant_testing::new_game;

/// A search observer that never stops a search.
struct Quiet;

impl SearchObserver for Quiet {
    fn report(&self, _: &SearchReport) {}
    fn stopped(&self) -> bool {
        false
    }
}

/// One position of a game, as `fit` reads it.
struct Sample {
    pits: [u8; 12],
    lead: i32,
    /// The mover's final margin, in seeds.
    margin: f64,
}

impl Sample {
    /// The mover's result: 0 lost, 0.5 drawn, 1 won.
    fn result(&self) -> f64 {
        match self.margin.total_cmp(&0.0) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok());
    match (args.first().map(String::as_str), number(1), number(2)) {
        (Some("games"), Some(games), Some(depth)) => {
            play_games(games, depth as u32);
            std::process::ExitCode::SUCCESS
        }
        (Some(mode @ ("fit" | "fit-margin")), _, _) if args.len() == 2 => {
            match read_samples(&args[1]) {
                Ok(samples) => {
                    let objective = if mode == "fit" {
                        Objective::Result
                    } else {
                        Objective::Margin
                    };
                    fit(&samples, objective);
                    std::process::ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("tune: {}: {error}", args[1]);
                    std::process::ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: tune games GAMES DEPTH | tune fit FILE | tune fit-margin FILE");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Plays `games` games on every core and writes their positions.
fn play_games(games: u64, depth: u32) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (sender, receiver) = std::sync::mpsc::channel::<String>();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let sender = sender.clone();
            scope.spawn(move || {
                for number in (thread..games).step_by(threads as usize) {
                    if sender.send(play_game(number, depth)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for (done, lines) in receiver.iter().enumerate() {
            if out.write_all(lines.as_bytes()).is_err() {
                return;
            }
            if (done + 1) % 100 == 0 {
                eprintln!("{} games", done + 1);
            }
        }
    });
}

/// Game `number`'s positions after its opening, one line each.
fn play_game(number: u64, depth: u32) -> String {
    let capture = if number.is_multiple_of(2) {
        "both"
    } else {
        "backward"
    };
    let mut game: Awale = new_game(&[("capture", capture)], Player::SUD);
    let mut rng = SplitMix::new(number);
    let opening = 2 + rng.below(7) as usize;
    let mut inputs = Inputs::default();
    let mut positions: Vec<([u8; 12], Player, i32)> = Vec::new();
    let mut ply = 0;
    while let Turn::Decide { player, .. } = game.turn() {
        inputs.clear();
        game.legal_inputs(&mut inputs);
        let input = if ply < opening {
            inputs.as_slice()[rng.below(inputs.len() as u64) as usize]
        } else {
            // The mover's row first.
            let mut pits = [0; 12];
            pits.copy_from_slice(game.pits());
            pits.rotate_left(6 * player.index());
            let scores = game.scores();
            let lead = scores[player.index()] as i32 - scores[player.opponent().index()] as i32;
            positions.push((pits, player, lead));
            let limits = SearchLimits {
                level: 4,
                budget_ms: 0,
                max_depth: depth,
                threads: 1,
                seed: number ^ ((ply as u64) << 32),
            };
            engine::search(&game, limits, &Quiet).input
        };
        if game.play(input).is_err() {
            return String::new();
        }
        ply += 1;
    }
    let scores = game.scores();
    let mut lines = String::new();
    for (pits, mover, lead) in positions {
        let margin = scores[mover.index()] as i32 - scores[mover.opponent().index()] as i32;
        let holes: Vec<String> = pits.iter().map(u8::to_string).collect();
        lines.push_str(&format!("{} {lead} {margin}\n", holes.join(" ")));
    }
    lines
}

/// The positions of a file `games` wrote.
fn read_samples(path: &str) -> Result<Vec<Sample>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut samples = Vec::new();
    for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let fields: Vec<i32> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("line {}: {e}", number + 1))?;
        let [holes @ .., lead, margin] = fields.as_slice() else {
            return Err(format!("line {}: too short", number + 1));
        };
        let mut pits = [0u8; 12];
        if holes.len() != 12 {
            return Err(format!("line {}: 12 holes, a lead, a margin", number + 1));
        }
        for (pit, &seeds) in pits.iter_mut().zip(holes) {
            *pit = u8::try_from(seeds).map_err(|e| format!("line {}: {e}", number + 1))?;
        }
        samples.push(Sample {
            pits,
            lead: *lead,
            margin: f64::from(*margin),
        });
    }
    Ok(samples)
}

/// What a fit predicts of a position from its value.
#[derive(Clone, Copy, PartialEq)]
enum Objective {
    /// The mover's result, `1 / (1 + e^(-K·value/100))` (cross entropy).
    Result,
    /// The mover's final margin, `value / 100` seeds (squared error).
    Margin,
}

/// The loss of `objective` on `sample` at `value` (scale `k`), and its
/// derivatives by the value and by `k`.
fn judge(objective: Objective, sample: &Sample, value: f64, k: f64) -> (f64, f64, f64) {
    match objective {
        Objective::Result => {
            let p = sigmoid(k * value / 100.0).clamp(1e-12, 1.0 - 1e-12);
            let result = sample.result();
            let loss = -(result * p.ln() + (1.0 - result) * (1.0 - p).ln());
            let error = p - result;
            (loss, error * k / 100.0, error * value / 100.0)
        }
        Objective::Margin => {
            let error = value / 100.0 - sample.margin;
            (error * error, 2.0 * error / 100.0, 0.0)
        }
    }
}

/// Fits the weights to `samples` for `objective` and prints them.
fn fit(samples: &[Sample], objective: Objective) {
    // The positions as the mover sees them (its row first, as written).
    let rows: Vec<([usize; 12], f64, f64)> = samples
        .iter()
        .map(|s| {
            let board = f64::from(evaluation::board_seeds(&s.pits)).min(48.0) / 48.0;
            let active = evaluation::features(&s.pits, Player::SUD);
            (active, board, f64::from(s.lead))
        })
        .collect();
    let weights_len = 2 * FEATURES;
    // Parameters: the weights (opening then end), then K.
    let mut params = vec![0.0f64; weights_len + 1];
    // The L2 penalty: the squared error in seeds weighs far more than the
    // cross entropy, and rare classes (a hole of 20 seeds late in a game)
    // would otherwise follow a handful of games.
    let lambda = match objective {
        Objective::Result => 1e-7,
        Objective::Margin => 1e-6,
    };
    let value_of = |params: &[f64], (active, board, lead): &([usize; 12], f64, f64)| {
        let holes: f64 = active
            .iter()
            .map(|&f| params[f] * board + params[FEATURES + f] * (1.0 - board))
            .sum();
        100.0 * lead + holes
    };
    let loss_of = |params: &[f64]| -> f64 {
        let k = params[weights_len];
        let total: f64 = samples
            .iter()
            .zip(&rows)
            .map(|(sample, row)| judge(objective, sample, value_of(params, row), k).0)
            .sum();
        total / samples.len() as f64
    };
    // The lead alone (for the results, with K fitted by a scan).
    let scan = if objective == Objective::Result {
        1..=200
    } else {
        200..=200
    };
    let lead_only = scan
        .map(|k| {
            let mut p = params.clone();
            p[weights_len] = f64::from(k) / 200.0;
            (loss_of(&p), p[weights_len])
        })
        .fold((f64::MAX, 0.0), |a, b| if b.0 < a.0 { b } else { a });
    eprintln!("lead alone: loss {:.5}, K {:.3}", lead_only.0, lead_only.1);
    params[weights_len] = lead_only.1;

    let (mut m, mut v) = (vec![0.0; params.len()], vec![0.0; params.len()]);
    let (beta1, beta2, rate) = (0.9, 0.999, 2.0);
    let mut gradient = vec![0.0; params.len()];
    for step in 1..=1500 {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        let k = params[weights_len];
        for (sample, row) in samples.iter().zip(&rows) {
            let (_, by_value, by_k) = judge(objective, sample, value_of(&params, row), k);
            let (active, board, _) = row;
            for &f in active {
                gradient[f] += by_value * board;
                gradient[FEATURES + f] += by_value * (1.0 - board);
            }
            gradient[weights_len] += by_k;
        }
        let n = samples.len() as f64;
        for (i, g) in gradient.iter_mut().enumerate() {
            *g /= n;
            if i < weights_len {
                *g += 2.0 * lambda * params[i];
            }
        }
        for i in 0..params.len() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * gradient[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let m_hat = m[i] / (1.0 - f64::powi(beta1, step));
            let v_hat = v[i] / (1.0 - f64::powi(beta2, step));
            // K moves on a scale 1,000 times finer than the weights.
            let scale = if i == weights_len {
                rate / 1000.0
            } else {
                rate
            };
            params[i] -= scale * m_hat / (v_hat.sqrt() + 1e-9);
        }
        if step % 100 == 0 {
            eprintln!("step {step}: loss {:.5}, K {:.3}", loss_of(&params), k);
        }
    }
    print!(
        "// {} positions; loss {:.5} (the lead alone {:.5})",
        samples.len(),
        loss_of(&params),
        lead_only.0
    );
    if objective == Objective::Result {
        print!(", K {:.3}", params[weights_len]);
    }
    println!();
    println!("pub static WEIGHTS: [[i16; FEATURES]; 2] = [");
    for phase in 0..2 {
        println!("    [");
        for row in 0..2 * evaluation::ROW {
            let start = phase * FEATURES + row * evaluation::CLASSES;
            let weights: Vec<String> = params[start..start + evaluation::CLASSES]
                .iter()
                .map(|w| format!("{}", w.round() as i64))
                .collect();
            println!("        {},", weights.join(", "));
        }
        println!("    ],");
    }
    println!("];");
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}
