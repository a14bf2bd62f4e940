//! `host --check FILE` (`SPEC.md` §2): checks a built plugin library
//! against the contract through the stable ABI, as the host will drive it,
//! with [`Plugin`] and [`Game`] alone (the conformance kit of the
//! `variant-testing` crate checks a variant's source the same way, in its
//! own tests; this checks the library file an author ships).
//!
//! The file goes through the same trial load as discovery (a child process,
//! see `probe`; a library that loads but fails its trial games is checked
//! all the same, its failures being this check's to say), then is mapped
//! for its description. What is checked:
//! - the description: the title with its article ends with the title,
//!   rules and seats are given, each option's default is one of its values;
//! - the options: every value of every option is accepted (the smallest,
//!   the default and the largest of a range), and a value out of the
//!   option's values, or an unknown key, is refused;
//! - random games of accepted inputs, seeded, to their end, with the
//!   default options and with each other value of each option (one option
//!   changed at a time; `--set` plays that set alone): the layout fits the
//!   seeds and the seats at every decision; the seeds on the board, the
//!   scores and the reserve keep their sum, but across a placement; the
//!   inputs announced are increasing, positive, accepted, exactly one for a
//!   turn with nothing to choose, and (at the first decision and a random
//!   one) every other input up to one past the last hole is refused in one
//!   line, leaving the game as it was; decisions and winners are among the
//!   seats; the gains of a move are the score changes; prompts and end
//!   reasons are one line; a finished game accepts nothing; ending by
//!   agreement is refused where the description denies it and ends the
//!   game, seeds kept, where it happens; a resignation hands the game to
//!   every other seat; the computer player (level 1) chooses an announced
//!   input; a clone played with the rest of the inputs and a new game
//!   replaying them all go through the same turns, seeds and scores; every
//!   game ends within [`MAX_DECISIONS`] decisions.
//!
//! The options' checks, and each set of options' games, run in a child
//! process (the host itself, as `host --check FILE --set …` with
//! `AWALE_CHECK_ONE_SET` set), watched as a probe is (its output through
//! pipes, killed as a group), so that a plugin that crashes, exits or never
//! returns is one failure line (the signal, the status, or the time it
//! overran: twelve times a trial load's, a minute by default, for 20
//! games), not the end of the check nor a check that never ends.
//!
//! Output: one line per failure on standard output (`FILE: what`), the
//! first failure of an option set ending that set; a failure in a game
//! names the record of that game so far, written to the system's temporary
//! folder, which `--replay` plays again (every seat a person); then one
//! line on
//! standard error saying what was played, or how many failures there were.
//! Exit status 0 when sound, 1 when not, 2 when the file is not a plugin of
//! this contract (the trial load's reason on standard error).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

use variant_api::rng::{SplitMix, GOLDEN_GAMMA};
use variant_api::{
    DecisionKind, Description, Game, Inputs, OptionValues, Outcome, Player, Plugin, PluginError,
    Step, Think, Turn, MAX_INPUTS,
};

use crate::cli::Cli;
use crate::keeping::kept;
use crate::keeping::record::{Header, Recorder, Sink};
use crate::loading::child::Watched;
use crate::loading::library;
use crate::loading::probe::{self, Probed, Verdict};
use crate::util::failure::{print, stderr_failed, Failure, INTERRUPTED, USAGE};
use crate::util::shown::shown_path;

/// Random games played with each set of options, unless `--games` says.
pub(crate) const GAMES: u32 = 20;

/// A game that has not ended after this many decisions fails the check.
pub(crate) const MAX_DECISIONS: u32 = 10_000;

/// The seed of the random games, unless `--seed` says.
const SEED: u64 = 0xc4ec_0000_5eed_0001;

/// Set in the child process that plays one set of options (the options
/// given, the defaults when none are): it prints `ok GAMES DECISIONS` or
/// `fail WHAT` on standard output and nothing else.
const ONE_SET: &str = "AWALE_CHECK_ONE_SET";

/// The decisions among which the clone, the agreement, the resignation and
/// the computer player are tried, at a random one of them.
const PROBED_DECISIONS: u64 = 40;

/// `--check FILE`: checks the library; a failure is status 1 (the
/// plugin broke the contract) or 2 (not a plugin of this host).
pub(crate) fn run(cli: &Cli, file: &Path) -> Result<(), Failure> {
    let shown = shown_path(file);
    let not_a_plugin = |reason: &str| {
        let hint = if reason.contains("no variant module exported") {
            " (a plugin crate exports it with `variant_kit::export_variant!` under its \
             default feature `plugin`: see docs/writing-a-variant.md)"
        } else {
            ""
        };
        Failure::in_english(
            USAGE,
            format!("{shown} is not a plugin of this host: {reason}{hint}"),
        )
    };
    if let Some(mode) = std::env::var_os(ONE_SET) {
        return in_child(file, &mode, cli, &not_a_plugin);
    }
    // A library that loads and fails its trial games is checked: its
    // failures are this check's to say, one line each.
    let probed = probe::probe_all(&[file.to_path_buf()]);
    match probed.first() {
        Some(probed) if probed.loaded => {}
        Some(Probed {
            verdict: Verdict::Refused(reason),
            ..
        }) => return Err(not_a_plugin(reason)),
        Some(Probed {
            verdict: Verdict::Unchecked(reason),
            ..
        }) => {
            return Err(Failure::in_english(
                INTERRUPTED,
                format!("cannot check {shown} now: {reason}"),
            ))
        }
        _ => {}
    }
    // The host maps the library for its description alone: every call that
    // plays is made in a child process, under a time limit.
    let loaded = library::load(file).map_err(|reason| not_a_plugin(&reason))?;
    let plugin = &loaded.plugin;
    let games = cli.games.unwrap_or(GAMES);
    let seed = cli.seed.unwrap_or(SEED);
    let limit = child_limit(games);
    let mut failures = description_problems(plugin.description());
    match run_in_child(file, OPTIONS, &[], games, seed, limit) {
        Ok(_) => {}
        Err(problems) => failures.extend(problems),
    }
    let (mut played, mut decisions) = (0u64, 0u64);
    for set in option_sets(plugin.description(), &cli.settings) {
        match run_in_child(file, GAMES_OF_A_SET, &set, games, seed, limit) {
            Ok((set_games, set_decisions)) => {
                played += set_games;
                decisions += set_decisions;
            }
            Err(problems) => failures.extend(
                problems
                    .into_iter()
                    .map(|failure| format!("{}: {failure}", shown_set(&set))),
            ),
        }
    }
    let id = &plugin.description().id;
    let lines: String = failures
        .iter()
        .map(|failure| format!("{shown}: {failure}\n"))
        .collect();
    print(&lines)?;
    if !failures.is_empty() {
        return Err(Failure::in_english(
            INTERRUPTED,
            format!("{shown}: `{id}` failed {} check(s)", failures.len()),
        ));
    }
    let sets = if cli.settings.is_empty() {
        "with the default options and each value of each option"
    } else {
        "with the options given"
    };
    writeln!(
        io::stderr(),
        "{shown}: `{id}` is sound: {played} games, {decisions} decisions, {sets}"
    )
    .map_err(stderr_failed)
}

/// What the description breaks of the contract beyond what loading it
/// checks (`Description::check`).
fn description_problems(d: &Description) -> Vec<String> {
    let mut problems = Vec::new();
    if !d.title_with_article.ends_with(&d.title) {
        problems.push(format!(
            "description: the title with its article `{}` does not end with the title `{}`",
            d.title_with_article, d.title
        ));
    }
    if d.rules.trim().is_empty() {
        problems.push("description: the rules are empty".to_owned());
    }
    if d.players.is_empty() {
        problems.push("description: no seats".to_owned());
    }
    for spec in &d.options {
        if !spec.values.accepts(&spec.default) {
            problems.push(format!(
                "option `{}`: its default `{}` is not one of its values {}",
                spec.key,
                spec.default,
                spec.values.describe()
            ));
        }
    }
    problems
}

/// A value `values` does not accept.
fn bad_value(values: &OptionValues) -> String {
    match values {
        OptionValues::Choices(_) => "not-a-value".to_owned(),
        OptionValues::Range { max, .. } => max.saturating_add(1).to_string(),
    }
}

/// Whether the plugin accepts these options, for its seats and a new game.
fn accepts(plugin: &Plugin, set: &[(String, String)]) -> Result<bool, String> {
    let seats = plugin.seats(set);
    let game = plugin.new_game(set, Player(0));
    match (seats, game) {
        (Ok(_), Ok(_)) => Ok(true),
        (Err(PluginError::Refused(_)), Err(PluginError::Refused(_))) => Ok(false),
        (Err(PluginError::Failed(error)), _) | (_, Err(PluginError::Failed(error))) => Err(error),
        (Ok(_), Err(_)) => Err("names the seats but refuses a new game".to_owned()),
        (Err(_), Ok(_)) => Err("starts a game but refuses to name its seats".to_owned()),
    }
}

/// Every value of every option accepted, a bad value and an unknown key refused.
fn option_problems(plugin: &Plugin) -> Vec<String> {
    let mut problems = Vec::new();
    let pair = |key: &str, value: &str| vec![(key.to_owned(), value.to_owned())];
    for spec in &plugin.description().options {
        let bad = bad_value(&spec.values);
        let cases = probe::tried_values(&spec.values, &spec.default)
            .into_iter()
            .map(|value| (value, true))
            .chain([(bad, false)]);
        for (value, accepted) in cases {
            let set = pair(&spec.key, &value);
            match accepts(plugin, &set) {
                Ok(found) if found == accepted => {}
                Ok(found) => problems.push(format!(
                    "{}: {} (the option's values are {})",
                    shown_set(&set),
                    if found { "accepted" } else { "refused" },
                    spec.values.describe()
                )),
                Err(error) => problems.push(format!("{}: {error}", shown_set(&set))),
            }
        }
    }
    let unknown = pair("no-such-option", "1");
    match accepts(plugin, &unknown) {
        Ok(false) => {}
        Ok(true) => problems.push(format!("{}: accepted", shown_set(&unknown))),
        Err(error) => problems.push(format!("{}: {error}", shown_set(&unknown))),
    }
    problems
}

/// The sets of options the games are played with: `given` alone when the
/// command line sets any, else those of the trial load: the defaults, then
/// each other value of each option with the others at their defaults.
fn option_sets(d: &Description, given: &[(String, String)]) -> Vec<Vec<(String, String)>> {
    if !given.is_empty() {
        return vec![given.to_vec()];
    }
    probe::option_sets(d)
}

/// `options default` or `options holes=3 seeds=1`.
fn shown_set(set: &[(String, String)]) -> String {
    if set.is_empty() {
        return "options default".to_owned();
    }
    let pairs: Vec<String> = set.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("options {}", pairs.join(" "))
}

/// What the child of a check does ([`ONE_SET`]): the options' checks.
const OPTIONS: &str = "options";

/// What the child of a check does ([`ONE_SET`]): the games of one set.
const GAMES_OF_A_SET: &str = "games";

/// The time the child of a check may take: twelve times a trial load's
/// time limit (a minute by default) for [`GAMES`] games, more for more.
fn child_limit(games: u32) -> Duration {
    let sets_of_games = f64::from(games.max(GAMES)) / f64::from(GAMES);
    probe::limit_now().mul_f64(12.0 * sets_of_games)
}

/// The child of a check (`mode`: [`OPTIONS`], or the games of the options
/// of the command line): its answer on standard output, a `fail WHAT` line
/// for each problem, then `ok GAMES DECISIONS`.
fn in_child(
    file: &Path,
    mode: &std::ffi::OsStr,
    cli: &Cli,
    not_a_plugin: &dyn Fn(&str) -> Failure,
) -> Result<(), Failure> {
    let loaded = library::load(file).map_err(|reason| not_a_plugin(&reason))?;
    let plugin = &loaded.plugin;
    let one_line = |failure: &str| format!("fail {}\n", failure.replace(['\n', '\r'], " "));
    let answer = if mode == OPTIONS {
        let mut answer: String = option_problems(plugin)
            .iter()
            .map(|problem| one_line(problem))
            .collect();
        answer.push_str("ok 0 0\n");
        answer
    } else {
        let games = cli.games.unwrap_or(GAMES);
        let seed = cli.seed.unwrap_or(SEED);
        match check_set(plugin, &cli.settings, games, seed) {
            Ok((played, decisions)) => format!("ok {played} {decisions}\n"),
            Err(failure) => one_line(&failure),
        }
    };
    print(&answer)
}

/// The child of a check (see [`in_child`]) for `mode` and the options
/// `set`, given `limit`: the games and decisions played, or the problems
/// it found, or how it ended without its answer (a plugin that crashes,
/// exits, or never returns).
fn run_in_child(
    file: &Path,
    mode: &str,
    set: &[(String, String)],
    games: u32,
    seed: u64,
    limit: Duration,
) -> Result<(u64, u64), Vec<String>> {
    let executable = probe::own_executable()
        .map_err(|error| vec![format!("cannot find the host's own executable: {error}")])?;
    let mut command = Command::new(executable);
    command
        .arg("--check")
        .arg(file)
        .args(["--games", &games.to_string(), "--seed", &seed.to_string()])
        .env(ONE_SET, mode)
        .env("RUST_BACKTRACE", "0");
    for (key, value) in set {
        command.args(["--set", &format!("{key}={value}")]);
    }
    let mut child = Watched::start(command)
        .map_err(|error| vec![format!("cannot start a child process: {error}")])?;
    let status = match child.wait(limit) {
        Ok(Some(status)) => status,
        Ok(None) => {
            return Err(vec![format!(
                "the games did not finish within {} s (a call that never returns?)",
                limit.as_secs_f64()
            )])
        }
        Err(error) => return Err(vec![format!("cannot wait for a child process: {error}")]),
    };
    let answer = child.stdout();
    let failures: Vec<String> = answer
        .lines()
        .filter_map(|line| line.strip_prefix("fail "))
        .map(str::to_owned)
        .collect();
    let counts: Option<(u64, u64)> = answer
        .lines()
        .find_map(|line| line.strip_prefix("ok "))
        .and_then(|counts| {
            let (played, decisions) = counts.split_once(' ')?;
            Some((played.parse().ok()?, decisions.parse().ok()?))
        });
    match (status.success(), counts) {
        _ if !failures.is_empty() => Err(failures),
        (true, Some(counts)) => Ok(counts),
        _ if status.code().is_none() => Err(vec![format!(
            "the plugin crashed: the games ended by {}",
            probe::signal_of(status)
        )]),
        (_, None) => Err(vec![format!(
            "the plugin ended the process (status {}) before the games' answer",
            status.code().unwrap_or_default()
        )]),
        (false, Some(_)) => Err(vec![format!("the games stopped with {status}")]),
    }
}

/// Plays `games` games with the options `set`; the games and decisions
/// played, or the first failure.
fn check_set(
    plugin: &Plugin,
    set: &[(String, String)],
    games: u32,
    seed: u64,
) -> Result<(u64, u64), String> {
    let names = plugin
        .seats(set)
        .map_err(|error| format!("seats: {error}"))?;
    let firsts: Vec<Player> = (0..names.len())
        .filter_map(|seat| u8::try_from(seat).ok().map(Player))
        .filter(|&seat| plugin.new_game(set, seat).is_ok())
        .collect();
    if firsts.is_empty() {
        return Err("no seat may move first".to_owned());
    }
    let mut decisions = 0;
    for number in 0..games {
        let first = firsts[number as usize % firsts.len()];
        let mut run = Run {
            plugin,
            set,
            seats: names.len(),
            first,
            rng: SplitMix::new(seed ^ u64::from(number).wrapping_mul(GOLDEN_GAMMA)),
            inputs: Vec::new(),
            deciders: Vec::new(),
            history: Vec::new(),
        };
        decisions += run.play().map_err(|failure| {
            let record = match record_of(plugin, set, &names, &run, seed, number) {
                Ok(path) => format!(
                    "; the game so far: {} (`--plugins DIR --replay` it)",
                    shown_path(&path)
                ),
                Err(why) => format!("; no record of it: {why}"),
            };
            format!(
                "game {number} (first {}, --seed {seed}, after {} inputs): {failure}{record}",
                names[first.index()],
                run.inputs.len()
            )
        })?;
    }
    Ok((u64::from(games), decisions))
}

/// What the host observes of a game after each input (and at its start).
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    turn: Turn,
    seeds: Vec<u32>,
    scores: Vec<u32>,
    step: Option<Step>,
}

/// One random game and what was seen of it.
struct Run<'a> {
    plugin: &'a Plugin,
    set: &'a [(String, String)],
    seats: usize,
    first: Player,
    rng: SplitMix,
    inputs: Vec<u32>,
    /// Who played each of `inputs`, and whether it was a decision (not a
    /// turn with nothing to choose, which the console plays itself).
    deciders: Vec<(Player, bool)>,
    history: Vec<Snapshot>,
}

/// Writes the inputs of the failed game `number` of `run` as a record that
/// `--replay` plays again, every seat a person, in the system's temporary
/// folder (a new file); its path.
fn record_of(
    plugin: &Plugin,
    set: &[(String, String)],
    names: &[String],
    run: &Run<'_>,
    seed: u64,
    number: u32,
) -> Result<PathBuf, String> {
    let description = plugin.description();
    let header = Header {
        variant: description.id.clone(),
        version: description.version.clone(),
        host: env!("CARGO_PKG_VERSION").to_owned(),
        date: kept::date(SystemTime::now()),
        settings: set.to_vec(),
        first: names[run.first.index()].clone(),
        seats: names.iter().map(|name| (name.clone(), None)).collect(),
        seed,
        think: 10.0,
        ..Header::default()
    };
    let path = std::env::temp_dir().join(format!(
        "awale-check-{}-{}-{number}.txt",
        description.id,
        std::process::id()
    ));
    let sink = Sink::create(&path, &header)?;
    let mut recorder = Recorder::new(vec![sink], Vec::new(), |_| {});
    for (&input, &(player, decided)) in run.inputs.iter().zip(&run.deciders) {
        if decided {
            recorder.decision(&names[player.index()], &input.to_string());
        }
    }
    recorder.sync();
    Ok(path)
}

/// A call into the plugin that failed, with what it was.
fn call<T>(result: Result<T, PluginError>, what: &str) -> Result<T, String> {
    result.map_err(|error| match error {
        PluginError::Refused(reason) => format!("{what} refused: {reason}"),
        PluginError::Failed(message) => format!("{what} failed: {message}"),
    })
}

/// A text for a person: one line, not empty.
fn one_line(text: &str) -> bool {
    !text.trim().is_empty() && !text.contains(['\n', '\r'])
}

fn snapshot(game: &Game, step: Option<Step>) -> Result<Snapshot, String> {
    Ok(Snapshot {
        turn: call(game.turn(), "turn")?,
        seeds: call(game.seeds(), "seeds")?,
        scores: call(game.scores(), "scores")?,
        step,
    })
}

fn legal(game: &Game) -> Result<Vec<u32>, String> {
    let mut inputs = Inputs::new();
    call(game.legal_inputs(&mut inputs), "legal inputs")?;
    Ok(inputs.as_slice().to_vec())
}

impl Run<'_> {
    /// Plays the game to its end, then its clone and its replay; the
    /// decisions played.
    fn play(&mut self) -> Result<u64, String> {
        let mut game = call(self.plugin.new_game(self.set, self.first), "a new game")?;
        let start = snapshot(&game, None)?;
        if start.scores.len() != self.seats {
            return Err(format!(
                "{} scores for {} seats",
                start.scores.len(),
                self.seats
            ));
        }
        self.history.push(start);
        let probe_at = self.rng.below(PROBED_DECISIONS);
        let clone_at = self.rng.below(PROBED_DECISIONS);
        let mut clone = None;
        let mut total = None;
        let mut placing = false;
        let mut decisions: u64 = 0;
        loop {
            let now = self.history.last().cloned().ok_or("no position")?;
            let layout = call(game.layout(), "layout")?;
            layout
                .check(now.seeds.len(), self.seats)
                .map_err(|problem| format!("inconsistent layout: {problem}"))?;
            let seeds = now.seeds.iter().chain(&now.scores).sum::<u32>() + layout.reserve;
            match total {
                Some(total) if !placing && seeds != total => {
                    return Err(format!("{seeds} seeds instead of {total}"));
                }
                _ => total = Some(seeds),
            }
            let (player, kind) = match now.turn {
                Turn::Over(outcome) => {
                    self.check_over(&mut game, outcome)?;
                    break;
                }
                Turn::Decide { player, kind } => (player, kind),
            };
            if player.index() >= self.seats {
                return Err(format!(
                    "a decision for seat {} of {}",
                    player.0, self.seats
                ));
            }
            decisions += 1;
            if decisions > u64::from(MAX_DECISIONS) {
                return Err(format!("no end after {MAX_DECISIONS} decisions"));
            }
            if let Some(prompt) = call(game.prompt(), "prompt")? {
                if !one_line(&prompt) {
                    return Err(format!("the prompt {prompt:?} is not one line"));
                }
            }
            let legal = self.check_legal(&game, kind)?;
            if decisions == 1 || decisions - 1 == probe_at {
                self.probe(&game, player, &legal, seeds)?;
                self.check_inputs(&game, &legal, &now)?;
            }
            if decisions - 1 == clone_at {
                clone = Some((self.history.len(), game.clone()));
            }
            let input = legal[self.rng.index(legal.len())];
            self.inputs.push(input);
            self.deciders.push((player, kind != DecisionKind::Forced));
            let step = call(game.play(input), &format!("the announced input {input}"))?;
            let after = snapshot(&game, Some(step))?;
            self.check_step(&now, &after, step, &game)?;
            placing = kind == DecisionKind::Placement;
            self.history.push(after);
        }
        if let Some((from, copy)) = clone {
            self.check_same("a clone", copy, from)?;
        }
        let replay = call(self.plugin.new_game(self.set, self.first), "a new game")?;
        self.check_same("a replay", replay, 1)?;
        Ok(decisions)
    }

    /// The inputs announced: some, increasing, positive, one for a turn
    /// with nothing to choose.
    fn check_legal(&self, game: &Game, kind: DecisionKind) -> Result<Vec<u32>, String> {
        let legal = legal(game)?;
        if legal.is_empty() {
            return Err("waits for a decision but announces no input".to_owned());
        }
        if legal.len() > MAX_INPUTS || legal[0] == 0 || legal.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "the inputs {legal:?} are not increasing and positive"
            ));
        }
        if kind == DecisionKind::Forced && legal.len() != 1 {
            return Err(format!("a turn with nothing to choose announces {legal:?}"));
        }
        Ok(legal)
    }

    /// Every input from 1 to one past the board's last hole (and the last
    /// announced) is accepted if announced, and refused otherwise with a
    /// one-line reason, leaving the game as it was.
    fn check_inputs(&self, game: &Game, legal: &[u32], now: &Snapshot) -> Result<(), String> {
        let beyond = (now.seeds.len() as u32 + 1).max(legal.last().map_or(0, |last| last + 1));
        for input in 1..=beyond {
            let mut copy = game.clone();
            match copy.play(input) {
                Ok(_) if legal.contains(&input) => {}
                Ok(_) => return Err(format!("accepts {input}, not among {legal:?}")),
                Err(PluginError::Refused(reason)) => {
                    if legal.contains(&input) {
                        return Err(format!("refuses {input}, among {legal:?}: {reason}"));
                    }
                    if !one_line(&reason) {
                        return Err(format!("refuses {input} without a one-line reason"));
                    }
                    let after = snapshot(&copy, None)?;
                    if (&after.turn, &after.seeds, &after.scores)
                        != (&now.turn, &now.seeds, &now.scores)
                    {
                        return Err(format!("refusing {input} changed the game"));
                    }
                }
                Err(PluginError::Failed(error)) => {
                    return Err(format!("input {input} failed: {error}"))
                }
            }
        }
        Ok(())
    }

    /// A completed move's gains are the score changes (until the end); an
    /// ended round says why in one line.
    fn check_step(
        &self,
        before: &Snapshot,
        after: &Snapshot,
        step: Step,
        game: &Game,
    ) -> Result<(), String> {
        if let (Some(gains), Turn::Decide { .. }) = (step.gains(), after.turn) {
            let changes: Vec<u32> = after
                .scores
                .iter()
                .zip(&before.scores)
                .map(|(a, b)| a.wrapping_sub(*b))
                .collect();
            if changes != gains.of_seats(self.seats) {
                return Err(format!(
                    "gains {:?} but the scores changed by {changes:?}",
                    gains.of_seats(self.seats)
                ));
            }
        }
        if matches!(step, Step::RoundOver(_)) {
            let reason = call(game.end_reason(), "end reason")?;
            if !one_line(&reason) {
                return Err(format!("the round's end reason {reason:?} is not one line"));
            }
        }
        Ok(())
    }

    /// On copies of the game: the end by agreement, a resignation and the
    /// computer player.
    fn probe(&self, game: &Game, player: Player, legal: &[u32], total: u32) -> Result<(), String> {
        let mut copy = game.clone();
        let allowed = self.plugin.description().agreement_ends_game;
        match copy.end_by_agreement() {
            Ok(()) if !allowed => {
                return Err("ends by agreement, which its description denies".to_owned())
            }
            Ok(()) => {
                let after = snapshot(&copy, None)?;
                if !matches!(after.turn, Turn::Over(_)) {
                    return Err("not over after ending by agreement".to_owned());
                }
                let reserve = call(copy.layout(), "layout")?.reserve;
                let seeds = after.seeds.iter().chain(&after.scores).sum::<u32>() + reserve;
                if seeds != total {
                    return Err(format!(
                        "{seeds} seeds instead of {total} after ending by agreement"
                    ));
                }
                let reason = call(copy.end_reason(), "end reason")?;
                if !one_line(&reason) {
                    return Err(format!("the end reason {reason:?} is not one line"));
                }
            }
            // Refused in the middle of a move even where allowed.
            Err(PluginError::Refused(_)) => {}
            Err(PluginError::Failed(error)) => {
                return Err(format!("ending by agreement failed: {error}"))
            }
        }
        let mut copy = game.clone();
        call(copy.resign(player), "resigning")?;
        let turn = call(copy.turn(), "turn")?;
        if turn != Turn::Over(Outcome::all_but(player, self.seats)) {
            return Err(format!("after seat {} resigned: {turn:?}", player.0));
        }
        let request = Think {
            level: 1,
            budget_ms: 1000,
            threads: 1,
            seed: self.inputs.len() as u64,
        };
        let thought = call(game.think(request), "the computer player")?;
        if !legal.contains(&thought.input) {
            return Err(format!(
                "the computer player chose {}, not among {legal:?}",
                thought.input
            ));
        }
        Ok(())
    }

    /// A finished game accepts nothing, says why it ended in one line, and
    /// names only seats as winners.
    fn check_over(&self, game: &mut Game, outcome: Outcome) -> Result<(), String> {
        let legal = legal(game)?;
        if !legal.is_empty() {
            return Err(format!("over, yet announces {legal:?}"));
        }
        match game.play(1) {
            Err(PluginError::Refused(_)) => {}
            Ok(step) => return Err(format!("over, yet plays 1: {step:?}")),
            Err(PluginError::Failed(error)) => {
                return Err(format!("over, input 1 failed: {error}"))
            }
        }
        if outcome
            .winner_list()
            .any(|winner| winner.index() >= self.seats)
        {
            return Err(format!("winners {outcome:?} for {} seats", self.seats));
        }
        let reason = call(game.end_reason(), "end reason")?;
        if !one_line(&reason) {
            return Err(format!("the end reason {reason:?} is not one line"));
        }
        Ok(())
    }

    /// `game`, at the position after `from - 1` inputs, played with the
    /// rest of the inputs goes through the same turns, seeds and scores.
    fn check_same(&self, what: &str, mut game: Game, from: usize) -> Result<(), String> {
        for (index, &input) in self.inputs.iter().enumerate().skip(from - 1) {
            let step = call(game.play(input), &format!("{what}: input {input}"))?;
            let seen = snapshot(&game, Some(step))?;
            if seen != self.history[index + 1] {
                return Err(format!(
                    "{what} played with the same inputs differs after input {} ({input})",
                    index + 1
                ));
            }
        }
        Ok(())
    }
}
