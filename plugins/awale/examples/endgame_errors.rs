//! Judges the endgame decisions of games written by the `selfplay` example
//! with the independent solver of the testing kit
//! ([`variant_testing::reference`]), not with the tables the engine reads.
//!
//! ```text
//! cargo run --release -p awale --example endgame_errors -- SEEDS GAMES.txt...
//! ```
//!
//! The solver is built once, to `SEEDS` seeds, for every file (each file
//! written by one build, with one capture rule).
//!
//! Every decision after the opening with at most `SEEDS` seeds on the
//! board and a choice is judged with the game's real history: each input's
//! final margin lies between two bounds, and so does the position's. Two
//! readings of an error:
//!
//! - *by the inputs* (`outcome_given`, `seeds_given`): another input's
//!   worst outcome is better than the chosen one's best, or another
//!   input's worst margin is above the chosen one's best (by that much at
//!   least);
//! - *by the position* (`position_outcome_given`, `position_seeds_given`):
//!   the position's worst margin for the mover (what perfect play keeps,
//!   which may exceed every input's worst) is a better outcome than the
//!   chosen input's best, or a larger margin. It sees every error of the
//!   first reading and more: an input whose margin is only an interval but
//!   whose position is known to be worth more than the chosen one.
//!
//! A decision is *decided* where the judge can tell whether the chosen
//! input keeps the best margin: it is given away by the position's
//! reading, or the chosen input's worst margin is at least every other
//! input's best and the position's best (`decided`, of which
//! `position_seeds_given` are errors). Where every input
//! is exact, an error is any input below the best. A hint's « à coup sûr »
//! (a proven value) is *contradicted* where the position's bounds put the
//! outcome on the other side or on 0, *confirmed* where they put it on the
//! side claimed, *open* otherwise.
//!
//! What the judge cannot see: positions beyond `SEEDS`, and any error
//! within an interval of its bounds. Its margins are those of the game
//! played to its end, where Awalé ends it once a player has more than 24:
//! the outcome is the same, the margin may differ.

use std::collections::BTreeMap;
use std::io::BufRead as _;

use awale::Awale;
use variant_endgame as endgame;
use variant_endgame::Tabled;
use variant_kit::{Player, Variant};
use variant_testing::new_game;
use variant_testing::reference::Reference;

/// The random plies that open each game (the `selfplay` example's).
const OPENING: usize = 4;

/// One game as written down.
#[derive(Default)]
struct Written {
    capture: String,
    hints: BTreeMap<usize, (i32, bool)>,
    moves: Vec<u32>,
}

/// What the judge found.
#[derive(Default, Debug)]
struct Findings {
    judged: u32,
    outcome_given: u32,
    seeds_given: u32,
    seeds_lost: i32,
    position_outcome_given: u32,
    position_seeds_given: u32,
    position_seeds_lost: i32,
    decided: u32,
    all_exact: u32,
    all_exact_errors: u32,
    claims: u32,
    confirmed: u32,
    contradicted: u32,
    open: u32,
}

fn read_games(path: &str) -> Vec<Written> {
    let file = std::fs::File::open(path).unwrap_or_else(|error| {
        eprintln!("error: cannot read {path}: {error}");
        std::process::exit(2);
    });
    let mut games = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("readable games");
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["game", _, capture] => games.push(Written {
                capture: (*capture).to_owned(),
                ..Written::default()
            }),
            ["hint", ply, value, proven] => {
                let game = games.last_mut().expect("a game first");
                let value = value.parse().expect("a value");
                game.hints
                    .insert(ply.parse().expect("a ply"), (value, *proven == "1"));
            }
            ["moves", moves @ ..] => {
                let game = games.last_mut().expect("a game first");
                game.moves = moves.iter().map(|m| m.parse().expect("an input")).collect();
            }
            _ => panic!("unreadable line: {line}"),
        }
    }
    games
}

/// The final margin of `game` (a decision) for its mover, between two
/// bounds, by the judge.
fn margins(reference: &Reference, game: &Awale) -> Option<(i32, i32)> {
    let now = endgame::lead(game, game.turn().player()?);
    let rest = reference.bounds_with_history(game)?;
    Some((now + i32::from(rest.low), now + i32::from(rest.high)))
}

fn judge(reference: &Reference, written: &Written, number: usize, found: &mut Findings) {
    let mut game: Awale = new_game(&[("capture", &written.capture)], Player::SUD);
    for (ply, &input) in written.moves.iter().enumerate() {
        let me = game.turn().player().expect("a decision");
        let now = endgame::lead(&game, me);
        let children = endgame::input_bounds(&game, |child| reference.bounds_with_history(child))
            .map(|rest| {
                rest.iter()
                    .map(|&(i, low, high)| (i, now + low, now + high))
                    .collect::<Vec<_>>()
            });
        if let (true, Some(children)) = (ply >= OPENING, children.filter(|c| c.len() > 1)) {
            found.judged += 1;
            let chosen = children.iter().find(|c| c.0 == input).expect("played");
            let best_low = children.iter().map(|c| c.1).max().unwrap_or(i32::MIN);
            if best_low.signum() > chosen.2.signum() {
                found.outcome_given += 1;
                eprintln!(
                    "game {number} ply {ply}: outcome given away {children:?}, chose {input}"
                );
            }
            if best_low > chosen.2 {
                found.seeds_given += 1;
                found.seeds_lost += best_low - chosen.2;
            }
            // The position's own bounds: perfect play keeps at least its
            // low, which the inputs' lows may not show.
            let (low, high) = margins(reference, &game).unwrap_or((best_low, i32::MAX));
            let kept = low.max(best_low);
            let best_high = children
                .iter()
                .filter(|c| c.0 != input)
                .map(|c| c.2)
                .max()
                .unwrap_or(i32::MIN)
                .min(high);
            if kept.signum() > chosen.2.signum() {
                found.position_outcome_given += 1;
                eprintln!(
                    "game {number} ply {ply}: outcome given away by the position [{low}, {high}] \
                     {children:?}, chose {input} at {:?}",
                    game.pits()
                );
            }
            if kept > chosen.2 {
                found.position_seeds_given += 1;
                found.position_seeds_lost += kept - chosen.2;
                eprintln!(
                    "game {number} ply {ply}: seeds given away by the position [{low}, {high}] \
                     {children:?}, chose {input} at {:?}",
                    game.pits()
                );
            }
            found.decided += u32::from(kept > chosen.2 || chosen.1 >= best_high);
            if children.iter().all(|c| c.1 == c.2) {
                found.all_exact += 1;
                found.all_exact_errors += u32::from(chosen.1 < best_low);
            }
        }
        if let Some(&(value, true)) = written.hints.get(&ply) {
            if let Some((low, high)) = margins(reference, &game) {
                found.claims += 1;
                let (confirmed, contradicted) = if value > 0 {
                    (low > 0, high <= 0)
                } else {
                    (high < 0, low >= 0)
                };
                found.confirmed += u32::from(confirmed);
                found.contradicted += u32::from(contradicted);
                found.open += u32::from(!confirmed && !contradicted);
                if contradicted {
                    eprintln!(
                        "game {number} ply {ply}: hint {value} contradicted by [{low}, {high}] at {:?}",
                        game.pits()
                    );
                }
            }
        }
        game.play(input).expect("a written input");
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let files: Vec<(String, Vec<Written>)> = args
        .map(|path| {
            let games = read_games(&path);
            (path, games)
        })
        .collect();
    let Some(capture) = files
        .iter()
        .flat_map(|(_, games)| games.first())
        .map(|g| g.capture.clone())
        .next()
    else {
        eprintln!("error: no game to judge (write them with the selfplay example)");
        std::process::exit(2);
    };
    let template: Awale = new_game(&[("capture", &capture)], Player::SUD);
    let started = std::time::Instant::now();
    let reference = Reference::build(|pits, mover| template.at_with_mover(pits, mover), seeds);
    eprintln!("judge of {seeds} seeds solved in {:.1?}", started.elapsed());
    for (path, games) in &files {
        let mut found = Findings::default();
        for (number, written) in games.iter().enumerate() {
            assert_eq!(
                written.capture, capture,
                "{path}: one capture rule for all files"
            );
            eprintln!("{path}:");
            judge(&reference, written, number, &mut found);
        }
        println!(
            "{path}: {} games, judged to {seeds} seeds: {found:?}",
            games.len()
        );
        let share = |n: u32, of: u32| 100.0 * f64::from(n) / f64::from(of.max(1));
        println!(
            "{path}: by the position, outcome given away {} times; seeds given away in \
             {} of {} decided decisions ({:.1}%), {:.1}% of the {} judged",
            found.position_outcome_given,
            found.position_seeds_given,
            found.decided,
            share(found.position_seeds_given, found.decided),
            share(found.position_seeds_given, found.judged),
            found.judged
        );
    }
}
