//! Matches of the computer player against itself, in process: side A
//! against side B over N games, for any variant. Each variant's
//! `examples/<variant>-match.rs` is one line that calls [`main`]:
//!
//! ```text
//! cargo run --release -p awale --example awale-match -- A B [--games N]
//!     [--set KEY=VALUE]... [--budget MS] [--random-plies K] [--seed S] [--log]
//! ```
//!
//! A side is a level, `1` to `4`, optionally followed by the search it
//! must use: `4:ab` (alpha-beta; paranoid with three seats or more), `4:uct`
//! (UCT), or `4` (the engine's own choice, [`Search::Auto`]), and `@N` for
//! a level-4 search on N threads (`4@2`, `4:ab@2`; 1 by default). A holds the
//! first seat ([`Player`] 0); B every other seat. The seat that moves first
//! goes round the seats from game to game, and each round of games opens
//! with the same K random moves (2 by default, drawn from the seed) so that
//! two fixed-effort levels do not replay the same games. `--budget` is
//! level 4's time a move (1000 ms by default).
//!
//! With `--log`, each game is told on the standard error: the seat that
//! began, each decision as `seat:input`, the final scores and the outcome.
//! Every ten games it tells A's score so far on the standard error.
//!
//! With `--to-depth D` it plays no match: it times each side's alpha-beta
//! search of the position after each game's random opening moves, to depth
//! D exactly (no clock, no endgame table), and prints each side's mean time
//! and positions, and B's time over A's: the speed-up of A's threads to equal
//! depth (`4@2 4@1 --to-depth 14`).
//!
//! At the end of a match it prints A's score (a win 1, a win shared by k seats 1/k, a draw 1/seats,
//! a loss 0; the fair share is 1/seats), the games, and for each side its
//! moves, time a move, positions a move, depth (or playouts) and positions
//! a second.

use std::fmt;
use std::process::ExitCode;
use std::time::Instant;

use super::{alphabeta, think_with, Search};
use variant_api::Options;
use variant_api::Variant;
use variant_api::{Inputs, Outcome, Player, Think, Turn};

/// A game that lasts this many decisions is ended by agreement (or called a
/// draw where the variant has no such ending).
const MAX_DECISIONS: u64 = 5_000;

/// One side of a match: a level and the search it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// 1 to 4.
    pub level: u8,
    /// The search, or the engine's choice.
    pub search: Search,
    /// The threads of a level-4 search.
    pub threads: u32,
}

impl Side {
    /// Reads `4`, `4:ab` or `4:uct`, each optionally followed by `@N`,
    /// its threads (`4@2`, `4:ab@2`).
    pub fn parse(text: &str) -> Result<Side, String> {
        let (side, threads) = text.split_once('@').unwrap_or((text, "1"));
        let threads: u32 = number(threads)?;
        if threads == 0 {
            return Err(format!("{text}: a search needs a thread at least"));
        }
        let (level, search) = side.split_once(':').unwrap_or((side, "auto"));
        let level: u8 = number(level)?;
        if !(1..=4).contains(&level) {
            return Err(format!("{text}: the level is 1 to 4"));
        }
        let search = match search {
            "auto" => Search::Auto,
            "ab" | "alphabeta" | "paranoid" => Search::AlphaBeta,
            "uct" | "mcts" => Search::Uct,
            other => {
                return Err(format!(
                    "{text}: unknown search {other:?} (ab, uct or auto)"
                ))
            }
        };
        Ok(Side {
            level,
            search,
            threads,
        })
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {}", self.level)?;
        match self.search {
            Search::Auto => Ok(()),
            Search::AlphaBeta => write!(f, " (alpha-beta)"),
            Search::Uct => write!(f, " (UCT)"),
        }?;
        match self.threads {
            1 => Ok(()),
            n => write!(f, " on {n} threads"),
        }
    }
}

/// What a match plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The side whose score is reported; it holds seat 0.
    pub a: Side,
    /// The side on every other seat.
    pub b: Side,
    /// The games of the match.
    pub games: u32,
    /// The variant's `--set` options.
    pub options: Vec<(String, String)>,
    /// Level 4's time a move, in milliseconds.
    pub budget_ms: u32,
    /// The random moves that open each game.
    pub random_plies: u32,
    /// The seed of the openings and of the engines' requests.
    pub seed: u64,
    /// Whether each game is told on the standard error: who began, the
    /// inputs, the final scores.
    pub log: bool,
    /// Time each side's search to this depth instead of playing a match.
    pub to_depth: Option<u32>,
}

impl Settings {
    /// Reads the command line (without the program's name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Settings, String> {
        let mut args = args.into_iter();
        let mut sides = Vec::new();
        let mut settings = Settings {
            a: Side {
                level: 1,
                search: Search::Auto,
                threads: 1,
            },
            b: Side {
                level: 1,
                search: Search::Auto,
                threads: 1,
            },
            games: 100,
            options: Vec::new(),
            budget_ms: 1000,
            random_plies: 2,
            seed: 1,
            log: false,
            to_depth: None,
        };
        while let Some(arg) = args.next() {
            let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
            match arg.as_str() {
                "--games" => settings.games = number(&value("--games")?)?,
                "--budget" => settings.budget_ms = number(&value("--budget")?)?,
                "--random-plies" => settings.random_plies = number(&value("--random-plies")?)?,
                "--seed" => settings.seed = number(&value("--seed")?)?,
                "--log" => settings.log = true,
                "--to-depth" => settings.to_depth = Some(number(&value("--to-depth")?)?),
                "--set" => {
                    let setting = value("--set")?;
                    let (key, val) = setting
                        .split_once('=')
                        .ok_or(format!("--set {setting}: expected KEY=VALUE"))?;
                    settings.options.push((key.to_owned(), val.to_owned()));
                }
                side => sides.push(Side::parse(side)?),
            }
        }
        let [a, b] = sides[..] else {
            return Err("usage: match A B [--games N] [--set K=V]... [--budget MS] \
                        [--random-plies K] [--seed S] [--log] [--to-depth D], \
                        a side being 1-4 or 4:ab or 4:uct, then @THREADS"
                .into());
        };
        settings.a = a;
        settings.b = b;
        Ok(settings)
    }
}

/// What one side did over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The decisions it took.
    pub moves: u64,
    /// The time they took.
    pub nanos: u128,
    /// The positions it examined.
    pub nodes: u64,
    /// The depths it reached (or the playouts it made), summed.
    pub depth: u64,
    /// The longest decision, in nanoseconds.
    pub longest: u128,
    /// The decisions that took longer than the budget (level 4 only).
    pub over_budget: u64,
    /// Those that took the budget within 5% (level 4 only).
    pub near_budget: u64,
    /// Those that took longer than the budget and a 20th (level 4 only).
    pub far_over: u64,
}

/// The result of a match, from side A's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// What was played.
    pub settings: Settings,
    /// The seats of each game.
    pub seats: usize,
    /// Games A won alone.
    pub won: u32,
    /// Games A won with other seats (three seats or more).
    pub shared: u32,
    /// Games every seat drew.
    pub drawn: u32,
    /// Games A lost.
    pub lost: u32,
    /// A's points: a win 1, a shared win 1/k, a draw 1/seats.
    pub points: f64,
    /// Side A, then side B (all its seats together).
    pub tallies: [Tally; 2],
    /// The match's time, in seconds.
    pub seconds: f64,
}

impl Report {
    /// A's score, in percent of the games.
    pub fn score(&self) -> f64 {
        self.points / f64::from(self.settings.games.max(1)) * 100.0
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        let options: Vec<String> = s.options.iter().map(|(k, v)| format!(" {k}={v}")).collect();
        let shared = if self.seats > 2 {
            format!(
                "{} shared, fair share {:.1}%, ",
                self.shared,
                100.0 / self.seats as f64
            )
        } else {
            String::new()
        };
        writeln!(
            f,
            "{} vs {}{}: {} games, {} scores {:.1}% ({} won, {shared}{} drawn, {} lost) in {:.0} s",
            s.a,
            s.b,
            options.concat(),
            s.games,
            s.a,
            self.score(),
            self.won,
            self.drawn,
            self.lost,
            self.seconds
        )?;
        for (side, tally) in [(s.a, &self.tallies[0]), (s.b, &self.tallies[1])] {
            let moves = tally.moves.max(1);
            let seconds = tally.nanos as f64 / 1e9;
            writeln!(
                f,
                "  {side}: {} moves, {:.2} ms/move (the budget within 5% {}, over it {}, \
                 by more than 5% {}, longest {:.2} ms), {} nodes/move, depth {:.1}, \
                 {:.0} nodes/s",
                tally.moves,
                seconds * 1000.0 / moves as f64,
                tally.near_budget,
                tally.over_budget,
                tally.far_over,
                tally.longest as f64 / 1e6,
                tally.nodes / moves,
                tally.depth as f64 / moves as f64,
                tally.nodes as f64 / seconds.max(1e-9)
            )?;
        }
        Ok(())
    }
}

/// Plays the match `settings` describes in variant `V`.
pub fn play<V: Variant>(settings: &Settings) -> Result<Report, String> {
    let checked = Options::resolve(&V::describe().options, &settings.options)?;
    let seats = V::seats(&checked).len().max(1);
    let mut report = Report {
        settings: settings.clone(),
        seats,
        won: 0,
        shared: 0,
        drawn: 0,
        lost: 0,
        points: 0.0,
        tallies: [Tally::default(); 2],
        seconds: 0.0,
    };
    let started = Instant::now();
    let mut inputs = Inputs::new();
    for index in 0..settings.games {
        let first = Player((index as usize % seats) as u8);
        let mut game = V::new(&checked, first)?;
        let mut random =
            settings.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(index / seats as u32);
        let mut decisions = 0u64;
        let mut played = String::new();
        let outcome = loop {
            let player = match game.turn() {
                Turn::Over(outcome) => break outcome,
                Turn::Decide { player, .. } => player,
            };
            let input = if decisions < u64::from(settings.random_plies) {
                inputs.clear();
                game.legal_inputs(&mut inputs);
                random = next(random);
                inputs.as_slice()[(random % inputs.len().max(1) as u64) as usize]
            } else {
                let side = usize::from(player.index() != 0);
                let Side {
                    level,
                    search,
                    threads,
                } = if side == 0 { settings.a } else { settings.b };
                let request = Think {
                    level,
                    budget_ms: settings.budget_ms,
                    threads,
                    seed: settings.seed ^ (u64::from(index) << 20) ^ decisions,
                };
                let clock = Instant::now();
                let thought = think_with(&game, request, search);
                let tally = &mut report.tallies[side];
                let nanos = clock.elapsed().as_nanos();
                tally.nanos += nanos;
                tally.longest = tally.longest.max(nanos);
                let budget = u128::from(settings.budget_ms) * 1_000_000;
                tally.over_budget += u64::from(level == 4 && nanos > budget);
                tally.far_over += u64::from(level == 4 && nanos > budget + budget / 20);
                let near = nanos.abs_diff(budget) <= budget / 20;
                tally.near_budget += u64::from(level == 4 && near);
                tally.moves += 1;
                tally.nodes += thought.nodes;
                tally.depth += u64::from(thought.depth);
                thought.input
            };
            game.play(input)
                .map_err(|reason| format!("game {index}: input {input} refused: {reason}"))?;
            if settings.log {
                played.push_str(&format!(" {}:{input}", player.0));
            }
            decisions += 1;
            if decisions >= MAX_DECISIONS && game.end_by_agreement().is_err() {
                break Outcome::DRAW;
            }
        };
        if settings.log {
            eprintln!(
                "game {index}: seat {} first,{played}; scores {:?}, {outcome:?}",
                first.0,
                game.scores()
            );
        }
        let a = Player(0);
        let winners = outcome.winner_list().count().max(1);
        if outcome.is_draw() {
            report.drawn += 1;
            report.points += 1.0 / seats as f64;
        } else if outcome.sole_winner() == Some(a) {
            report.won += 1;
            report.points += 1.0;
        } else if outcome.is_winner(a) {
            report.shared += 1;
            report.points += 1.0 / winners as f64;
        } else {
            report.lost += 1;
        }
        if (index + 1) % 10 == 0 && index + 1 < settings.games {
            eprintln!(
                "match: {} games, {} scores {:.1}%",
                index + 1,
                settings.a,
                report.points / f64::from(index + 1) * 100.0
            );
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// The time each side's search took to depth `depth` from the position
/// after each game's random opening moves (`settings.games` positions), as
/// one line: mean milliseconds and positions of A and of B, and B's time
/// over A's.
pub fn time_to_depth<V: Variant>(settings: &Settings, depth: u32) -> Result<String, String> {
    let checked = Options::resolve(&V::describe().options, &settings.options)?;
    let seats = V::seats(&checked).len().max(1);
    let mut inputs = Inputs::new();
    let mut tallies = [Tally::default(); 2];
    for index in 0..settings.games {
        let first = Player((index as usize % seats) as u8);
        let mut game = V::new(&checked, first)?;
        let mut random = settings.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(index);
        for _ in 0..settings.random_plies {
            if !matches!(game.turn(), Turn::Decide { .. }) {
                break;
            }
            inputs.clear();
            game.legal_inputs(&mut inputs);
            random = next(random);
            let input = inputs.as_slice()[(random % inputs.len().max(1) as u64) as usize];
            game.play(input)
                .map_err(|reason| format!("position {index}: input {input} refused: {reason}"))?;
        }
        let Turn::Decide { player, .. } = game.turn() else {
            continue;
        };
        for (side, tally) in [settings.a, settings.b].iter().zip(&mut tallies) {
            let effort = alphabeta::Effort {
                max_depth: depth,
                max_nodes: u64::MAX,
                deadline: None,
                noise: 0,
                table_bits: 20,
                threads: side.threads.clamp(1, super::MAX_THREADS) as usize,
                endgames: false,
            };
            let mut rng = super::rng::SplitMix::new(settings.seed ^ u64::from(index));
            let clock = Instant::now();
            let thought = alphabeta::search(&game, player, effort, &mut rng, None);
            tally.nanos += clock.elapsed().as_nanos();
            tally.moves += 1;
            tally.nodes += thought.nodes;
            tally.depth += u64::from(thought.depth);
        }
    }
    let mean = |tally: &Tally| {
        let moves = tally.moves.max(1);
        (tally.nanos as f64 / moves as f64 / 1e6, tally.nodes / moves)
    };
    let (a_ms, a_nodes) = mean(&tallies[0]);
    let (b_ms, b_nodes) = mean(&tallies[1]);
    Ok(format!(
        "to depth {depth}, {} positions: {}: {a_ms:.1} ms, {a_nodes} nodes; \
         {}: {b_ms:.1} ms, {b_nodes} nodes; speed-up of {} over {}: {:.2}x\n",
        tallies[0].moves,
        settings.a,
        settings.b,
        settings.a,
        settings.b,
        b_ms / a_ms.max(f64::MIN_POSITIVE)
    ))
}

/// The whole `match` example of variant `V`: reads the command line, plays
/// (or times the searches to a depth), prints the report; exit status 2 on
/// a bad command line or a refused input.
pub fn main<V: Variant>() -> ExitCode {
    let result =
        Settings::parse(std::env::args().skip(1)).and_then(|settings| match settings.to_depth {
            Some(depth) => time_to_depth::<V>(&settings, depth),
            None => play::<V>(&settings).map(|report| report.to_string()),
        });
    match result {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("match: {message}");
            ExitCode::from(2)
        }
    }
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a number"))
}

/// One step of SplitMix64.
fn next(state: u64) -> u64 {
    variant_api::rng::mix64(state.wrapping_add(variant_api::rng::GOLDEN_GAMMA))
}
