//! A loader built against the frozen variant-api 1.0.0: the side of a host
//! of contract 1.0, to show that it loads plugins built against a later 1.x
//! and plays them as today's host does (SPEC §8).
//!
//! `compat-loader PLUGIN [--first SEAT] [--set KEY=VALUE]...` loads the
//! library with 1.0's `Plugin::load`, then plays one game between persons
//! whose inputs are the whitespace-separated numbers of standard input, and
//! writes what the console protocol puts on standard output (SPEC §3): the
//! board and « A SUD de jouer. » before each decision, the gain lines after
//! each move, the final board and the result. A refused input, like the
//! host's, prints nothing there; `0` asks for the end by agreement; a turn
//! with nothing to choose is played without a board. The end-to-end test
//! `compat` compares this output with today's host's, byte for byte.
//!
//! Exit status: 0 at the end of the game, 1 when the input ends first or
//! the plugin fails, 2 when the plugin is refused (its line on stderr).

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use variant_api::{
    DecisionKind, Gains, Game, Inputs, Layout, NumberSide, Player, Plugin, Step, Turn,
};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: compat-loader PLUGIN [--first SEAT] [--set KEY=VALUE]...");
        return ExitCode::from(2);
    };
    let plugin = match Plugin::load(Path::new(path)) {
        Ok(plugin) => plugin,
        Err(error) => {
            eprintln!("{path}: {error}");
            return ExitCode::from(2);
        }
    };
    let mut options: Vec<(String, String)> = Vec::new();
    let mut first = "SUD".to_owned();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match (arg.as_str(), rest.next()) {
            ("--first", Some(seat)) => first = seat.clone(),
            ("--set", Some(pair)) => match pair.split_once('=') {
                Some((key, value)) => options.push((key.to_owned(), value.to_owned())),
                None => return usage(&format!("--set {pair}: KEY=VALUE expected")),
            },
            _ => return usage(&format!("unexpected argument {arg}")),
        }
    }
    let names = match plugin.seats(&options) {
        Ok(names) => names,
        Err(error) => return usage(&error.to_string()),
    };
    let Some(seat) = names
        .iter()
        .position(|name| name.eq_ignore_ascii_case(&first))
    else {
        return usage(&format!("no seat {first}"));
    };
    let mut game = match plugin.new_game(&options, Player(seat as u8)) {
        Ok(game) => game,
        Err(error) => return usage(&error.to_string()),
    };
    let mut input = String::new();
    if io::stdin().read_to_string(&mut input).is_err() {
        return usage("standard input is not text");
    }
    let mut tokens = input.split_whitespace();
    let title = &plugin.description().title_with_article;
    let mut out = io::stdout().lock();
    match play(&mut game, &names, title, &mut tokens, &mut out) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("the input ended before the game");
            ExitCode::from(1)
        }
        Err(error) => {
            eprintln!("the variant failed: {error}");
            ExitCode::from(1)
        }
    }
}

fn usage(why: &str) -> ExitCode {
    eprintln!("compat-loader: {why}");
    ExitCode::from(2)
}

/// Plays the game to its end (`true`) or to the end of the tokens (`false`).
fn play<'a>(
    game: &mut Game,
    names: &[String],
    title: &str,
    tokens: &mut impl Iterator<Item = &'a str>,
    out: &mut impl Write,
) -> Result<bool, Box<dyn std::error::Error>> {
    let mut inputs = Inputs::new();
    loop {
        let turn = game.turn()?;
        if let Turn::Decide {
            player,
            kind: DecisionKind::Forced,
        } = turn
        {
            game.legal_inputs(&mut inputs)?;
            let step = game.play(inputs.as_slice()[0])?;
            if let Some(gains) = step.gains() {
                if gains.of_seats(names.len()).iter().any(|&g| g > 0) {
                    gains_lines(&gains, player, names, out)?;
                }
            }
            continue;
        }
        let board = board(&game.layout()?, &game.seeds()?, &game.scores()?, names);
        out.write_all(board.as_bytes())?;
        let player = match turn {
            Turn::Over(outcome) => {
                let winners: Vec<&str> = outcome
                    .winner_list()
                    .map(|player| names[player.index()].as_str())
                    .collect();
                let game = format!("la partie {title}");
                let line = match winners.as_slice() {
                    [] => format!("Personne ne gagne {game}."),
                    all if all.len() >= names.len() => format!("Personne ne gagne {game}."),
                    [one] => format!("{one} gagne {game}."),
                    [first @ .., last] => {
                        format!("{} et {last} gagnent {game}.", first.join(", "))
                    }
                };
                writeln!(out, "{line}")?;
                return Ok(true);
            }
            Turn::Decide { player, .. } => player,
        };
        writeln!(out, "A {} de jouer.", names[player.index()])?;
        loop {
            let Some(token) = tokens.next() else {
                return Ok(false);
            };
            let Ok(input) = token.parse::<u32>() else {
                continue;
            };
            if input == 0 {
                if game.clone().end_by_agreement().is_ok() {
                    game.end_by_agreement()?;
                    break;
                }
                continue;
            }
            match game.play(input) {
                Ok(Step::Pending) => break,
                Ok(step) => {
                    if let Some(gains) = step.gains() {
                        gains_lines(&gains, player, names, out)?;
                    }
                    break;
                }
                Err(variant_api::PluginError::Refused(_)) => continue,
                Err(error) => return Err(error.into()),
            }
        }
    }
}

/// The mover's gain line, then one for each other player who gained seeds.
fn gains_lines(
    gains: &Gains,
    mover: Player,
    names: &[String],
    out: &mut impl Write,
) -> io::Result<()> {
    let line = |player: Player| {
        format!(
            "{} a ramassé {} bille(s).",
            names[player.index()],
            gains.get(player)
        )
    };
    writeln!(out, "{}", line(mover))?;
    for seat in 0..names.len() {
        let player = Player(seat as u8);
        if player != mover && gains.get(player) > 0 {
            writeln!(out, "{}", line(player))?;
        }
    }
    Ok(())
}

/// The board and score lines (SPEC §3), as the host draws any layout:
/// within 80 columns, a board whose rows would be wider in parts of equal
/// width, the left part first.
fn board(layout: &Layout, seeds: &[u32], scores: &[u32], names: &[String]) -> String {
    let mut text = String::new();
    let digits = if layout.wide { 3 } else { 2 };
    let push = |text: &mut String, line: &str| {
        text.push_str(line.trim_end());
        text.push('\n');
    };
    let widest = layout
        .rows
        .iter()
        .map(|row| row.holes.len())
        .max()
        .unwrap_or(0);
    let parts = widest.div_ceil((80 + 1 - 5) / (digits + 3)).max(1);
    let per_part = widest.div_ceil(parts).max(1);
    for part in 0..parts {
        for row in &layout.rows {
            let end = ((part + 1) * per_part).min(row.holes.len());
            let start = (part * per_part).min(end);
            let mut numbers = format!("{:<5}", row.label);
            let mut contents = " ".repeat(5);
            for &hole in &row.holes[start..end] {
                numbers.push_str(&format!("{hole:>width$}  ", width = digits + 1));
                if layout.out_of_play.contains(&hole) {
                    contents.push_str(&format!("[{:>digits$}] ", "--"));
                } else {
                    let count = seeds.get(hole as usize - 1).copied().unwrap_or(0);
                    let collecting = layout.marks.iter().any(|mark| {
                        mark.hole == hole && mark.kind == variant_api::MarkKind::Collecting
                    });
                    let (open, close) = if collecting { ('(', ')') } else { ('[', ']') };
                    contents.push_str(&format!("{open}{count:>digits$}{close} "));
                }
            }
            let (first, second) = match row.numbers {
                NumberSide::Above => (numbers, contents),
                NumberSide::Below => (contents, numbers),
            };
            push(&mut text, &first);
            push(&mut text, &second);
        }
    }
    for &player in &layout.score_order {
        let score = scores.get(player.index()).copied().unwrap_or(0);
        push(
            &mut text,
            &format!("{} a {score} bille(s).", names[player.index()]),
        );
    }
    if layout.reserve > 0 {
        push(
            &mut text,
            &format!("Réserve : {} graine(s).", layout.reserve),
        );
    }
    text
}
