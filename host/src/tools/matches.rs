//! `host VARIANT --match A --match B`: a match between two engines of the
//! protocol, as cutechess-cli plays one (`SPEC.md` §2, `docs/engine-protocol.md`).
//!
//! Each opening (random inputs from the start, or the lines of a file) is
//! played twice, the engines swapping seats; every move is checked by the
//! plugin's rules, which also say when the game ends and its scores. An
//! engine that fails in a game (dies, hangs, answers garbage or a move the
//! rules refuse) loses that game by forfeit, said in one line, and is
//! started again for the next. One line a game on standard output, then the
//! tally: wins, draws, losses, the score of the first engine with its 95 %
//! interval, the Elo difference it means, the mean margin in seeds, and the
//! time each engine actually took a move.

use std::time::Duration;

use variant_api::rng::SplitMix;
use variant_api::{lead, Game, Inputs, Outcome, Player, PluginError, Turn};

use crate::cli::Cli;
use crate::loading::discovery::Installed;
use crate::uci::client::{Engine, EngineError};
use crate::uci::notation::Dialect;
use crate::uci::{play_forced, protocol_defaults};
use crate::util::failure::{print, usage, Failure, INTERRUPTED};

/// The random plies of an opening when none are given.
const DEFAULT_OPENING_PLIES: u32 = 4;

/// One side of the match.
struct Side {
    command: String,
    engine: Option<Engine>,
    name: String,
    /// Time taken by its moves, and how many.
    thinking: Duration,
    moves: u32,
}

impl Side {
    fn new(command: &str) -> Side {
        Side {
            command: command.to_owned(),
            engine: None,
            name: command.to_owned(),
            thinking: Duration::ZERO,
            moves: 0,
        }
    }

    /// The engine, started (again) if needed and told the new game.
    fn ready(&mut self, id: &str, options: &[(String, String)]) -> Result<&mut Engine, String> {
        if self.engine.is_none() {
            let engine = Engine::start(&self.command).map_err(|e| e.said(&self.command))?;
            self.name = engine.name.clone();
            self.engine = Some(engine);
        }
        let command = self.command.clone();
        let engine = self.engine.as_mut().ok_or("no engine")?;
        engine
            .set_variant(id, options)
            .map_err(|error| error.said(&command))?;
        Ok(engine)
    }
}

/// How one game ended, for the first engine (A).
struct Played {
    /// 1 a win of A, 0.5 a draw, 0 a loss.
    points: f64,
    /// A's score minus B's, in seeds.
    margin: i64,
    /// Why, when an engine forfeited.
    forfeit: Option<String>,
}

/// Plays the match `cli` asks between its two `--match` engines.
pub(crate) fn run(cli: &Cli, variant: &Installed) -> Result<(), Failure> {
    let [first, second] = cli.match_engines.as_slice() else {
        return Err(usage(
            "--match se donne deux fois : --match 'COMMANDE A' --match 'COMMANDE B'".to_owned(),
        ));
    };
    let description = variant.plugin.description();
    let id = description.id.clone();
    let seats = variant
        .plugin
        .seats(&cli.settings)
        .map_err(|error| usage(format!("{id} : {error}")))?;
    if seats.len() != 2 {
        return Err(usage(format!(
            "un match oppose deux moteurs : {id} se joue à {} avec ces options",
            seats.len()
        )));
    }
    // The protocol's defaults (Awalé as Oware Abapa), then `--set`.
    let defaults = protocol_defaults(&id);
    let options: Vec<(String, String)> = description
        .options
        .iter()
        .map(|spec| {
            let set = cli
                .settings
                .iter()
                .chain(&defaults)
                .find(|(key, _)| *key == spec.key);
            (
                spec.key.clone(),
                set.map_or(&spec.default, |(_, v)| v).clone(),
            )
        })
        .collect();
    let openings = openings(cli, variant, &options)?;
    let movetime = Duration::from_secs_f64(cli.think());
    let dialect = Dialect::of(&id);
    let mut sides = [Side::new(first), Side::new(second)];
    let mut results: Vec<Played> = Vec::new();
    for (number, opening) in openings.iter().enumerate() {
        for swap in [false, true] {
            let game_number = 2 * number + usize::from(swap) + 1;
            let (south, north) = if swap { (1, 0) } else { (0, 1) };
            let played = play_one(
                variant,
                &options,
                opening,
                &mut sides,
                [south, north],
                dialect,
                movetime,
            )?;
            let a_seat = if swap { &seats[1] } else { &seats[0] };
            let said = match played.points {
                p if p > 0.75 => "A gagne",
                p if p < 0.25 => "B gagne",
                _ => "nulle",
            };
            let forfeit = played
                .forfeit
                .as_deref()
                .map_or(String::new(), |why| format!(" (forfait : {why})"));
            print(&format!(
                "Partie {game_number} : A en {a_seat}, ouverture {} : {said}, marge de A {:+}{forfeit}\n",
                if opening.is_empty() { "-".to_owned() } else { dialect.write_line(opening) },
                played.margin
            ))?;
            results.push(played);
        }
    }
    print(&tally(&results, &sides))
}

/// The openings: `--openings FILE` (one opening a line, the variant's
/// moves from its start), or `--openings N` random plies from the start
/// (default 4), one for each two games, drawn from `--seed`.
fn openings(
    cli: &Cli,
    variant: &Installed,
    options: &[(String, String)],
) -> Result<Vec<Vec<u32>>, Failure> {
    let pairs = cli.games.unwrap_or(2).div_ceil(2).max(1) as usize;
    let id = &variant.plugin.description().id;
    let dialect = Dialect::of(id);
    let given = cli.openings.as_deref().unwrap_or("");
    if let Ok(plies) = given.parse::<u32>().or(if given.is_empty() {
        Ok(DEFAULT_OPENING_PLIES)
    } else {
        Err(())
    }) {
        let mut rng = SplitMix::new(cli.seed.unwrap_or(1));
        let mut openings = Vec::with_capacity(pairs);
        let mut tries = 0;
        while openings.len() < pairs && tries < 1000 * pairs {
            tries += 1;
            let mut game = start(variant, options)?;
            let mut line = Vec::new();
            let mut inputs = Inputs::new();
            for _ in 0..plies {
                if matches!(game.turn(), Ok(Turn::Over(_)) | Err(_)) {
                    break;
                }
                if game.legal_inputs(&mut inputs).is_err() || inputs.is_empty() {
                    break;
                }
                let input = inputs.as_slice()[rng.index(inputs.len())];
                if game.play(input).is_err() || play_forced(&mut game).is_err() {
                    break;
                }
                line.push(input);
            }
            let going_on = matches!(game.turn(), Ok(Turn::Decide { .. }));
            if going_on && line.len() == plies as usize && !openings.contains(&line) {
                openings.push(line);
            }
        }
        return Ok(openings);
    }
    let text = std::fs::read_to_string(given)
        .map_err(|error| usage(format!("--openings {given} : {error}")))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.is_empty() || tokens[0].starts_with('#') {
            continue;
        }
        let inputs = dialect.read(&tokens).map_err(|token| {
            usage(format!(
                "{given}, ligne {} : « {token} » n'est pas un coup",
                number + 1
            ))
        })?;
        let mut game = start(variant, options)?;
        for &input in &inputs {
            game.play(input)
                .map_err(|error| usage(format!("{given}, ligne {} : {error}", number + 1)))?;
            play_forced(&mut game).map_err(usage)?;
        }
        openings.push(inputs);
    }
    if openings.is_empty() {
        return Err(usage(format!("{given} ne donne aucune ouverture")));
    }
    Ok(openings)
}

/// A game of the variant at its start, SUD first.
fn start(variant: &Installed, options: &[(String, String)]) -> Result<Game, Failure> {
    let mut game = variant
        .plugin
        .new_game(options, Player(0))
        .map_err(|error| Failure::new(INTERRUPTED, error.to_string()))?;
    play_forced(&mut game).map_err(|why| Failure::new(INTERRUPTED, why))?;
    Ok(game)
}

/// One game from `opening`, `by_seat[s]` the side (0: A, 1: B) at seat `s`.
fn play_one(
    variant: &Installed,
    options: &[(String, String)],
    opening: &[u32],
    sides: &mut [Side; 2],
    by_seat: [usize; 2],
    dialect: Dialect,
    movetime: Duration,
) -> Result<Played, Failure> {
    let id = &variant.plugin.description().id;
    let mut game = start(variant, options)?;
    let mut history: Vec<u32> = Vec::new();
    for &input in opening {
        game.play(input)
            .map_err(|error| Failure::new(INTERRUPTED, error.to_string()))?;
        play_forced(&mut game).map_err(|why| Failure::new(INTERRUPTED, why))?;
        history.push(input);
    }
    for side in sides.iter_mut() {
        if let Err(why) = side.ready(id, options) {
            side.engine = None;
            return Err(Failure::new(INTERRUPTED, why));
        }
    }
    loop {
        let player = match game.turn() {
            Ok(Turn::Over(outcome)) => return Ok(ended(&game, outcome, by_seat)),
            Ok(Turn::Decide { player, .. }) => player,
            Err(error) => return Err(Failure::new(INTERRUPTED, error.to_string())),
        };
        let side_index = by_seat[player.index().min(1)];
        let side = &mut sides[side_index];
        let command = side.command.clone();
        let Some(engine) = side.engine.as_mut() else {
            return Err(Failure::new(
                INTERRUPTED,
                format!("le moteur « {command} » manque"),
            ));
        };
        let played = engine
            .decide(&game, dialect, None, &history, movetime)
            .and_then(|(input, took)| {
                side.thinking += took;
                side.moves += 1;
                match game.play(input) {
                    Ok(_) => Ok(input),
                    Err(PluginError::Refused(_)) => Err(EngineError::Illegal(dialect.write(input))),
                    Err(error) => Err(EngineError::Garbage(error.to_string())),
                }
            });
        match played {
            Ok(input) => {
                history.push(input);
                play_forced(&mut game).map_err(|why| Failure::new(INTERRUPTED, why))?;
            }
            Err(error) => {
                let why = error.said(&command);
                // Started again for the next game.
                side.engine = None;
                let points = if side_index == 0 { 0.0 } else { 1.0 };
                return Ok(Played {
                    points,
                    margin: 0,
                    forfeit: Some(why),
                });
            }
        }
    }
}

/// How a finished game counts for A.
fn ended(game: &Game, outcome: Outcome, by_seat: [usize; 2]) -> Played {
    let a_seat = Player(if by_seat[0] == 0 { 0 } else { 1 });
    let scores = game.scores().unwrap_or_default();
    let margin = i64::from(lead(&scores, a_seat)) / 100;
    let points = if outcome.is_draw() || outcome.sole_winner().is_none() {
        0.5
    } else if outcome.is_winner(a_seat) {
        1.0
    } else {
        0.0
    };
    Played {
        points,
        margin,
        forfeit: None,
    }
}

/// The tally of the match (`SPEC.md` §2), one line for each thing said.
fn tally(results: &[Played], sides: &[Side; 2]) -> String {
    let games = results.len().max(1) as f64;
    let wins = results.iter().filter(|r| r.points > 0.75).count();
    let losses = results.iter().filter(|r| r.points < 0.25).count();
    let draws = results.len() - wins - losses;
    let score = results.iter().map(|r| r.points).sum::<f64>() / games;
    let variance = results
        .iter()
        .map(|r| (r.points - score).powi(2))
        .sum::<f64>()
        / games;
    let interval = 1.96 * (variance / games).sqrt();
    // `+ 0.0` makes an even score's -0 a 0.
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10() + 0.0;
    let margin = results.iter().map(|r| r.margin as f64).sum::<f64>() / games;
    let per_move = |side: &Side| side.thinking.as_secs_f64() / f64::from(side.moves.max(1));
    let forfeits = results.iter().filter(|r| r.forfeit.is_some()).count();
    let french = |x: f64, decimals: usize| format!("{x:.decimals$}").replace('.', ",");
    format!(
        "A : {}\nB : {}\nMatch de {} parties : A {wins} gagnées, {draws} nulles, {losses} perdues ({forfeits} par forfait).\n\
         Score de A : {} % ± {} % (intervalle à 95 %), Elo {:+.0} (de {:+.0} à {:+.0}).\n\
         Marge moyenne de A : {} graine(s).\n\
         Temps par coup : A {} s, B {} s.\n",
        sides[0].name,
        sides[1].name,
        results.len(),
        french(100.0 * score, 1),
        french(100.0 * interval, 1),
        elo(score),
        elo(score - interval),
        elo(score + interval),
        french(margin, 2),
        french(per_move(&sides[0]), 3),
        french(per_move(&sides[1]), 3),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(points: f64, margin: i64) -> Played {
        Played {
            points,
            margin,
            forfeit: None,
        }
    }

    #[test]
    fn the_tally_gives_the_score_its_interval_and_elo() {
        let sides = [Side::new("a"), Side::new("b")];
        let results = [
            played(1.0, 4),
            played(1.0, 2),
            played(0.5, 0),
            played(0.0, -2),
        ];
        let text = tally(&results, &sides);
        assert!(text.contains("A 2 gagnées, 1 nulles, 1 perdues"), "{text}");
        assert!(text.contains("Score de A : 62,5 %"), "{text}");
        // 62.5 % is about +89 Elo.
        assert!(text.contains("Elo +89"), "{text}");
        assert!(
            text.contains("Marge moyenne de A : 1,00 graine(s)"),
            "{text}"
        );
    }

    #[test]
    fn an_even_match_is_worth_no_elo() {
        let sides = [Side::new("a"), Side::new("b")];
        let text = tally(&[played(1.0, 1), played(0.0, -1)], &sides);
        assert!(text.contains("Score de A : 50,0 %"), "{text}");
        assert!(text.contains("Elo +0"), "{text}");
    }
}
