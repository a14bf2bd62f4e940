//! `host --analyse FILE|N [--think S]` (`SPEC.md` §2): the review of a
//! recorded game, or of the Nth kept game, decision by decision, as
//! backgammon and chess programs give one.
//!
//! The record is played again as the console played it (`annuler` takes
//! back the last decision of a person and the computer's since; turns with
//! nothing to choose are played without a decision). Each decision of the
//! game as it stands at the end is then valued by the computer player's
//! search at level 4 (`--think` seconds a decision, `--threads`), which
//! values every accepted input from the mover's side
//! (the engine's `assess`, inside the plugin); the loss of a decision is the best
//! value minus the value of the input played, in seeds.
//!
//! Standard output holds one line per decision, then one summary line per
//! seat. Each decision line ends with the ranked inputs, as a backgammon
//! program ranks its candidate moves: the best three and the one played,
//! each with its value in seeds from the mover's side (exact where an
//! endgame table or a search to the end decides it), under the seat when
//! the line would not fit 80 columns:
//!
//! ```text
//! 1. SUD 3 ; meilleur : 3 ; perte : 0 graine(s) ; coups : 3 (+0,4) 4 (+0,2) 1 (-0,3).
//! 2. NORD 9 ; meilleur : 11 ; perte : 2,5 graine(s) ; erreur ;
//!    coups : 11 (+1,0) 10 (0,0) 7 (-1,2) 9 (-1,5).
//! SUD : 1 décision(s), 0 erreur(s), 0 gaffe(s), perte moyenne : 0 graine(s).
//! ```
//!
//! On a terminal, a progress bar on standard error shows how far the
//! review is (each decision takes up to `--think` seconds).
//!
//! A decision that loses [`ERROR`] hundredths of a seed or more (2 seeds)
//! is an error; [`BLUNDER`] or more (6 seeds), a blunder (« gaffe »),
//! counted as a blunder only.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use variant_api::{
    Assessment, DecisionKind, Game, Inputs, Player, PluginError, PositionError, Think, Turn,
};

use crate::cli::Cli;
use crate::keeping::kept;
use crate::keeping::record::{self, Entry, Replay};
use crate::loading::discovery::Installed;
use crate::playing::render;
use crate::playing::seats;
use crate::util::failure::{
    plugin_failure, position_failure, print, refused, usage, variant_failed, Failure,
};
use crate::util::names;
use crate::util::shown::COLUMNS;

/// The loss, in hundredths of a seed, from which a decision is an error.
pub(crate) const ERROR: i32 = 200;
/// The loss, in hundredths of a seed, from which a decision is a blunder.
pub(crate) const BLUNDER: i32 = 600;

/// One decision of the game as it stands: the position before it, who
/// decided, what was played, and whether a person decided.
struct Decision {
    before: Game,
    player: Player,
    input: u32,
    person: bool,
}

/// The record `--analyse TARGET` reviews: the Nth kept game when TARGET
/// is a number N (as `--kept` shows them; `./12` names a file `12`), else
/// the file TARGET.
pub(crate) fn reviewed(target: &Path) -> Result<PathBuf, Failure> {
    let number = target
        .to_str()
        .filter(|text| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()))
        .map(str::parse::<u32>);
    match number {
        Some(Ok(number)) => kept::path_of(number),
        Some(Err(_)) => Err(refused(format!(
            "il n'y a pas de partie gardée {} (voir --kept)",
            target.display()
        ))),
        None => Ok(target.to_path_buf()),
    }
}

/// Reviews the game of `replay` and prints the review on stdout.
pub(crate) fn review(replay: Replay, cli: &Cli, variant: &Installed) -> Result<(), Failure> {
    let id = &variant.plugin.description().id;
    let header = &replay.header;
    let failed = |what: &'static str| move |error| plugin_failure(id, error, what);
    let at =
        |line: usize, reason: String| refused(record::header_error(&replay.path, line, &reason));
    let position_refused = |error| match error {
        PositionError::Refused(reason) => at(header.lines.position, reason),
        error => position_failure(id, error),
    };
    // The options of its position, if it has one, decide the seats.
    let settings = match &header.position {
        Some(text) => variant
            .plugin
            .position_options(&header.settings, text)
            .map_err(position_refused)?,
        None => header.settings.clone(),
    };
    let names = variant
        .plugin
        .seats(&settings)
        .map_err(failed("en nommant ses places"))?;
    // Before the progress bar: a variant reads its endgame tables when asked
    // about them, and says there one that is damaged.
    let _ = variant.plugin.endgame_tables(&settings);
    let first = seats::first(&header.first, &names, header.seed)
        .map_err(|reason| at(header.lines.first, reason))?;
    let computer = seats::computer(&header.computer, &names)
        .map_err(|reason| at(header.lines.computer, reason))?;
    let mut game = match &header.position {
        Some(text) => variant
            .plugin
            .new_game_at(&settings, text)
            .map_err(position_refused)?,
        None => variant
            .plugin
            .new_game(&settings, first)
            .map_err(failed("au début de la partie"))?,
    };
    let line = replay_line(&mut game, replay.entries, &names, &computer)
        .map_err(|error| error.failure(&replay.path, id))?;
    let think_ms = (cli.think() * 1000.0).round() as u32;
    let mut losses: Vec<Vec<i32>> = vec![Vec::new(); names.len()];
    let mut text = String::new();
    let bar = progress_bar(line.len());
    for (number, decision) in line.iter().enumerate() {
        bar.set_position(number as u64);
        let request = Think {
            level: 4,
            budget_ms: think_ms,
            threads: cli.threads(),
            seed: header.seed.wrapping_add(number as u64),
        };
        let assessed = decision
            .before
            .assess(request)
            .map_err(failed("en jugeant une décision"))?;
        let (best, loss) = judge(&assessed, decision.input).ok_or_else(|| {
            usage(variant_failed(
                id,
                &format!(" en jugeant la décision {}", number + 1),
                &format!("the input played, {}, was not valued", decision.input),
            ))
            .within_columns()
        })?;
        let seat = render::player_name(&names, decision.player);
        let head = format!(
            "{}. {seat} {} ; meilleur : {best} ; perte : {} graine(s){} ;",
            number + 1,
            decision.input,
            seeds(loss),
            mark(loss),
        );
        let ranked = format!("coups : {}.", ranked(&assessed, decision.input));
        let _ = writeln!(text, "{}", within_columns(&head, &ranked));
        if let Some(seat_losses) = losses.get_mut(decision.player.index()) {
            seat_losses.push(loss);
        }
    }
    bar.finish_and_clear();
    for (seat, seat_losses) in losses.iter().enumerate() {
        let _ = writeln!(text, "{}", summary(&names[seat], seat_losses));
    }
    print(&text)
}

/// A decision's line, `head` then `ranked`, or two lines when that would
/// not fit [`COLUMNS`] (`SPEC.md` §3): the ranked inputs under the seat.
fn within_columns(head: &str, ranked: &str) -> String {
    let line = format!("{head} {ranked}");
    if line.chars().count() <= COLUMNS {
        return line;
    }
    let indent = head.find(' ').map_or(0, |at| at + 1);
    format!("{head}\n{}{ranked}", " ".repeat(indent))
}

/// The best input and the loss of `played`, in hundredths of a seed, or
/// `None` when `played` was not valued.
fn judge(assessed: &[Assessment], played: u32) -> Option<(u32, i32)> {
    let best = assessed.iter().rev().max_by_key(|a| a.value)?;
    let played = assessed.iter().find(|a| a.input == played)?;
    let loss = best.value.saturating_sub(played.value).max(0);
    let best = if loss == 0 { played.input } else { best.input };
    Some((best, loss))
}

/// The review's progress, on standard error when it is a terminal (indicatif
/// draws nothing elsewhere).
fn progress_bar(decisions: usize) -> ProgressBar {
    let bar = ProgressBar::new(decisions as u64).with_message("Analyse");
    if let Ok(style) =
        ProgressStyle::with_template("{msg} {pos}/{len} [{elapsed_precise}] {wide_bar} {eta}")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// The inputs the review shows: the best [`RANKED`] by value, then the one
/// played if it is not among them, each with its value (`1 (+2,4) 6 (+1,0)
/// 5 (-0,7)`); equal values keep the variant's order.
fn ranked(assessed: &[Assessment], played: u32) -> String {
    let mut order: Vec<&Assessment> = assessed.iter().collect();
    order.sort_by_key(|a| std::cmp::Reverse(a.value));
    let mut shown: Vec<&Assessment> = order.iter().copied().take(RANKED).collect();
    if let Some(input) = order.iter().skip(RANKED).find(|a| a.input == played) {
        shown.push(input);
    }
    let shown: Vec<String> = shown
        .iter()
        .map(|a| format!("{} ({})", a.input, signed_seeds(a.value)))
        .collect();
    shown.join(" ")
}

/// The inputs ranked on a decision line besides the one played.
const RANKED: usize = 3;

/// Hundredths of a seed as signed seeds to one decimal (`+2,4`, `-0,7`,
/// `0,0`).
fn signed_seeds(hundredths: i32) -> String {
    let tenths = (i64::from(hundredths).abs() + 5) / 10;
    let sign = match hundredths {
        _ if tenths == 0 => "",
        h if h > 0 => "+",
        _ => "-",
    };
    format!("{sign}{},{}", tenths / 10, tenths % 10)
}

/// « ; erreur » or « ; gaffe » after a decision that loses that much.
fn mark(loss: i32) -> &'static str {
    match loss {
        l if l >= BLUNDER => " ; gaffe",
        l if l >= ERROR => " ; erreur",
        _ => "",
    }
}

/// A seat's summary line.
fn summary(seat: &str, losses: &[i32]) -> String {
    let errors = losses
        .iter()
        .filter(|&&l| (ERROR..BLUNDER).contains(&l))
        .count();
    let blunders = losses.iter().filter(|&&l| l >= BLUNDER).count();
    let average = if losses.is_empty() {
        0
    } else {
        let total: i64 = losses.iter().map(|&l| i64::from(l)).sum();
        (total / losses.len() as i64) as i32
    };
    format!(
        "{seat} : {} décision(s), {errors} erreur(s), {blunders} gaffe(s), perte moyenne : {} graine(s).",
        losses.len(),
        seeds(average)
    )
}

/// Hundredths of a seed as seeds to one decimal, with a French comma (`2,5`).
pub(crate) fn seeds(hundredths: i32) -> String {
    let tenths = (i64::from(hundredths) + 5).div_euclid(10);
    if tenths % 10 == 0 {
        (tenths / 10).to_string()
    } else {
        format!("{},{}", tenths.div_euclid(10), tenths.rem_euclid(10))
    }
}

/// Why the record cannot be reviewed.
enum LineError {
    /// A line of the record does not fit the game.
    Record { line: usize, reason: String },
    /// The plugin failed.
    Plugin(PluginError),
}

impl LineError {
    /// What is wrong, said to the player: a record's line, or the plugin's
    /// failure (its words under `RUST_LOG=debug`).
    fn failure(&self, path: &Path, id: &str) -> Failure {
        match self {
            LineError::Record { line, reason } => refused(record::at_line(path, *line, reason)),
            LineError::Plugin(error) => usage(variant_failed(
                id,
                " en rejouant la partie",
                &error.to_string(),
            ))
            .within_columns(),
        }
    }
}

impl From<PluginError> for LineError {
    fn from(error: PluginError) -> Self {
        LineError::Plugin(error)
    }
}

/// Plays the record's `entries` on `game` as the console did, and returns
/// the decisions of the game as it stands at the end.
fn replay_line(
    game: &mut Game,
    entries: impl IntoIterator<Item = Entry>,
    names: &[String],
    computer: &[Option<u8>],
) -> Result<Vec<Decision>, LineError> {
    let mut line: Vec<Decision> = Vec::new();
    for entry in entries {
        let bad = |reason: String| LineError::Record {
            line: entry.line,
            reason,
        };
        play_forced(game)?;
        let Turn::Decide { player, .. } = game.turn()? else {
            return Err(bad(record::AFTER_THE_END.to_owned()));
        };
        let mover = render::player_name(names, player);
        if !names::matches(&entry.seat, &mover) {
            return Err(bad(record::out_of_turn(&entry.seat, &mover)));
        }
        match entry.token.as_str() {
            "annuler" => {
                let taken_back = line.iter().rposition(|decision| decision.person);
                let Some(index) = taken_back else {
                    return Err(bad("rien à annuler : la partie commence".to_owned()));
                };
                let mut taken = line.split_off(index);
                *game = taken.swap_remove(0).before;
            }
            "abandon" => game.resign(player)?,
            "0" => game
                .end_by_agreement()
                .map_err(|error| bad(error.to_string()))?,
            token => {
                let input = token
                    .parse::<u32>()
                    .map_err(|_| bad(format!("« {token} » n'est pas une décision")))?;
                let before = game.clone();
                game.play(input).map_err(|error| bad(error.to_string()))?;
                let person = computer.get(player.index()).copied().flatten().is_none();
                line.push(Decision {
                    before,
                    player,
                    input,
                    person,
                });
            }
        }
    }
    Ok(line)
}

/// Plays the turns with nothing to choose that come now.
fn play_forced(game: &mut Game) -> Result<(), PluginError> {
    let mut inputs = Inputs::new();
    while let Turn::Decide {
        kind: DecisionKind::Forced,
        ..
    } = game.turn()?
    {
        game.legal_inputs(&mut inputs)?;
        match inputs.as_slice() {
            &[input] => {
                game.play(input)?;
            }
            _ => {
                return Err(PluginError::Failed(
                    "a turn with nothing to choose does not accept one input".to_owned(),
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assessed(values: &[(u32, i32)]) -> Vec<Assessment> {
        values
            .iter()
            .map(|&(input, value)| Assessment {
                input,
                value,
                proven: false,
            })
            .collect()
    }

    #[test]
    fn a_decision_too_wide_for_80_columns_gives_its_ranked_inputs_a_line() {
        let head = "4. NORD 9 ; meilleur : 10 ; perte : 4 graine(s) ; erreur ;";
        let ranked = "coups : 10 (+0,4) 11 (-2,9) 12 (-2,9) 9 (-3,6).";
        assert_eq!(within_columns(head, ranked), format!("{head}\n   {ranked}"));
        assert_eq!(
            within_columns("1. SUD 3 ; perte : 0 ;", "coups : 3 (+0,4)."),
            "1. SUD 3 ; perte : 0 ; coups : 3 (+0,4)."
        );
    }

    #[test]
    fn the_loss_is_the_best_value_minus_the_value_played() {
        let values = assessed(&[(1, -300), (3, 250), (4, 250), (6, 0)]);
        assert_eq!(judge(&values, 6), Some((3, 250)));
        assert_eq!(judge(&values, 4), Some((4, 0)), "a best input played");
        assert_eq!(judge(&values, 1), Some((3, 550)));
        assert_eq!(judge(&values, 2), None, "not an accepted input");
        assert_eq!(judge(&[], 2), None);
    }

    #[test]
    fn errors_and_blunders_follow_the_thresholds() {
        assert_eq!(mark(199), "");
        assert_eq!(mark(ERROR), " ; erreur");
        assert_eq!(mark(BLUNDER - 1), " ; erreur");
        assert_eq!(mark(BLUNDER), " ; gaffe");
        assert_eq!(
            summary("SUD", &[0, 250, 700, 50]),
            "SUD : 4 décision(s), 1 erreur(s), 1 gaffe(s), perte moyenne : 2,5 graine(s)."
        );
        assert_eq!(
            summary("NORD", &[]),
            "NORD : 0 décision(s), 0 erreur(s), 0 gaffe(s), perte moyenne : 0 graine(s)."
        );
    }

    #[test]
    fn the_best_three_and_the_one_played_are_ranked_with_their_values() {
        let values = assessed(&[(1, 240), (2, -300), (4, -70), (5, 100), (6, 100)]);
        assert_eq!(ranked(&values, 5), "1 (+2,4) 5 (+1,0) 6 (+1,0)");
        assert_eq!(ranked(&values, 4), "1 (+2,4) 5 (+1,0) 6 (+1,0) 4 (-0,7)");
        assert_eq!(ranked(&values[..2], 2), "1 (+2,4) 2 (-3,0)");
        assert_eq!(signed_seeds(0), "0,0");
        assert_eq!(signed_seeds(-4), "0,0");
        assert_eq!(signed_seeds(-1250), "-12,5");
        assert_eq!(signed_seeds(2400), "+24,0");
    }

    #[test]
    fn seeds_print_to_one_decimal_with_a_comma() {
        assert_eq!(seeds(0), "0");
        assert_eq!(seeds(200), "2");
        assert_eq!(seeds(250), "2,5");
        assert_eq!(seeds(1234), "12,3");
        assert_eq!(seeds(4), "0");
    }
}
